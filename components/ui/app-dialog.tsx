'use client';

import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { CloseButton } from './close-button';

export interface AppDialogProps {
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
}

export function AppDialog({
  open,
  onClose,
  title,
  width = 500,
  static: persistent = false,
  onRequestClose,
  children,
  footer,
}: AppDialogProps) {
  const handleClose = () => {
    if (persistent) onRequestClose?.();
    else onClose();
  };
  return (
    // The dialog element itself covers the viewport so it is "visible" to tests and AT alike.
    <Dialog open={open} onClose={handleClose} className="fixed inset-0 z-50 overflow-y-auto">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="relative flex min-h-full items-center justify-center p-3 sm:p-4">
        <DialogPanel className="w-full rounded-lg bg-white shadow-xl" style={{ maxWidth: `${width}px` }}>
          <div className="flex items-start justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <DialogTitle as="h2" className="min-w-0 break-words text-lg font-semibold text-slate-900">
              {title}
            </DialogTitle>
            <CloseButton label="Закрыть" onClick={handleClose} className="-my-1.5 -mr-2" />
          </div>
          <div className="px-4 py-4">{children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-4 py-3">{footer}</div> : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
