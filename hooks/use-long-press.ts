'use client';

import { useCallback, useEffect, useMemo, useRef, type MouseEvent, type PointerEvent } from 'react';

/** How long a finger rests on an item before it is selected, and how far it may wander meanwhile. */
export const LONG_PRESS_MS = 500;
const SLOP_PX = 10;

/**
 * A long press by touch (a finger held ~500 ms without moving away): runs `onLongPress` and swallows the
 * click and the context menu that follow, so the item is selected rather than opened. Mouse and pen are left
 * alone (they have hover and the check mark).
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const callback = useRef(onLongPress);
  useEffect(() => {
    callback.current = onLongPress;
  });
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  return useMemo(
    () => ({
      onPointerDown: (e: PointerEvent) => {
        if (e.pointerType !== 'touch') return;
        cancel();
        fired.current = false;
        start.current = { x: e.clientX, y: e.clientY };
        timer.current = setTimeout(() => {
          timer.current = null;
          fired.current = true;
          callback.current();
        }, LONG_PRESS_MS);
      },
      onPointerMove: (e: PointerEvent) => {
        const from = start.current;
        if (from && Math.hypot(e.clientX - from.x, e.clientY - from.y) > SLOP_PX) cancel();
      },
      onPointerUp: cancel,
      onPointerCancel: cancel,
      onClickCapture: (e: MouseEvent) => {
        if (!fired.current) return;
        fired.current = false;
        e.preventDefault();
        e.stopPropagation();
      },
      onContextMenu: (e: MouseEvent) => {
        if (timer.current || fired.current) e.preventDefault();
      },
    }),
    [cancel],
  );
}
