'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/**
 * After the app moves to another page (a sign-in going home, a sign-out going to «Вход»), the control that had the
 * focus is gone with the old page: the focus goes to the new page's heading, never left on <body> — nor on the
 * drawer's «Открыть меню», where the drawer closing on a link hands it back. A page that puts it somewhere itself (a
 * form's first field) keeps it; a full page load keeps the browser's own start.
 */
export function RouteFocus() {
  const pathname = usePathname();
  const seen = useRef(pathname);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    let tries = 0;
    let frame = 0;
    const attempt = () => {
      const active = document.activeElement;
      // The drawer's toggle gets the focus back as the drawer closes on a link (Headless UI): it yields it too.
      const yields = !!active?.closest('[data-route-focus="yield"]');
      if (active && active !== document.body && active.isConnected && !yields) {
        // Watched a little longer while the drawer leaves: its focus may come back to the toggle after the move.
        if (++tries < 30 && document.querySelector('#side-drawer')) frame = requestAnimationFrame(attempt);
        return;
      }
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      if (++tries < 60 && (!heading || document.querySelector('#side-drawer'))) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}
