'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import type { Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import { Button } from '@/components/ui/button';
import { trimPartError, type TrimPart } from '@/lib/media/playback/trim-part';

export interface TrimPanelProps {
  /** The player's waveform: the handles are drawn on it, the selection played through it. */
  wavesurfer: WaveSurfer;
  /** Seconds. */
  duration: number;
  /** Sends the part to keep; rejects with the message to show. */
  onSave: (part: TrimPart) => Promise<void>;
  saving: boolean;
  /** Closes the panel (after «Отмена», Escape or a save). */
  onClose: () => void;
}

const round = (seconds: number) => Math.round(seconds * 10) / 10;

/** Seconds as Russian writes them: a decimal comma, «5,5». */
export const formatSeconds = (seconds: number) => String(round(seconds)).replace('.', ',');

/** What was typed, read with a comma or a dot («5,5», «5.5»); NaN when it is no number. */
export const parseSeconds = (text: string) => {
  const t = text.trim().replace(',', '.');
  return t !== '' && /^\d*\.?\d*$/.test(t) ? Number(t) : NaN;
};

/**
 * One end of the part, typed in seconds to a tenth, with the Russian decimal comma (a number field would show the
 * browser's dot). ↑/↓ step a tenth (with Shift, a second), as a number field does. What is typed stays as typed
 * while it is being typed («5,»); the handle follows each complete number.
 */
function SecondsField({
  ref,
  id,
  label,
  max,
  value,
  onChange,
}: {
  ref?: Ref<HTMLInputElement>;
  id: string;
  label: string;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  const [text, setText] = useState(() => formatSeconds(value));
  // The handle moved (or the other field changed this one): the text shows the new value, unless it already reads it.
  const [shown, setShown] = useState(value);
  if (shown !== value && !(Number.isNaN(value) && Number.isNaN(shown))) {
    setShown(value);
    if (parseSeconds(text) !== value) setText(Number.isFinite(value) ? formatSeconds(value) : text);
  }
  const step = (by: number) => {
    const next = round(Math.min(max, Math.max(0, (Number.isFinite(value) ? value : 0) + by)));
    setText(formatSeconds(next));
    onChange(next);
  };
  return (
    <label className="flex flex-col gap-1 text-xs text-fg-muted" htmlFor={id}>
      {label}
      <input
        ref={ref}
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(parseSeconds(e.target.value));
        }}
        onBlur={() => {
          if (Number.isFinite(value)) setText(formatSeconds(value));
        }}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
          e.preventDefault();
          step((e.key === 'ArrowUp' ? 1 : -1) * (e.shiftKey ? 1 : 0.1));
        }}
        className="min-h-10 w-24 rounded-md border border-line-strong bg-surface px-2 py-1 text-sm tabular-nums text-fg touch:min-h-11"
      />
    </label>
  );
}

/**
 * The handles' look: a 44 px strip to hold, centred on the part's edge, with a thick bar in the trim colour just inside
 * the part (the waveform's frame clips what lies outside it, at the recording's very start and end).
 */
function dressHandle(handle: HTMLElement | null, side: 'left' | 'right') {
  if (!handle) return;
  Object.assign(handle.style, {
    width: `${HANDLE_HIT_PX}px`,
    [side]: `-${HANDLE_HIT_PX / 2}px`,
    border: 'none',
    borderRadius: '0',
    display: 'flex',
    justifyContent: side === 'left' ? 'flex-start' : 'flex-end',
    [side === 'left' ? 'paddingLeft' : 'paddingRight']: `${HANDLE_HIT_PX / 2}px`,
    boxSizing: 'border-box',
    touchAction: 'none',
  });
  handle.dataset.trimHandle = side;
  const bar = document.createElement('span');
  Object.assign(bar.style, {
    width: '6px',
    height: '100%',
    borderRadius: '3px',
    background: 'var(--trim)',
    boxShadow: '0 0 0 1px var(--trim-edge)',
  });
  handle.appendChild(bar);
}

/** A finger's width (face.md: 44 px targets): the handles take that much, half each side of their edge. */
export const HANDLE_HIT_PX = 44;

/**
 * «Обрезать»: two handles on the waveform (wavesurfer's regions plugin, loaded only when the panel
 * opens) and the same two times as fields, kept in step; «Прослушать» plays the selection.
 */
export function TrimPanel({ wavesurfer, duration, onSave, saving, onClose }: TrimPanelProps) {
  const [start, setStart] = useState(0);
  const [end, setEnd] = useState(round(duration));
  const [error, setError] = useState<string | null>(null);
  const regionRef = useRef<Region | null>(null);
  const startRef = useRef<HTMLInputElement | null>(null);
  const id = useId();

  useEffect(() => {
    let cancelled = false;
    let unregister = () => {};
    void import('wavesurfer.js/dist/plugins/regions.esm.js').then(({ default: RegionsPlugin }) => {
      if (cancelled) return;
      const regions = wavesurfer.registerPlugin(RegionsPlugin.create());
      unregister = () => wavesurfer.unregisterPlugin(regions);
      const region = regions.addRegion({
        start: 0,
        end: duration,
        // A faint wash of the trim colour (app/globals.css), light enough that the waveform shows through in either
        // theme; the part kept is framed by the handles and a line above and below, as Voice Memos frames it.
        color: 'var(--trim-wash)',
        drag: false,
        resize: true,
        minLength: 1,
      });
      regionRef.current = region;
      const frame = region.element;
      if (frame) {
        Object.assign(frame.style, { borderTop: '2px solid var(--trim)', borderBottom: '2px solid var(--trim)', borderRadius: '0' });
        dressHandle(frame.querySelector<HTMLElement>('[part~="region-handle-left"]'), 'left');
        dressHandle(frame.querySelector<HTMLElement>('[part~="region-handle-right"]'), 'right');
      }
      region.on('update-end', () => {
        setStart(round(region.start));
        setEnd(round(region.end));
      });
    });
    startRef.current?.focus();
    return () => {
      cancelled = true;
      regionRef.current = null;
      unregister();
    };
  }, [wavesurfer, duration]);

  const problem = trimPartError({ start, end }, duration);

  /** A field changed: the handle follows. */
  const moveTo = (part: TrimPart) => {
    setStart(part.start);
    setEnd(part.end);
    setError(null);
    if (trimPartError(part, duration) === null) regionRef.current?.setOptions({ start: part.start, end: part.end });
  };

  const save = async () => {
    if (problem || saving) return;
    try {
      await onSave({ start, end });
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || saving) return;
    e.preventDefault();
    e.stopPropagation();
    onClose();
  };

  return (
    <div
      role="group"
      aria-label="Обрезка записи"
      className="flex flex-col gap-2 rounded-md bg-surface-2 p-3"
      onKeyDown={onKeyDown}
      data-testid="trim-panel"
    >
      <p className="text-xs text-fg-muted">Передвиньте ручки на волне или введите время: останется выделенный отрезок.</p>
      <div className="flex flex-wrap items-end gap-3">
        <SecondsField
          ref={startRef}
          id={`${id}-start`}
          label="Начало, с"
          max={round(duration)}
          value={start}
          onChange={(value) => moveTo({ start: value, end })}
        />
        <SecondsField
          id={`${id}-end`}
          label="Конец, с"
          max={round(duration)}
          value={end}
          onChange={(value) => moveTo({ start, end: value })}
        />
        <Button variant="secondary" onClick={() => regionRef.current?.play(true)} disabled={!!problem}>
          Прослушать
        </Button>
      </div>
      {problem || error ? (
        <p className="text-sm text-danger-text" role="alert">
          {error ?? problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void save()} disabled={!!problem} loading={saving}>
          Сохранить
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Отмена
        </Button>
      </div>
    </div>
  );
}
