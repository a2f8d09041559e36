'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { indexAfterChange } from '@/lib/media/lists/viewer-index';

/**
 * The item a screen shows full-size, followed by id so that a refetch keeps it, and a deletion moves it to the
 * neighbour now at its place (or closes it when nothing is left, with `closeOnGone` at once). When it closes,
 * the focus goes back to the item's own control (`[data-item-id]`), after the dialog's own focus restore.
 */
export function useOpenedItem<T extends { id: number }>(items: readonly T[], { closeOnGone = false }: { closeOnGone?: boolean } = {}) {
  const [opened, setOpened] = useState<{ id: number; index: number } | null>(null);
  const index = opened ? indexAfterChange(items, opened.id, opened.index) : -1;
  const stillThere = opened !== null && items[index]?.id === opened.id;
  const lastId = useRef<number | null>(null);

  useEffect(() => {
    if (!opened) return;
    if (index < 0 || (closeOnGone && !stillThere)) {
      setOpened(null);
      return;
    }
    const current = items[index]!;
    lastId.current = current.id;
    if (current.id !== opened.id || index !== opened.index) setOpened({ id: current.id, index });
  }, [opened, index, items, closeOnGone, stillThere]);

  useEffect(() => {
    if (opened || lastId.current === null) return;
    const id = lastId.current;
    lastId.current = null;
    const t = setTimeout(() => document.querySelector<HTMLElement>(`[data-item-id="${id}"]`)?.focus(), 0);
    return () => clearTimeout(t);
  }, [opened]);

  const open = useCallback(
    (id: number) => {
      const at = items.findIndex((i) => i.id === id);
      if (at >= 0) setOpened({ id, index: at });
    },
    [items],
  );
  const close = useCallback(() => setOpened(null), []);

  return { id: opened && index >= 0 ? items[index]!.id : null, open, close };
}
