'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { indexAfterChange } from '@/lib/media/lists/viewer-index';

/**
 * The item a screen shows full-size, followed by id so that a refetch keeps it, and a deletion moves it to the
 * neighbour now at its place (or closes it when nothing is left, with `closeOnGone` at once). When it closes,
 * the focus goes back to the item's own control (`[data-item-id]`), after the dialog's own focus restore. Closed
 * before the list has caught up with a deletion in the viewer (Esc at once after «Удалить»), the focus lands on the
 * deleted item, which then goes: the focus, left on the page's body, moves to the item now at its place.
 */
export function useOpenedItem<T extends { id: number }>(items: readonly T[], { closeOnGone = false }: { closeOnGone?: boolean } = {}) {
  const [opened, setOpened] = useState<{ id: number; index: number } | null>(null);
  const index = opened ? indexAfterChange(items, opened.id, opened.index) : -1;
  const stillThere = opened !== null && items[index]?.id === opened.id;
  const lastId = useRef<number | null>(null);
  /** The item the focus went back to on closing, and its place, until the viewer opens again. */
  const returned = useRef<{ id: number; index: number } | null>(null);

  useEffect(() => {
    if (!opened) return;
    // Each change only if the viewer still shows what this render saw: an Esc that closed it meanwhile (its update
    // queued before this effect runs, as right after a deletion in the viewer) must not be undone by reopening it.
    const unlessClosed = (next: { id: number; index: number } | null) =>
      setOpened((now) => (now !== null && now.id === opened.id && now.index === opened.index ? next : now));
    if (index < 0 || (closeOnGone && !stillThere)) {
      unlessClosed(null);
      return;
    }
    const current = items[index]!;
    lastId.current = current.id;
    if (current.id !== opened.id || index !== opened.index) unlessClosed({ id: current.id, index });
  }, [opened, index, items, closeOnGone, stillThere]);

  useEffect(() => {
    if (opened || lastId.current === null) return;
    const id = lastId.current;
    lastId.current = null;
    const at = items.findIndex((i) => i.id === id);
    returned.current = at >= 0 ? { id, index: at } : null;
    const t = setTimeout(() => document.querySelector<HTMLElement>(`[data-item-id="${id}"]`)?.focus(), 0);
    return () => clearTimeout(t);
    // Only on closing: the list changing under a closed viewer is the effect below's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  // The item the focus went back to has gone from the list since (a deletion the list had not shown yet): the
  // neighbour at its place takes the focus, unless the focus has moved on to something else.
  useEffect(() => {
    const back = returned.current;
    if (opened || !back || items.some((i) => i.id === back.id)) return;
    returned.current = null;
    const neighbour = items[Math.min(back.index, items.length - 1)];
    if (!neighbour) return;
    // After the commit that drew the list without it (not cancelled by a later one: it asks the page, not the render).
    setTimeout(() => {
      const focused = document.activeElement;
      if (focused !== null && focused !== document.body) return;
      document.querySelector<HTMLElement>(`[data-item-id="${neighbour.id}"]`)?.focus();
    }, 0);
  }, [items, opened]);

  const open = useCallback(
    (id: number) => {
      const at = items.findIndex((i) => i.id === id);
      if (at < 0) return;
      returned.current = null;
      setOpened({ id, index: at });
    },
    [items],
  );
  const close = useCallback(() => setOpened(null), []);

  return { id: opened && index >= 0 ? items[index]!.id : null, open, close };
}
