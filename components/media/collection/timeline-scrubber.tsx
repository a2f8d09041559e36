'use client';

import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatMonth } from '@/lib/media/media-dates';

/** A month of the timeline as the scrubber draws it: its `YYYY-MM` and how many photos it holds. */
export interface ScrubberMonth {
  month: string;
  count: number;
}

interface ScrubberProps {
  /** Newest first, as the timeline runs. */
  months: readonly ScrubberMonth[];
  /** The month in view. */
  current: string | undefined;
  onJump: (month: string) => void;
  /** Where the timeline starts in the viewport, px: the month buttons never stand beside the screen's header. */
  top: number;
}

const LABEL = 'Шкала времени';

/** The timeline's scrubber: month buttons at the right edge from 1024 px, a thumb to drag on a phone or tablet. */
export function TimelineScrubber(props: ScrubberProps) {
  return (
    <>
      <MonthButtons {...props} />
      <ScrubberThumb {...props} />
    </>
  );
}

/** The months at the right edge (Immich's scrubber): each as tall as its share of the photos, the years marked. */
function MonthButtons({ months, current, onJump, top }: ScrubberProps) {
  // From the timeline's top (the screen's header and toolbar stay clear of the year labels), then held under the top
  // bar, or under the selection bar while there is one (its «В корзину» sits at the right edge too).
  return (
    <nav
      aria-label={LABEL}
      className="fixed bottom-4 right-2 z-20 hidden w-10 flex-col [--scrubber-top:5rem] lg:flex [body:has([data-testid=selection-bar])_&]:[--scrubber-top:8.5rem]"
      style={{ top: `max(var(--scrubber-top), ${Math.round(top)}px)` }}
      data-testid="timeline-scrubber"
    >
      {months.map((slot, i) => {
        const year = slot.month.slice(0, 4);
        const newYear = i === 0 || months[i - 1]!.month.slice(0, 4) !== year;
        return (
          <button
            key={slot.month}
            type="button"
            aria-label={formatMonth(slot.month)}
            data-month={slot.month}
            title={formatMonth(slot.month)}
            aria-current={slot.month === current ? 'true' : undefined}
            onClick={() => onJump(slot.month)}
            className="group relative flex min-h-1 w-full items-start justify-end text-[0.6875rem] leading-none text-fg-muted hover:text-fg aria-[current=true]:text-accent-text"
            style={{ flexGrow: Math.max(1, slot.count) }}
          >
            {newYear ? <span className="absolute right-3 top-0 tabular-nums">{year}</span> : null}
            <span className="mt-0.5 h-px w-2 bg-current opacity-60 group-hover:w-3 group-hover:opacity-100 group-aria-[current=true]:w-3 group-aria-[current=true]:opacity-100" />
          </button>
        );
      })}
    </nav>
  );
}

/** Where each month starts along the track, as a share of it: each month as long as its share of the photos. */
export function monthStarts(months: readonly ScrubberMonth[]): number[] {
  const total = months.reduce((n, m) => n + Math.max(1, m.count), 0);
  let at = 0;
  return months.map((m) => {
    const start = at / total;
    at += Math.max(1, m.count);
    return start;
  });
}

/** The month at `share` (0 the top, 1 the bottom) of the track. */
export function monthAt(starts: readonly number[], share: number): number {
  let i = 0;
  while (i + 1 < starts.length && starts[i + 1]! <= share) i++;
  return i;
}

/**
 * Under 1024 px, where a month's button would be too small to hit: a thumb at the right edge, where the month in
 * view stands among all the photos. Dragged (anywhere along the edge), it names the month under the finger and
 * jumps there as it goes. To assistive technology and the keyboard it is a slider: the arrows and Page Up/Down
 * move a month, Home and End to the newest and the oldest.
 */
function ScrubberThumb({ months, current, onJump }: ScrubberProps) {
  const track = useRef<HTMLDivElement | null>(null);
  const starts = useMemo(() => monthStarts(months), [months]);
  // The month under the finger while it drags; otherwise the thumb follows the month in view.
  const [held, setHeld] = useState<number | null>(null);
  const inView = Math.max(
    0,
    months.findIndex((m) => m.month === current),
  );
  const index = held ?? inView;
  const month = months[index]?.month;

  /** Moves the thumb to month `i` and the timeline with it; `holding`: a finger drags it, and it stays where put. */
  const moveTo = (i: number, holding: boolean) => {
    const to = Math.min(months.length - 1, Math.max(0, i));
    if (holding) setHeld(to);
    if (to !== index && months[to]) onJump(months[to].month);
  };
  const under = (clientY: number) => {
    const rect = track.current!.getBoundingClientRect();
    return monthAt(starts, Math.min(0.9999, Math.max(0, (clientY - rect.top) / rect.height)));
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    moveTo(under(e.clientY), true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (held !== null) moveTo(under(e.clientY), true);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowDown: 1, PageDown: 1, ArrowRight: 1, ArrowUp: -1, PageUp: -1, ArrowLeft: -1 }[e.key];
    if (step !== undefined) moveTo(index + step, held !== null);
    else if (e.key === 'Home') moveTo(0, held !== null);
    else if (e.key === 'End') moveTo(months.length - 1, held !== null);
    else return;
    e.preventDefault();
  };

  return (
    <div
      ref={track}
      className="fixed right-0 top-28 bottom-4 z-20 w-11 touch-none select-none max-sm:bottom-[calc(5rem+env(safe-area-inset-bottom))] lg:hidden"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => setHeld(null)}
      onPointerCancel={() => setHeld(null)}
      data-testid="timeline-thumb-track"
    >
      <div
        role="slider"
        tabIndex={0}
        aria-label={LABEL}
        aria-orientation="vertical"
        aria-valuemin={0}
        aria-valuemax={months.length - 1}
        aria-valuenow={index}
        aria-valuetext={month ? formatMonth(month) : undefined}
        onKeyDown={onKeyDown}
        className="absolute right-1 flex h-11 w-9 items-center justify-center rounded-full border border-line bg-surface text-fg-muted shadow-float focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        style={{ top: `calc(${starts[index] ?? 0} * (100% - 2.75rem))` }}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.75">
          <path d="M4.5 6 8 2.5 11.5 6M4.5 10 8 13.5 11.5 10" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {held !== null && month ? (
          <span
            className="pointer-events-none absolute right-full mr-2 whitespace-nowrap rounded-full bg-inverse px-3 py-1.5 text-sm font-medium text-inverse-fg shadow-float"
            data-testid="timeline-thumb-month"
          >
            {formatMonth(month)}
          </span>
        ) : null}
      </div>
    </div>
  );
}
