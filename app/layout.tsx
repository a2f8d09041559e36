import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';
import { Providers } from './providers';
import { AppShell } from '@/components/shell/app-shell';
import { THEME_COLORS, THEME_SCRIPT } from '@/lib/theme';

export const metadata: Metadata = {
  title: 'Копилка',
  description: 'Копилка — личное хранилище аудио, фото и видео',
  manifest: '/manifest.webmanifest',
  icons: { icon: '/icons/icon-192.png', apple: '/icons/icon-192.png' },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: THEME_COLORS.light };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The theme script sets data-theme (and the session's marks) on <html> before React runs.
    <html lang="ru" suppressHydrationWarning>
      <head>
        {/* Before the first paint: the stored theme, so a dark page is never drawn light first. */}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-canvas text-fg antialiased">
        <Providers>
          <AppShell>{children}</AppShell>
        </Providers>
      </body>
    </html>
  );
}
