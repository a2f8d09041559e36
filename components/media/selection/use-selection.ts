'use client';

import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { EMPTY_SELECTION, selectedInOrder, selectionReducer } from '@/lib/media/selection';

/** What a selectable item needs of its screen's selection: stable across renders, so memoised items stay put. */
export type SelectItem = (id: number, range: boolean) => void;

/**
 * One screen's selection (photos, video, audio alike): `order` is the ids in the order shown, for Shift-click
 * ranges; what leaves the screen leaves the selection. Esc leaves the selection (not while a dialog or a menu
 * has the key: that one closes first), and so does `clear`. `onLeave` runs after Esc, for the focus.
 */
export function useSelection(order: readonly number[], onLeave?: (lastId: number | null) => void) {
  const [state, dispatch] = useReducer(selectionReducer, EMPTY_SELECTION);
  const orderRef = useRef(order);
  useEffect(() => {
    orderRef.current = order;
    dispatch({ type: 'keep', shown: order });
  }, [order]);

  const select = useCallback<SelectItem>(
    (id, range) => dispatch(range ? { type: 'range', id, order: orderRef.current } : { type: 'toggle', id }),
    [],
  );
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);

  const selecting = state.ids.size > 0;
  const anchorRef = useRef(state.anchor);
  const leaveRef = useRef(onLeave);
  useEffect(() => {
    anchorRef.current = state.anchor;
    leaveRef.current = onLeave;
  });
  useEffect(() => {
    if (!selecting) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], dialog')) return;
      const last = anchorRef.current;
      dispatch({ type: 'clear' });
      leaveRef.current?.(last);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [selecting]);

  const ids = useMemo(() => selectedInOrder(order, state.ids), [order, state.ids]);
  return { selected: state.ids, ids, count: ids.length, selecting, anchor: state.anchor, select, clear };
}
