'use client';

import { useMemo, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { useLongPress } from '@/hooks/use-long-press';
import type { SelectItem } from './use-selection';

export interface SelectableItem {
  /** Whether the screen is selecting (something is selected): a click then selects rather than opens. */
  selecting?: boolean;
  /** The screen's selection; none: the item is not selectable here (an album's page). */
  onSelect?: SelectItem;
}

/** The handlers for the item's main control (those of a long press only where the screen selects). */
export interface SelectablePress {
  onClick: (e: MouseEvent) => void;
  onMouseDown?: (e: MouseEvent) => void;
  onKeyDown?: (e: KeyboardEvent) => void;
  onKeyUp?: (e: KeyboardEvent) => void;
  onPointerDown?: (e: PointerEvent) => void;
  onPointerMove?: (e: PointerEvent) => void;
  onPointerUp?: () => void;
  onPointerCancel?: () => void;
  onClickCapture?: (e: MouseEvent) => void;
  onContextMenu?: (e: MouseEvent) => void;
}

/**
 * What an item's main control (a tile, a row's head) does once its screen can select: while selecting, a
 * click toggles the item and a Shift-click selects the range up to it; a Shift-click starts a selection too;
 * Space toggles the focused item; a long press by touch selects it. Otherwise `open` runs, as before.
 */
export function useSelectableItem(id: number, { selecting = false, onSelect }: SelectableItem, open: () => void): SelectablePress {
  const longPress = useLongPress(() => onSelect?.(id, false));
  return useMemo((): SelectablePress => {
    if (!onSelect) return { onClick: open };
    return {
      ...longPress,
      // A Shift-click would also stretch the page's text selection from the last click: not here.
      onMouseDown: (e: MouseEvent) => {
        if (e.shiftKey) e.preventDefault();
      },
      onClick: (e: MouseEvent) => {
        if (selecting || e.shiftKey) {
          e.preventDefault();
          onSelect(id, e.shiftKey);
        } else open();
      },
      onKeyDown: (e: KeyboardEvent) => {
        if (e.key !== ' ' || e.repeat) return;
        e.preventDefault();
        onSelect(id, e.shiftKey);
      },
      // The button's own Space press would open the item on release.
      onKeyUp: (e: KeyboardEvent) => {
        if (e.key === ' ') e.preventDefault();
      },
    };
  }, [id, selecting, onSelect, open, longPress]);
}
