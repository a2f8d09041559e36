'use client';

import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CloseButton } from './close-button';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Maximum width in px (spec: 500 for edit/delete, 800 for the recorder). */
  width?: number;
  /**
   * Persistent dialog: outside click and Escape do not close it but call `onRequestClose`
   * (e.g. to ask whether unsaved data may be lost).
   */
  static?: boolean;
  onRequestClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /**
   * `sheet`: on a phone (under 640 px) the panel rises from the bottom edge, full width, as a bottom sheet; from
   * 640 px it is the centred dialog. `dialog` is centred everywhere.
   */
  variant?: 'dialog' | 'sheet';
}

const PANEL = {
  dialog: 'w-full rounded-xl',
  sheet: 'w-full rounded-t-2xl sm:rounded-xl max-h-[90vh] overflow-y-auto sm:max-h-none sm:overflow-visible',
} as const;

/**
 * How long a close may take before the dialog is taken away regardless: its 200 ms transition, with room for a
 * busy phone. Headless UI's closing transition can hang (its issues #3892 and #3369, a dialog closed while it
 * was still coming in), leaving an invisible dialog over the page that takes its clicks.
 */
const LEAVE_LIMIT_MS = 1000;

const FRAME = {
  dialog: 'items-center p-3 sm:p-4',
  sheet: 'items-end p-0 sm:items-center sm:p-4',
} as const;

/** The dialog (and, as `variant="sheet"`, the bottom sheet) every screen uses: a title with ×, content, an optional footer of buttons. */
export function Dialog({
  open,
  onClose,
  title,
  width = 500,
  static: persistent = false,
  onRequestClose,
  children,
  footer,
  variant = 'dialog',
}: DialogProps) {
  const handleClose = () => {
    if (persistent) onRequestClose?.();
    else onClose();
  };
  const panel = useRef<HTMLDivElement>(null);
  // True once a close hung: nothing is drawn until the next open, which mounts the dialog anew.
  const [abandoned, setAbandoned] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setAbandoned(false);
  }
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => {
      if (panel.current?.isConnected) setAbandoned(true);
    }, LEAVE_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [open]);
  // On a touch screen Headless UI gives the first focus to the panel, not to the field marked autoFocus (it spares the
  // phone its keyboard): a sheet opened to type a name («Название») then sends a screen reader's user looking for it
  // (review m6). The marked field takes the focus once Headless UI has placed it, unless a person moved it since.
  useEffect(() => {
    if (!open) return;
    let frame = 0;
    let tries = 0;
    const place = () => {
      const field = panel.current?.querySelector<HTMLElement>('[data-autofocus]');
      const active = document.activeElement;
      const dialog = panel.current?.closest('[role="dialog"]');
      // Until the panel is drawn and Headless UI has put the focus in it (its portal mounts a render later).
      if ((!field || !dialog?.contains(active)) && ++tries < 20) {
        frame = requestAnimationFrame(place);
        return;
      }
      if (!field || active === field || !dialog?.contains(active)) return;
      if (active instanceof HTMLElement && active.matches('input, textarea, select')) return;
      field.focus();
    };
    frame = requestAnimationFrame(place);
    return () => cancelAnimationFrame(frame);
  }, [open]);
  if (abandoned) return null;
  return (
    // The dialog element itself covers the viewport so it is "visible" to tests and AT alike.
    <HeadlessDialog open={open} onClose={handleClose} className="fixed inset-0 z-50 overflow-y-auto">
      <DialogBackdrop transition className="fixed inset-0 bg-scrim transition-opacity duration-200 ease-standard data-closed:opacity-0" />
      <div className={`relative flex min-h-full justify-center ${FRAME[variant]}`}>
        <DialogPanel
          ref={panel}
          transition
          className={`${PANEL[variant]} border border-line bg-surface text-fg shadow-float transition duration-200 ease-standard data-closed:translate-y-2 data-closed:opacity-0`}
          style={{ maxWidth: `${width}px` }}
        >
          {variant === 'sheet' ? <div className="mx-auto mt-2 h-1 w-10 rounded-full bg-surface-3 sm:hidden" aria-hidden="true" /> : null}
          <div className="flex items-start justify-between gap-2 px-5 pb-2 pt-4">
            <DialogTitle as="h2" className="min-w-0 break-words pt-1.5 text-lg font-semibold text-fg">
              {title}
            </DialogTitle>
            <CloseButton label="Закрыть" onClick={handleClose} className="-mr-2" />
          </div>
          <div className="px-5 pb-5 pt-1">{children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-3">{footer}</div> : null}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}

/** A bottom sheet on phones, a dialog from 640 px: choices and short forms that belong to the thumb. */
export function Sheet(props: Omit<DialogProps, 'variant'>) {
  return <Dialog {...props} variant="sheet" />;
}
