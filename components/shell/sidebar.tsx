'use client';

import { usePathname } from 'next/navigation';
import { isCurrent, NavIcon, navItems } from './nav-items';
import { NavLink } from './nav-link';

/**
 * From 1024 px the spec's drawer stands open beside the page: every section one click away, the current one
 * marked. It is drawn for a stored session only (the `session` mark that the head script sets before the first
 * paint), so a returning user's page does not shift when it appears; folded, it keeps only the icons.
 */
export function Sidebar() {
  const pathname = usePathname() ?? '/';
  return (
    <nav
      aria-label="Основное меню"
      id="sidebar"
      className="fixed bottom-0 left-0 top-14 z-20 hidden w-60 flex-col overflow-y-auto border-r border-line bg-surface px-3 py-4 session:lg:flex folded:w-[4.5rem] folded:px-2"
    >
      <ul className="flex flex-col gap-1">
        {navItems(true).map((item) => {
          const current = isCurrent(pathname, item.href);
          return (
            <li key={item.href}>
              <NavLink
                href={item.href}
                aria-current={current ? 'page' : undefined}
                title={item.label}
                className={`flex h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors folded:justify-center folded:px-0 ${
                  current ? 'bg-accent-soft text-accent-text' : 'text-fg-muted hover:bg-surface-2 hover:text-fg'
                }`}
              >
                <NavIcon name={item.icon} />
                <span className="truncate folded:sr-only">{item.label}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
