'use client';

import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CloseButton } from '@/components/ui/close-button';
import { IconButton } from '@/components/ui/icon-button';
import { LineIcon } from '@/components/ui/line-icon';
import { ReauthDialogHost } from '@/components/ui/reauth-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { SnackbarHost } from '@/components/ui/snackbar-host';
import { NOT_STAFF } from '@/contract/admin';
import { ApiError } from '@/lib/api/api-error';
import { readThemeChoice, storeThemeChoice, THEME_CHOICES, type ThemeChoice } from '@/lib/theme';
import { adminQueries, adminReauth } from '../lib/api';
import { hasAdminSession, watchAdminSession } from '../lib/session';
import { ScreenLinks } from './nav';
import { LoadError } from './screen';
import { SignIn, signOutOfAdmin } from './sign-in';

/** «Тема»: the app's three choices, kept under the same key (one theme for the app and the admin area). */
function ThemeSwitch() {
  const [choice, setChoice] = useState<ThemeChoice>('light');
  useEffect(() => setChoice(readThemeChoice()), []);
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-medium text-fg-muted">Тема</legend>
      <div className="flex gap-1 rounded-lg bg-surface-2 p-1">
        {THEME_CHOICES.map((t) => (
          <button
            key={t.value}
            type="button"
            aria-pressed={choice === t.value}
            onClick={() => {
              storeThemeChoice(t.value);
              setChoice(t.value);
            }}
            className="min-h-9 flex-1 rounded-md px-2 text-xs font-medium text-fg-muted pointer-coarse:min-h-11 aria-pressed:bg-surface aria-pressed:text-accent-text aria-pressed:shadow-card"
          >
            {t.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Who is signed in, and «Выйти». */
function Account({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <p className="truncate text-sm text-fg-muted" title={email}>
        {email}
      </p>
      <Button
        variant="secondary"
        className="pointer-coarse:min-h-11"
        loading={busy}
        onClick={() => {
          setBusy(true);
          void signOutOfAdmin().finally(() => {
            queryClient.clear();
            setBusy(false);
          });
        }}
      >
        Выйти
      </Button>
    </div>
  );
}

/** On a new screen the focus goes to its heading (`h1[tabindex="-1"]`), so a screen reader says where it is. */
function useFocusOnNavigation() {
  const pathname = usePathname();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.querySelector<HTMLElement>('main h1[tabindex="-1"]')?.focus();
  }, [pathname]);
}

/** The frame of a signed-in staff member: the sidebar from 1024 px, a drawer behind «Меню» below it; the screen beside. */
function Frame({ email, children }: { email: string; children: ReactNode }) {
  const [drawer, setDrawer] = useState(false);
  useFocusOnNavigation();
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-3 focus:py-2"
      >
        Перейти к содержимому
      </a>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-line bg-surface/95 px-2 backdrop-blur sm:px-4">
        <IconButton label="Меню" aria-expanded={drawer} aria-controls="admin-drawer" onClick={() => setDrawer(true)} className="lg:hidden">
          <LineIcon d="M4 7h16M4 12h16M4 17h16" />
        </IconButton>
        <p className="flex min-w-0 items-baseline gap-2">
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- the app, a site outside the admin area's base path */}
          <a href="/" className="rounded text-base font-semibold text-fg">
            Копилка
          </a>
          <span className="truncate text-sm text-fg-muted">Администрирование</span>
        </p>
      </header>
      <nav
        aria-label="Разделы администрирования"
        className="fixed bottom-0 left-0 top-14 z-20 hidden w-60 flex-col justify-between overflow-y-auto border-r border-line bg-surface px-3 py-4 lg:flex"
      >
        <ScreenLinks />
        <div className="flex flex-col gap-4 border-t border-line px-1 pt-4">
          <ThemeSwitch />
          <Account email={email} />
        </div>
      </nav>
      <Dialog open={drawer} onClose={() => setDrawer(false)} className="fixed inset-0 z-40 lg:hidden">
        <DialogBackdrop className="fixed inset-0 bg-scrim" />
        <div className="relative flex h-full w-72 max-w-[85vw]">
          <DialogPanel id="admin-drawer" className="flex w-full flex-col border-r border-line bg-surface text-fg shadow-float">
            <div className="flex h-14 items-center justify-between border-b border-line px-4">
              <DialogTitle as="h2" className="text-lg font-semibold">
                Разделы
              </DialogTitle>
              <CloseButton label="Закрыть меню" onClick={() => setDrawer(false)} className="-mr-2" />
            </div>
            <nav aria-label="Разделы администрирования" className="flex-1 overflow-y-auto px-3 py-3">
              <ScreenLinks onNavigate={() => setDrawer(false)} autofocusCurrent />
            </nav>
            <div className="flex flex-col gap-4 border-t border-line px-4 py-4">
              <ThemeSwitch />
              <Account email={email} />
            </div>
          </DialogPanel>
        </div>
      </Dialog>
      <main id="main" className="mx-auto w-full max-w-section px-4 py-6 sm:px-6 lg:pl-[17rem] lg:pr-8">
        {children}
      </main>
      <SnackbarHost />
      <ReauthDialogHost requests={adminReauth} />
    </div>
  );
}

/** A member signed in here: told so, and their session here ended (the app stays as it was). */
function NotStaff() {
  return (
    <main id="main" className="mx-auto flex min-h-screen w-full max-w-form flex-col justify-center gap-4 px-4 py-10">
      <h1 className="text-2xl font-semibold">{NOT_STAFF}</h1>
      <p className="text-fg-muted">Этот раздел доступен только администраторам Копилки.</p>
      <Button onClick={() => void signOutOfAdmin()}>Войти другой учётной записью</Button>
    </main>
  );
}

function Loading() {
  return (
    <div role="status" aria-label="Загрузка" className="mx-auto flex max-w-section flex-col gap-3 px-4 py-20 lg:pl-[17rem]">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/**
 * Every admin page: the sign-in form in its place while nobody is signed in here; the frame and the screen for a
 * staff member; «Недостаточно прав.» for anyone else. Nothing is asked of the API before a session exists.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const signedIn = useSyncExternalStore(watchAdminSession, hasAdminSession, () => false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const me = useQuery({ ...adminQueries.me(), enabled: signedIn });
  if (!hydrated) return <Loading />;
  if (!signedIn) return <SignIn />;
  if (me.error instanceof ApiError && me.error.status === 403) return <NotStaff />;
  if (me.isError) {
    return (
      <main id="main" className="mx-auto flex min-h-screen w-full max-w-form flex-col justify-center gap-4 px-4 py-10">
        <h1 className="text-2xl font-semibold">Администрирование</h1>
        <LoadError error={me.error} onRetry={() => void me.refetch()} />
      </main>
    );
  }
  if (!me.data) return <Loading />;
  return <Frame email={me.data.email}>{children}</Frame>;
}
