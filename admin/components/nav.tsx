'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { LineIcon } from '@/components/ui/line-icon';

/** The admin area's screens, in the order of the sidebar and the phone's menu. Paths are under the /admin base. */
export const ADMIN_SCREENS = [
  {
    href: '/',
    label: 'Пользователи',
    icon: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2.5 20a6.5 6.5 0 0 1 13 0M16 3.5a4 4 0 0 1 0 7.5M18.5 14.5A6.5 6.5 0 0 1 21.5 20',
  },
  { href: '/invites', label: 'Приглашения', icon: 'M4 6.5h16v11H4zM4 7l8 6 8-6' },
  { href: '/registration', label: 'Регистрация', icon: 'M10 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM3 20a7 7 0 0 1 11.5-5.4M18 14v6M15 17h6' },
  { href: '/jobs', label: 'Задачи', icon: 'M9 5h11M9 12h11M9 19h11M4 5h.01M4 12h.01M4 19h.01' },
  {
    href: '/storage',
    label: 'Хранилище',
    icon: 'M4 7c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 7v10c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  },
  { href: '/status', label: 'Состояние', icon: 'M3 12h4l3-7 4 14 3-7h4' },
  { href: '/audit', label: 'Журнал', icon: 'M6 3.5h9l3 3V20.5H6zM9 10h6M9 14h6M9 18h4' },
] as const;

/** Whether `href` is the screen at `pathname` (the router's pathname is without the base). */
export function isCurrentScreen(pathname: string, href: string): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return href === '/' ? clean === '/' : clean === href || clean.startsWith(`${href}/`);
}

/** The list of screens: the sidebar's from 1024 px, the drawer's below. `onNavigate` closes the drawer. */
export function ScreenLinks({ onNavigate, autofocusCurrent = false }: { onNavigate?: () => void; autofocusCurrent?: boolean }) {
  const pathname = usePathname() ?? '/';
  return (
    <ul className="flex flex-col gap-1">
      {ADMIN_SCREENS.map((screen) => {
        const current = isCurrentScreen(pathname, screen.href);
        return (
          <li key={screen.href}>
            <Link
              href={screen.href}
              onClick={onNavigate}
              aria-current={current ? 'page' : undefined}
              data-autofocus={(autofocusCurrent && current) || undefined}
              className={`flex h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors ${
                current ? 'bg-accent-soft text-accent-text' : 'text-fg-muted hover:bg-surface-2 hover:text-fg'
              }`}
            >
              <LineIcon d={screen.icon} className="h-6 w-6 shrink-0" strokeWidth={1.8} />
              {screen.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
