/** The skip buttons move this many seconds back or forward. */
export const SKIP_BUTTON_S = 15;
/** The ← and → keys move this many seconds back or forward. */
export const SKIP_KEY_S = 5;

export type PlaybackKeyAction = { kind: 'toggle' } | { kind: 'skip'; seconds: number };

export interface PlaybackKey {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

/** Elements that answer Space or the arrow keys themselves (buttons, fields, menus, native players). */
const OWN_KEYS =
  'button, a[href], input, select, textarea, summary, [contenteditable]:not([contenteditable="false"]), audio[controls], video[controls], ' +
  '[role="button"], [role="link"], [role="slider"], [role="textbox"], [role="combobox"], [role="listbox"], [role="menu"], [role="dialog"]';

/** Whether `target`, or anything between it and `player`, takes Space and the arrows for itself. */
function handlesKeysItself(target: Element, player: Element): boolean {
  for (let el: Element | null = target; el && el !== player; el = el.parentElement) {
    if (el.matches(OWN_KEYS)) return true;
  }
  return false;
}

/**
 * What a key pressed inside a player does: Space plays or pauses, ← and → skip 5 s. Only a key
 * aimed at the player itself (or at its non-interactive parts, such as the waveform) counts:
 * a button, field, menu or dialog keeps its own Space and arrows, and a key with Ctrl, Alt, Meta or
 * Shift is left to the browser.
 */
export function playbackKeyAction(event: PlaybackKey, target: Element | null, player: Element): PlaybackKeyAction | null {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return null;
  if (target && target !== player && handlesKeysItself(target, player)) return null;
  switch (event.key) {
    case ' ':
      return { kind: 'toggle' };
    case 'ArrowLeft':
      return { kind: 'skip', seconds: -SKIP_KEY_S };
    case 'ArrowRight':
      return { kind: 'skip', seconds: SKIP_KEY_S };
    default:
      return null;
  }
}

/** The time `seconds` away from `current`, kept within 0 and the duration (when the duration is known). */
export function skipTarget(current: number, seconds: number, duration: number | null | undefined): number {
  const next = Math.max(0, (Number.isFinite(current) ? current : 0) + seconds);
  return typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? Math.min(next, duration) : next;
}
