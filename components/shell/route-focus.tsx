'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/**
 * After the app moves to another page (a sign-in going home, a sign-out going to «Вход»), the control that had the
 * focus is gone with the old page: the focus goes to the new page's heading, never left on <body>. A page that
 * puts it somewhere itself (a form's first field) keeps it; a full page load keeps the browser's own start.
 */
export function RouteFocus() {
  const pathname = usePathname();
  const seen = useRef(pathname);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    let tries = 0;
    const attempt = () => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      } else if (++tries < 60) requestAnimationFrame(attempt);
    };
    requestAnimationFrame(attempt);
  }, [pathname]);
  return null;
}
