'use client';

import { usePathname } from 'next/navigation';
import { BOTTOM_ITEMS, isCurrent, NavIcon, RECORD_HREF, type NavItem } from './nav-items';
import { NavLink } from './nav-link';

function BarLink({ item, pathname }: { item: NavItem; pathname: string }) {
  const current = isCurrent(pathname, item.href);
  return (
    <li className="flex-1">
      <NavLink
        href={item.href}
        aria-current={current ? 'page' : undefined}
        className={`flex h-14 flex-col items-center justify-center gap-0.5 text-[0.6875rem] font-medium ${current ? 'text-accent-text' : 'text-fg-muted'}`}
      >
        <span className={`flex h-7 w-12 items-center justify-center rounded-full ${current ? 'bg-accent-soft' : ''}`}>
          <NavIcon name={item.icon} className="h-5 w-5" />
        </span>
        {item.label}
      </NavLink>
    </li>
  );
}

/**
 * On phones (under 640 px) the sections sit under the thumb: Аудио, Фото, Видео, Профиль, and in the middle a
 * round «Записать» that opens the recorder on the audio screen. Drawn for a stored session only.
 */
export function BottomBar() {
  const pathname = usePathname() ?? '/';
  // «Записать» stands in the middle: half the items before it, half after.
  const half = Math.ceil(BOTTOM_ITEMS.length / 2);
  return (
    <nav
      aria-label="Разделы"
      className="fixed inset-x-0 bottom-0 z-30 hidden border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur session:max-sm:block"
    >
      <ul className="flex items-center px-1">
        {BOTTOM_ITEMS.slice(0, half).map((item) => (
          <BarLink key={item.href} item={item} pathname={pathname} />
        ))}
        <li className="flex flex-1 justify-center">
          <NavLink
            href={RECORD_HREF}
            aria-label="Записать"
            title="Записать"
            className="-mt-5 flex h-14 w-14 items-center justify-center rounded-full bg-record text-record-fg shadow-float ring-4 ring-canvas"
          >
            <span className="h-5 w-5 rounded-full bg-current" aria-hidden="true" />
          </NavLink>
        </li>
        {BOTTOM_ITEMS.slice(half).map((item) => (
          <BarLink key={item.href} item={item} pathname={pathname} />
        ))}
      </ul>
    </nav>
  );
}
