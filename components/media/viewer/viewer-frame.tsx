'use client';

import { Dialog as HeadlessDialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { CloseButton } from '@/components/ui/close-button';
import { useSnackbarLayer } from '@/hooks/use-snackbar';
import { stepIndex, viewerCounter } from '@/lib/media/lists/viewer-index';
import { ViewerIcon } from './viewer-icons';

export { ViewerIcon };
import { ViewerStage } from './viewer-stage';

/** The top bar's buttons: 44 px, on the black. */
export const VIEWER_BAR_BUTTON = 'h-11 w-11 pointer-coarse:h-11 pointer-coarse:w-11';

/** One line of «Сведения»: what, and its value. */
export type ViewerFact = readonly [string, string];

export interface ViewerFrameProps {
  /** The dialog's spoken name: «Просмотр фотографии». */
  label: string;
  /** The edge buttons' names: «Предыдущая фотография», «Следующая фотография». */
  previous: string;
  next: string;
  /** The item shown among how many (the counter, the neighbours). */
  index: number;
  count: number;
  /** To the neighbour `delta` away (the arrows, the edges, a swipe). */
  onStep: (delta: 1 | -1) => void;
  onClose: () => void;
  /** Something is open over the viewer (a dialog, a confirmation): the keys are its. */
  covered?: boolean;
  /** The item's key (the stage starts anew, unzoomed, for each) and its name as shown. */
  itemKey: string | number;
  name: string;
  /** Whose it is, when it is another account's (a partner's, a shared album's): after the counter. */
  owner?: string | null;
  zoomable: boolean;
  /** What fills the screen. */
  stage: ReactNode;
  /** The bar's buttons after the title (☆, share, «Сведения», delete, «⋯»…). */
  actions: ReactNode;
  /** «Сведения», when open: the panel's body under the item's name; null when closed. */
  info: ReactNode | null;
  onCloseInfo: () => void;
  /** The neighbours' pictures, fetched ahead so ← and → show them at once. */
  preload: readonly (string | null)[];
  /** Dialogs over the viewer (edit, share, confirmations). */
  children?: ReactNode;
}

/** Keys typed into a field, or given to a player, are theirs, not the viewer's. */
const keysBelongElsewhere = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(target.tagName));

/**
 * Esc with the focus on `focused` is the viewer's (whose root, the dialog element, is `root`): the focus is in the
 * viewer, on no field, and no menu or list box is open in it (Headless UI draws those inside the dialog; dialogs over
 * the viewer are drawn outside it).
 */
function escIsTheViewers(focused: Element, root: HTMLElement | null): boolean {
  if (!root?.contains(focused) || keysBelongElsewhere(focused)) return false;
  // An open menu or list box keeps Esc, even before the focus has moved into it.
  return focused.getAttribute('aria-expanded') !== 'true' && !root.querySelector('[role="menu"],[role="listbox"]');
}

/**
 * The focus is in a dialog drawn over the viewer that is leaving (Headless UI marks its panel `data-leave` from the
 * frame its closing starts, and the focus stays on its button for that frame): it takes no keys any more, so the
 * focus counts as nowhere.
 */
function inLeavingDialog(focused: Element, root: HTMLElement | null): boolean {
  const dialog = focused.closest('[role="dialog"],[role="alertdialog"]');
  return dialog !== null && dialog !== root && !root?.contains(dialog) && dialog.querySelector('[data-leave]') !== null;
}

/**
 * The full-screen viewer's frame (Immich's), the same for the owner's photos and videos and for a guest's
 * shared album: black, what it shows contained in the screen, the counter and the actions in a bar along the
 * top, previous and next at the edges (and ←/→, swipes), Esc or a swipe down to close, and «Сведения» sliding in
 * from the right (a sheet from the bottom on a phone). What the bar offers and the panel says is the caller's.
 */
export function ViewerFrame({
  label,
  previous,
  next,
  index,
  count,
  onStep,
  onClose,
  covered = false,
  itemKey,
  name,
  owner = null,
  zoomable,
  stage,
  actions,
  info,
  onCloseInfo,
  preload,
  children,
}: ViewerFrameProps) {
  // The viewer shows the snackbars itself (a deletion's «Отменить», reached by Tab; Ctrl+Z works in it).
  const [snackbarPlace, setSnackbarPlace] = useState<HTMLElement | null>(null);
  useSnackbarLayer(snackbarPlace);

  useEffect(() => {
    if (covered || count < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || keysBelongElsewhere(e.target)) return;
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        onStep(e.key === 'ArrowLeft' ? -1 : 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [covered, count, onStep]);

  // Esc closes the viewer whatever of it holds the focus, and while the focus is nowhere (or in a dialog that is
  // leaving), as right after «Удалить» is confirmed: the confirmation is still leaving then, and HeadlessUI keeps
  // Esc for it (the top dialog) until it has gone — also for a moment after the focus came back to the viewer's
  // «Удалить» — so a quick Esc was lost and the viewer stayed open. Taken first (capture); a menu, a field or a dialog
  // over the viewer keeps its own.
  // Listened to from the viewer's first commit to its last, reading what the latest render said (an effect event:
  // whether something covers it, how to close): a listener put back after each change left a moment without one.
  const onEscape = useEffectEvent((e: KeyboardEvent) => {
    if (covered || e.key !== 'Escape' || e.defaultPrevented) return;
    const focused = document.activeElement;
    const nowhere = focused === null || focused === document.body || inLeavingDialog(focused, snackbarPlace);
    if (!nowhere && !escIsTheViewers(focused, snackbarPlace)) return;
    e.preventDefault();
    e.stopPropagation();
    onClose();
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => onEscape(e);
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  // Warm the cache with the neighbours, so ← and → show them at once.
  const ahead = preload.filter((url): url is string => !!url).join('\n');
  useEffect(() => {
    for (const url of ahead ? ahead.split('\n') : []) new Image().src = url;
  }, [ahead]);

  const edgeButton =
    'absolute top-1/2 z-10 hidden -translate-y-1/2 rounded-full bg-black/40 text-white hover:bg-black/60 sm:inline-flex h-12 w-12 items-center justify-center';
  return (
    <HeadlessDialog open onClose={onClose} className="fixed inset-0 z-50" ref={setSnackbarPlace} data-snackbar-layer="">
      <DialogPanel
        transition
        className="fixed inset-0 flex bg-black text-white transition-opacity duration-200 ease-standard data-closed:opacity-0"
        data-testid="media-viewer"
      >
        <DialogTitle className="sr-only">{label}</DialogTitle>
        <div className="relative min-w-0 flex-1">
          <ViewerStage key={itemKey} zoomable={zoomable} onStep={count > 1 ? onStep : undefined} onDismiss={onClose}>
            {stage}
          </ViewerStage>

          <div className="absolute inset-x-0 top-0 z-10 flex items-center gap-0.5 bg-gradient-to-b from-black/75 to-transparent px-1 pb-6 pt-1 sm:gap-1 sm:px-3 sm:pt-2">
            <CloseButton label="Закрыть" tone="media" onClick={onClose} className={VIEWER_BAR_BUTTON} />
            <div className="min-w-0 flex-1 px-1">
              <p className="hidden truncate text-sm font-semibold sm:block" data-testid="viewer-title">
                {name}
              </p>
              <p className="truncate text-xs tabular-nums text-white/85" aria-live="polite" data-testid="viewer-counter">
                {viewerCounter(index, count)}
                {owner ? <span data-testid="viewer-owner"> · {owner}</span> : null}
              </p>
            </div>
            {actions}
          </div>

          {count > 1 ? (
            <>
              <button type="button" className={`${edgeButton} left-3`} aria-label={previous} onClick={() => onStep(-1)}>
                <ViewerIcon name="left" className="h-6 w-6" />
              </button>
              <button type="button" className={`${edgeButton} right-3`} aria-label={next} onClick={() => onStep(1)}>
                <ViewerIcon name="right" className="h-6 w-6" />
              </button>
            </>
          ) : null}
        </div>

        {info ? (
          <aside
            aria-label="Сведения"
            data-testid="viewer-info"
            className="absolute inset-x-0 bottom-0 z-20 max-h-[60%] overflow-y-auto rounded-t-2xl border-t border-line bg-surface p-5 text-fg shadow-float md:static md:max-h-none md:w-[22.5rem] md:shrink-0 md:rounded-none md:border-l md:border-t-0 md:shadow-none"
          >
            <div className="flex items-start justify-between gap-2">
              <h2 className="min-w-0 break-words pt-1.5 text-lg font-semibold">{name}</h2>
              <CloseButton label="Скрыть сведения" onClick={onCloseInfo} className="-mr-2" />
            </div>
            {info}
          </aside>
        ) : null}
        {children}
      </DialogPanel>
    </HeadlessDialog>
  );
}

/** The neighbours of `index` among `count` (the previous and the next, going round). */
export function neighbours(index: number, count: number): number[] {
  return count < 2 ? [] : [...new Set([stepIndex(index, 1, count), stepIndex(index, -1, count)])];
}

/** «Сведения»'s lines: the description (or «Нет описания»), then each fact as a term and its value. */
export function ViewerFacts({ description, facts }: { description: string; facts: readonly ViewerFact[] }) {
  return (
    <>
      {description ? (
        <p className="mt-2 whitespace-pre-wrap break-words text-sm">{description}</p>
      ) : (
        <p className="mt-2 text-sm text-fg-muted">Нет описания</p>
      )}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-fg-muted">{term}</dt>
            <dd className="min-w-0 break-words tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
