'use client';

import { lazy, Suspense, useLayoutEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Spinner } from './spinner';

/** What covers the page while a dialog's code is on its way: the dialogs' own backdrop, a spinner where the dialog will be. */
export function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-scrim text-white">
      <Spinner className="h-8 w-8" label="Загрузка…" />
    </div>
  );
}

/**
 * A dialog whose code (the dialog library, its forms and their rules) is fetched when it is first rendered,
 * which is when it opens: render it only while it is open. `fallback` stands in while the code arrives.
 *
 * Focus: the dialog library gives the focus back to the element that had it before the dialog opened, which it
 * learns by watching focus from the moment its code runs — for the first dialog of a page, only after the
 * opening click. So when the dialog goes away and the focus is nowhere, the element focused when it was opened
 * gets it back here.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <DialogLoading />,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const opener = useRef<Element | null>(null);
    useLayoutEffect(() => {
      opener.current = document.activeElement;
      return () => {
        const el = opener.current;
        queueMicrotask(() => {
          const lost = document.activeElement === null || document.activeElement === document.body;
          if (lost && el instanceof HTMLElement && el.isConnected) el.focus();
        });
      };
    }, []);
    return (
      <Suspense fallback={fallback}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
