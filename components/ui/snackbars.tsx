'use client';

import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { dismissSnackbarAtom, SNACKBAR_ACTION_TIMEOUT_MS, SNACKBAR_TIMEOUT_MS, type Snackbar } from '@/hooks/use-snackbar';
import { CloseButton } from './close-button';
import { SolidIcon } from './solid-icon';

/** The toast's icon colours, light enough on the inverse background of either theme. */
const ICON_CLASS = {
  success: 'h-5 w-5 shrink-0 text-[#6fd19b] dark:text-[#146c43]',
  error: 'h-5 w-5 shrink-0 text-[#ff8a80] dark:text-[#b3261e]',
} as const;

/** Where the focus was before it came into each snackbar (by id): it goes back there when the snackbar goes. */
const cameFromById = new Map<number, HTMLElement>();

/** The focus back to `el` when it is still on the page, else to the page's own heading (`main h1[tabindex="-1"]`). */
function focusBack(el: HTMLElement | null) {
  if (document.activeElement && document.activeElement !== document.body) return;
  const target = el?.isConnected ? el : document.querySelector<HTMLElement>('main h1[tabindex="-1"]');
  target?.focus();
}

/**
 * One snackbar (a toast: the page's inverse colours, an icon for success or error): it closes after 5 s (20 s with an action), counted again from when the pointer leaves it or the focus moves
 * out of it, so whoever is reaching for its button (by mouse or keyboard) gets there in time.
 */
function SnackbarItem({ item }: { item: Snackbar }) {
  const dismiss = useSetAtom(dismissSnackbarAtom);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  // Where the focus was before it came into the snackbar: it goes back there when the snackbar goes (its buttons
  // go with it), or, when that is gone too (the deleted item's row), to the page's heading — never to <body>.
  const cameFrom = useRef<HTMLElement | null>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const close = () => {
    const inside = rootRef.current?.contains(document.activeElement) ?? false;
    dismiss(item.id);
    if (inside) requestAnimationFrame(() => focusBack(cameFrom.current));
  };
  useEffect(() => () => void cameFromById.delete(item.id), [item.id]);
  useEffect(() => {
    if (held) return;
    const t = setTimeout(() => dismiss(item.id), item.action ? SNACKBAR_ACTION_TIMEOUT_MS : SNACKBAR_TIMEOUT_MS);
    return () => clearTimeout(t);
  }, [dismiss, item.id, item.action, held]);
  const action = item.action;
  return (
    <div
      role={item.kind === 'error' ? 'alert' : 'status'}
      className="pointer-events-auto flex items-center gap-3 rounded-xl bg-inverse py-2 pl-4 pr-2 text-inverse-fg shadow-float"
      ref={rootRef}
      data-testid={`snackbar-${item.kind}`}
      data-snackbar-id={item.id}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget) && e.relatedTarget instanceof HTMLElement) {
          cameFrom.current = e.relatedTarget;
          cameFromById.set(item.id, e.relatedTarget);
        }
        setFocused(true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <SolidIcon name={item.kind} className={ICON_CLASS[item.kind]} />
      <p className="flex-1 py-1 text-sm break-words">{item.message}</p>
      {/* Said with the message, so the shortcut is known without reaching the button. */}
      {action ? <span className="sr-only">{`${action.label}: Ctrl+Z.`}</span> : null}
      {action ? (
        <button
          type="button"
          className="rounded-lg px-3 py-2 text-sm font-semibold text-inverse-accent hover:bg-inverse-fg/10"
          aria-keyshortcuts="Control+Z Meta+Z"
          title={`${action.label} (Ctrl+Z)`}
          onClick={() => {
            close();
            action.onAction();
          }}
        >
          {action.label}
        </button>
      ) : null}
      <CloseButton label="Закрыть уведомление" tone="inverse" onClick={close} />
    </div>
  );
}

/** Whether a key press is the undo shortcut: Ctrl+Z, or ⌘Z on a Mac (by the key's place, so a Russian layout's «Я» counts). */
const isUndoKey = (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.code === 'KeyZ' || e.key.toLowerCase() === 'z');

/**
 * Where a key press keeps Ctrl+Z for itself: a field's own undo of typing, and an open dialog's business — except a
 * modal that shows the snackbars itself (the viewer, `data-snackbar-layer`), where Ctrl+Z undoes what was done in it.
 */
const keepsUndo = (target: EventTarget | null) =>
  target instanceof Element &&
  !!target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="dialog"]:not([data-snackbar-layer])');

/**
 * The snackbars shown (snackbar-host.tsx brings this code with the first of them); every snackbar announces itself (status / alert live regions). While one with an
 * action («Отменить») is shown, Ctrl+Z (⌘Z) runs the newest one's action from wherever the focus is (WCAG 2.2.1:
 * the undo is one key away, and the focus is not pulled into the snackbar to get there) — as in a file manager
 * after a move to the trash. A field keeps Ctrl+Z for its own text.
 */
export function Snackbars({ items }: { items: readonly Snackbar[] }) {
  const dismiss = useSetAtom(dismissSnackbarAtom);
  const undoable = items.findLast((s) => s.action);
  useEffect(() => {
    if (!undoable?.action) return;
    const { id, action } = { id: undoable.id, action: undoable.action };
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isUndoKey(e) || keepsUndo(e.target)) return;
      e.preventDefault();
      // Pressed in the snackbar itself: its buttons go with it, and the focus goes back where it came from.
      const inside = e.target instanceof Element && !!e.target.closest(`[data-snackbar-id="${id}"]`);
      const back = cameFromById.get(id) ?? null;
      dismiss(id);
      action.onAction();
      if (inside) requestAnimationFrame(() => focusBack(back));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [undoable, dismiss]);
  return (
    <>
      {items.map((item) => (
        <SnackbarItem key={item.id} item={item} />
      ))}
    </>
  );
}
