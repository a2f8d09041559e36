'use client';

import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
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
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <DialogTitle as="h2" className="text-lg font-semibold">
              Меню
            </DialogTitle>
            <button
              type="button"
              onClick={onClose}
              aria-label="Закрыть меню"
              className="rounded px-2 py-1 text-xl leading-none text-slate-700 hover:bg-slate-100"
            >
              ×
            </button>
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
