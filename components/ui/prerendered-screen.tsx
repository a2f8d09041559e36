'use client';

import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { ScreenLoading } from './lazy-screen';

/** What says a person is using the page: any of these, seen first on the way down (capture). */
const PERSON_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/** How long the page may stay quiet before the code is fetched anyway: the phone has finished starting the page. */
const QUIET_MS = 3000;

let personArrived: Promise<void> | null = null;

/**
 * Resolves at the first sign of a person on the page (at once when a field already holds the focus), or after
 * QUIET_MS with none: the work waits for a moment when it holds nobody up, or is done the moment it is needed.
 */
function personArrives(): Promise<void> {
  personArrived ??= new Promise<void>((resolve) => {
    const arrive = () => {
      for (const type of PERSON_EVENTS) window.removeEventListener(type, arrive, true);
      clearTimeout(quiet);
      resolve();
    };
    const quiet = setTimeout(arrive, QUIET_MS);
    if (document.activeElement && document.activeElement !== document.body) return arrive();
    for (const type of PERSON_EVENTS) window.addEventListener(type, arrive, { capture: true, passive: true });
  });
  return personArrived;
}

/**
 * A screen drawn into the exported page at build time (the guest's forms: they paint with the page's first
 * bytes), whose code still comes apart from the page. Opened from its address, the exported markup stays on
 * screen (its fields take typing; its buttons wait, disabled) and its code is fetched and brought to life in
 * place at the first sign of a person (a touch, the pointer moving, a key, a field's focus) or after 3 s with
 * none, not while the phone is still busy starting the page: that code (the form, its rules, zod) ran as one
 * long task of about half a second on a slow phone. What was typed by then stays (the form reads its fields as
 * they are). Drawn in the browser later (a move from another page), it shows the spinner, which fetches its
 * code at once. A screen that reads the address (useSearchParams) is not drawn at build time: its spinner is.
 */
export function prerenderedScreen<P extends object = object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let spinnerShown = () => {};
  /**
   * The spinner takes the screen's place when there is no exported markup to keep (a move from another page), or
   * when React drops it because an update reached the screen before it came to life: the code is wanted now.
   */
  const wantedNow = new Promise<void>((resolve) => (spinnerShown = resolve));
  const Screen = lazy(async () => {
    // (At build time there is no page and no person: the export draws the screen at once.)
    if (typeof window !== 'undefined') await Promise.race([personArrives(), wantedNow]);
    return { default: await load() };
  });
  function Waiting() {
    useEffect(() => spinnerShown(), []);
    return <ScreenLoading />;
  }
  // Nothing here may draw again while the exported markup waits (no state, no store): React would replace the
  // markup with the spinner.
  function Prerendered(props: P) {
    return (
      <Suspense fallback={<Waiting />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  return Prerendered;
}
