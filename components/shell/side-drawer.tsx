'use client';

import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { CloseButton } from '@/components/ui/close-button';
import { navItems } from './nav-items';

function isCurrent(pathname: string, href: string) {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return href === '/' ? clean === '/' : clean === href || clean.startsWith(`${href}/`);
}

export function SideDrawer({ open, onClose, isAuthenticated }: { open: boolean; onClose: () => void; isAuthenticated: boolean }) {
  const pathname = usePathname() ?? '/';
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-40">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="relative flex h-full w-72 max-w-[85vw]">
        <DialogPanel id="side-drawer" className="flex w-full flex-col bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
            <DialogTitle as="h2" className="text-lg font-semibold">
              Меню
            </DialogTitle>
            <CloseButton label="Закрыть меню" onClick={onClose} className="-mr-2" />
          </div>
          <nav aria-label="Основное меню" className="flex-1 overflow-y-auto py-2">
            <ul>
              {navItems(isAuthenticated).map((item) => {
                const current = isCurrent(pathname, item.href);
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      onClick={onClose}
                      aria-current={current ? 'page' : undefined}
                      // The dialog's focus trap starts on where the visitor is.
                      data-autofocus={current || undefined}
                      className={`block px-4 py-3 text-base ${current ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-800 hover:bg-slate-50'}`}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
