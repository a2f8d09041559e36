'use client';

import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { usePathname } from 'next/navigation';
import { CloseButton } from '@/components/ui/close-button';
import { useThemeChoice } from '@/hooks/use-theme';
import { THEME_CHOICES } from '@/lib/theme';
import { isCurrent, NavIcon, navItems } from './nav-items';
import { NavLink } from './nav-link';

/** «Тема»: the three choices side by side. */
function ThemeSwitch() {
  const [choice, choose] = useThemeChoice();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-xs font-medium text-fg-muted">Тема</legend>
      <div className="flex gap-1 rounded-lg bg-surface-2 p-1">
        {THEME_CHOICES.map((t) => (
          <button
            key={t.value}
            type="button"
            aria-pressed={choice === t.value}
            onClick={() => choose(t.value)}
            className="min-h-9 flex-1 rounded-md touch:min-h-11 px-2 text-xs font-medium text-fg-muted aria-pressed:bg-surface aria-pressed:text-accent-text aria-pressed:shadow-card"
          >
            {t.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The spec's side drawer: Home, then the sections and the profile (signed in) or Log in and Register; the theme at the bottom. */
export function SideDrawer({ open, onClose, isAuthenticated }: { open: boolean; onClose: () => void; isAuthenticated: boolean }) {
  const pathname = usePathname() ?? '/';
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-40">
      <DialogBackdrop className="fixed inset-0 bg-scrim" />
      <div className="relative flex h-full w-72 max-w-[85vw]">
        <DialogPanel id="side-drawer" className="flex w-full flex-col border-r border-line bg-surface text-fg shadow-float">
          <div className="flex h-14 items-center justify-between border-b border-line px-4">
            <DialogTitle as="h2" className="text-lg font-semibold">
              Меню
            </DialogTitle>
            <CloseButton label="Закрыть меню" onClick={onClose} className="-mr-2" />
          </div>
          <nav aria-label="Основное меню" className="flex-1 overflow-y-auto px-3 py-3">
            <ul className="flex flex-col gap-1">
              {navItems(isAuthenticated).map((item) => {
                const current = isCurrent(pathname, item.href);
                return (
                  <li key={item.href}>
                    <NavLink
                      href={item.href}
                      onClick={onClose}
                      aria-current={current ? 'page' : undefined}
                      // The dialog's focus trap starts on where the visitor is.
                      data-autofocus={current || undefined}
                      className={`flex h-11 items-center gap-3 rounded-lg px-3 text-base ${
                        current ? 'bg-accent-soft font-semibold text-accent-text' : 'text-fg hover:bg-surface-2'
                      }`}
                    >
                      <NavIcon name={item.icon} />
                      {item.label}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="border-t border-line px-4 py-4">
            <ThemeSwitch />
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
