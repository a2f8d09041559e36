'use client';

import { useGesture } from '@use-gesture/react';
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';

/** How far the picture can be zoomed in (pinch, Ctrl + wheel) and where a double click takes it. */
const MAX_SCALE = 5;
const DOUBLE_CLICK_SCALE = 2.5;
/** A swipe sideways of this many pixels (or a quick flick) goes to the neighbour; one down this far closes. */
const SWIPE_STEP = 60;
const SWIPE_CLOSE = 110;
/** On a video the native controls take the bottom strip: a drag that starts there is theirs. */
const CONTROLS_STRIP = 80;

interface Zoom {
  s: number;
  x: number;
  y: number;
}
const AT_REST: Zoom = { s: 1, x: 0, y: 0 };

export interface ViewerStageProps {
  /** Pinch, Ctrl + wheel and double click zoom; a drag then moves the zoomed picture. */
  zoomable: boolean;
  /** A swipe sideways: +1 the next item, −1 the previous; none when there is nothing to go to. */
  onStep?: (delta: 1 | -1) => void;
  /** A swipe down. */
  onDismiss: () => void;
  children: ReactNode;
}

/**
 * The black stage of the full-screen viewer: what it shows is contained in the screen. Touch and mouse: swipe
 * sideways to the neighbours and down to close; on a zoomable picture pinch and double click zoom, and a drag
 * pans while zoomed. Render it keyed by the item, so each item starts unzoomed.
 */
export function ViewerStage({ zoomable, onStep, onDismiss, children }: ViewerStageProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState<Zoom>(AT_REST);
  const [swipe, setSwipe] = useState({ x: 0, y: 0, active: false });
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;
  const skipDrag = useRef(false);

  const zoomTo = (s: number, x = zoomRef.current.x, y = zoomRef.current.y) => {
    const scale = Math.min(MAX_SCALE, Math.max(1, s));
    setZoom(scale === 1 ? AT_REST : { s: scale, x, y });
  };

  useGesture(
    {
      onDrag: ({ first, last, tap, pinching, cancel, movement: [mx, my], offset: [ox, oy], swipe: [sx, sy], initial, event }) => {
        if (pinching) return cancel();
        if (first) {
          const el = ref.current;
          const target = event.target;
          // A drag on a video's controls (the seek bar) is the controls'.
          skipDrag.current =
            !zoomable && !!el && target instanceof HTMLVideoElement && el.getBoundingClientRect().bottom - initial[1] < CONTROLS_STRIP;
        }
        if (skipDrag.current || tap) return;
        if (zoomRef.current.s > 1) {
          setZoom((z) => ({ ...z, x: ox, y: oy }));
          return;
        }
        if (!last) {
          setSwipe({ x: mx, y: Math.max(0, my), active: true });
          return;
        }
        setSwipe({ x: 0, y: 0, active: false });
        const sideways = Math.abs(mx) > Math.abs(my);
        if (sideways && onStep && (Math.abs(mx) > SWIPE_STEP || sx !== 0)) onStep(mx < 0 ? 1 : -1);
        else if (!sideways && (my > SWIPE_CLOSE || sy > 0)) onDismiss();
      },
      onPinch: ({ offset: [s] }) => {
        if (zoomable) zoomTo(s);
      },
    },
    {
      target: ref,
      eventOptions: { passive: false },
      drag: { filterTaps: true, from: () => [zoomRef.current.x, zoomRef.current.y] },
      pinch: { enabled: zoomable, scaleBounds: { min: 1, max: MAX_SCALE }, from: () => [zoomRef.current.s, 0] },
    },
  );

  const onDoubleClick = (e: MouseEvent<HTMLDivElement>) => {
    if (!zoomable || !ref.current) return;
    if (zoomRef.current.s > 1) return zoomTo(1);
    // Zoom in on the point clicked: it stays under the pointer.
    const rect = ref.current.getBoundingClientRect();
    const px = e.clientX - (rect.left + rect.width / 2);
    const py = e.clientY - (rect.top + rect.height / 2);
    zoomTo(DOUBLE_CLICK_SCALE, px * (1 - DOUBLE_CLICK_SCALE), py * (1 - DOUBLE_CLICK_SCALE));
  };

  const moving = swipe.active;
  return (
    <div
      ref={ref}
      className="absolute inset-0 touch-none select-none overflow-hidden"
      onDoubleClick={onDoubleClick}
      data-testid="viewer-stage"
      data-zoom={zoom.s.toFixed(2)}
      style={{ opacity: moving ? Math.max(0.4, 1 - swipe.y / 400) : 1 }}
    >
      <div
        className={`flex h-full w-full items-center justify-center ${moving ? '' : 'transition-transform duration-200 ease-standard'}`}
        style={{ transform: `translate3d(${zoom.x + swipe.x}px, ${zoom.y + swipe.y}px, 0) scale(${zoom.s})` }}
      >
        {children}
      </div>
    </div>
  );
}
