import { LineIcon } from '@/components/ui/line-icon';
import type { MediaKind } from '@/contract/media';
import { KIND_NAMES } from '@/lib/media/kind-names';
import { KINDS } from '@/lib/media/kind-paths';

export type NavIconName = 'home' | MediaKind | 'album' | 'trash' | 'profile' | 'login' | 'register' | 'record';

export interface NavItem {
  href: string;
  label: string;
  icon: NavIconName;
}

const HOME: NavItem = { href: '/', label: 'Главная', icon: 'home' };
/** Each kind's section, in the kinds' order. */
const SECTIONS: readonly NavItem[] = KINDS.map((kind) => ({ href: KIND_NAMES[kind].href, label: KIND_NAMES[kind].label, icon: kind }));
const ALBUMS: NavItem = { href: '/albums', label: 'Альбомы', icon: 'album' };
const TRASH: NavItem = { href: '/trash', label: 'Корзина', icon: 'trash' };
const PROFILE: NavItem = { href: '/profile', label: 'Профиль', icon: 'profile' };

/** The spec's drawer (and, from 1024 px, the sidebar): Home, the sections and the profile when signed in; Log in, Register for a guest. */
export function navItems(isAuthenticated: boolean): NavItem[] {
  return isAuthenticated
    ? [HOME, ...SECTIONS, ALBUMS, TRASH, PROFILE]
    : [HOME, { href: '/login', label: 'Войти', icon: 'login' }, { href: '/register', label: 'Регистрация', icon: 'register' }];
}

/**
 * The phone's bottom bar: the sections and the profile, with «Записать» in the middle (bottom-bar.tsx). Four
 * sections and the round button are what fit 360 px with ≥ 44 px targets and readable labels; «Альбомы», like
 * «Корзина», is in the drawer.
 */
export const BOTTOM_ITEMS: readonly NavItem[] = [...SECTIONS, PROFILE];

/** Where «Записать» leads: the audio screen, with its recorder open. */
export const RECORD_HREF = '/audio?record=1';

/** Whether `href` is the page at `pathname` (a section stays current on its sub-pages). */
export function isCurrent(pathname: string, href: string): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return href === '/' ? clean === '/' : clean === href || clean.startsWith(`${href}/`);
}

const PATHS: Record<NavIconName, string> = {
  home: 'M4 10.5 12 4l8 6.5V19a1 1 0 0 1-1 1h-4.5v-5.5h-5V20H5a1 1 0 0 1-1-1z',
  ...(Object.fromEntries(KINDS.map((kind) => [kind, KIND_NAMES[kind].icon])) as Record<MediaKind, string>),
  album:
    'M7 4.5h12A1.5 1.5 0 0 1 20.5 6v9M4.5 8A1.5 1.5 0 0 1 6 6.5h10A1.5 1.5 0 0 1 17.5 8v10A1.5 1.5 0 0 1 16 19.5H6A1.5 1.5 0 0 1 4.5 18zM4.5 16l4-4 3.5 3.5 2-2 3.5 3.5',
  trash: 'M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 12.5h9l1-12.5M10 11v5M14 11v5',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20a7.5 7.5 0 0 1 15 0',
  login: 'M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M10 16l4-4-4-4M14 12H4',
  register: 'M10 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM3 20a7 7 0 0 1 11.5-5.4M18 14v6M15 17h6',
  record: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21',
};

/** A navigation item's 24 px line icon. */
export function NavIcon({ name, className = 'h-6 w-6' }: { name: NavIconName; className?: string }) {
  return <LineIcon d={PATHS[name]} className={`shrink-0 ${className}`} strokeWidth={1.8} />;
}
