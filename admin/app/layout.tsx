import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';
import { THEME_COLORS, THEME_SCRIPT } from '@/lib/theme';
import { AdminShell } from '../components/admin-shell';
import { Providers } from './providers';

export const metadata: Metadata = {
  title: 'Администрирование — Копилка',
  robots: { index: false, follow: false },
  icons: { icon: '/icons/icon-192.png' },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: THEME_COLORS.light };

/** Every admin page: the theme before the first paint (the app's script and choice), the query cache, the shell. */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="ru" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-canvas text-fg antialiased">
        <Providers>
          <AdminShell>{children}</AdminShell>
        </Providers>
      </body>
    </html>
  );
}
