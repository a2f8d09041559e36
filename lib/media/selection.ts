/**
 * What is selected on a media screen, as plain data: the chosen ids and the anchor of the next Shift-click
 * (the item last clicked). A click toggles one item and moves the anchor there; a Shift-click adds every
 * item from the anchor to the one clicked, in the order the screen shows them (either direction), and
 * moves the anchor too. With no anchor on screen (none yet, or it left the list), a Shift-click is a click.
 */
export interface Selection {
  readonly ids: ReadonlySet<number>;
  readonly anchor: number | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

export type SelectionAction =
  | { type: 'toggle'; id: number }
  | { type: 'range'; id: number; order: readonly number[] }
  | { type: 'clear' }
  /** The screen's items changed (deleted, filtered away): what is no longer shown is no longer selected. */
  | { type: 'keep'; shown: readonly number[] };

export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'toggle': {
      const ids = new Set(state.ids);
      if (ids.has(action.id)) ids.delete(action.id);
      else ids.add(action.id);
      return { ids, anchor: action.id };
    }
    case 'range': {
      const range = rangeBetween(action.order, state.anchor, action.id);
      if (!range) return selectionReducer(state, { type: 'toggle', id: action.id });
      return { ids: new Set([...state.ids, ...range]), anchor: action.id };
    }
    case 'clear':
      return state.ids.size || state.anchor !== null ? EMPTY_SELECTION : state;
    case 'keep': {
      const shown = new Set(action.shown);
      const kept = [...state.ids].filter((id) => shown.has(id));
      const anchor = state.anchor !== null && shown.has(state.anchor) ? state.anchor : null;
      if (kept.length === state.ids.size && anchor === state.anchor) return state;
      return { ids: new Set(kept), anchor };
    }
  }
}

/** The ids from `from` to `to` (both included) in the screen's order, or null when either is not shown. */
export function rangeBetween(order: readonly number[], from: number | null, to: number): number[] | null {
  if (from === null) return null;
  const a = order.indexOf(from);
  const b = order.indexOf(to);
  if (a < 0 || b < 0) return null;
  return order.slice(Math.min(a, b), Math.max(a, b) + 1);
}

/** The selected ids in the screen's order (what the actions send, and what «Отменить» brings back). */
export function selectedInOrder(order: readonly number[], ids: ReadonlySet<number>): number[] {
  return order.filter((id) => ids.has(id));
}
