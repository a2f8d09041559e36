'use client';

import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from './spinner';

/** The spinner a screen shows before it can draw itself: while the route guard waits and while the screen's code arrives. */
export function ScreenLoading() {
  return (
    <div className="flex justify-center py-16 text-brand-600">
      <Spinner className="h-6 w-6" label="Загрузка…" />
    </div>
  );
}

/**
 * A route's screen whose code (its forms and their rules, its lists, players and dialogs) is fetched when the
 * page first draws it, after the route guard, rather than with the page. Meanwhile the page keeps the spinner
 * the guard showed, in the same place.
 */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const Screen = lazy(async () => ({ default: await load() }));
  function LazyScreen() {
    return (
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    );
  }
  return LazyScreen;
}
