'use client';

import { useEffect, useState } from 'react';

export const PROFILE_GROUPS = [
  { id: 'account', title: 'Аккаунт' },
  { id: 'security', title: 'Безопасность' },
  { id: 'storage', title: 'Хранилище' },
] as const;

/**
 * The profile's three groups as links: a sticky row under the top bar on a phone, a column beside the cards from
 * 1024 px. The group in view is marked current (its heading crossed the top third of the screen last).
 */
export function ProfileSectionsNav() {
  const [current, setCurrent] = useState<string>(PROFILE_GROUPS[0].id);
  useEffect(() => {
    const groups = PROFILE_GROUPS.map((g) => document.getElementById(g.id)).filter((el): el is HTMLElement => el !== null);
    const onScroll = () => {
      const line = window.innerHeight / 3;
      let seen: string = PROFILE_GROUPS[0].id;
      for (const el of groups) if (el.getBoundingClientRect().top <= line) seen = el.id;
      // At the very bottom the last group is the one being read, however short it is.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) seen = groups.at(-1)?.id ?? seen;
      setCurrent(seen);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);

  return (
    <nav
      aria-label="Разделы профиля"
      className="sticky top-14 z-20 -mx-4 border-b border-line bg-canvas/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:top-20 lg:mx-0 lg:self-start lg:border-0 lg:bg-transparent lg:p-0 lg:backdrop-blur-none"
    >
      <ul className="flex gap-0.5 sm:gap-1 lg:flex-col">
        {PROFILE_GROUPS.map((g) => (
          <li key={g.id} className="flex-1 lg:flex-none">
            <a
              href={`#${g.id}`}
              aria-current={current === g.id ? 'location' : undefined}
              onClick={() => setCurrent(g.id)}
              className="flex min-h-11 items-center justify-center rounded-lg px-1.5 text-[0.8125rem] font-medium min-[360px]:px-3 min-[360px]:text-sm text-fg-muted hover:bg-surface-3 hover:text-fg aria-[current=location]:bg-accent-soft aria-[current=location]:text-accent-text lg:justify-start"
            >
              {g.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
