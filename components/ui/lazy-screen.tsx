'use client';

import { startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Spinner } from './spinner';

/** The spinner a screen shows before it can draw itself: while the route guard waits and while the screen's code arrives. */
export function ScreenLoading() {
  return (
    <div className="flex justify-center py-16 text-accent-text">
      <Spinner className="h-6 w-6" label="Загрузка…" />
    </div>
  );
}

/**
 * A component whose code is not part of the page's first load: `fallback` (or what it draws for the props)
 * until its code is here, then the component. Not React.lazy in a Suspense boundary: a boundary that showed its fallback holds back the content
 * that replaces it for up to 300 ms (React's Suspense throttling), and on /audio the main thread sat idle that
 * long before the screen asked for its list. With `early`, the fetch starts as soon as the module that made it
 * runs in the browser rather than at the first draw. A fetch that failed is tried again at the next mount; its
 * error goes to the nearest error boundary, as with React.lazy.
 */
export function deferredComponent<P extends object = object>(
  load: () => Promise<ComponentType<P>>,
  /** What stands in its place meanwhile; a function of its props where that depends on them (a kind's skeleton). */
  fallback: ReactNode | ((props: P) => ReactNode),
  { early = false } = {},
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const start = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        pending = null;
        throw err;
      },
    );
    return pending;
  };
  if (early && typeof window !== 'undefined') start().catch(() => undefined);

  function Deferred(props: P) {
    const [state, setState] = useState<{ component: ComponentType<P> | null; error?: unknown }>(() => ({ component: loaded }));
    useEffect(() => {
      if (state.component) return;
      let live = true;
      start().then(
        // Drawn in a transition: a screen's first draw is long, and so is cut into slices the browser can answer between.
        (component) => live && startTransition(() => setState({ component })),
        (error: unknown) => live && setState({ component: null, error }),
      );
      return () => {
        live = false;
      };
    }, [state.component]);
    if (state.error) throw state.error instanceof Error ? state.error : new Error('code did not load', { cause: state.error });
    const Component = state.component;
    const shown = typeof fallback === 'function' ? fallback(props) : fallback;
    // The boundary is the one useSearchParams needs in a static export; nothing in it suspends once here.
    return Component ? (
      <Suspense fallback={shown}>
        <Component {...props} />
      </Suspense>
    ) : (
      <>{shown}</>
    );
  }
  return Deferred;
}

/**
 * A route's screen (its forms and their rules, its lists, players and dialogs) fetched apart from the page, from
 * the moment the page's code runs: the fetch overlaps the route guard's check of who is signed in, and the page
 * keeps the guard's spinner, in the same place, until the screen is here.
 */
export function lazyScreen<P extends object = object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return deferredComponent(load, <ScreenLoading />, { early: true });
}
