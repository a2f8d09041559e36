// `npm run screenshots`: starts the real app on a port and DATA_DIR of its own, signs a user up through the outbox's
// code, adds a few recordings, photos and videos, and writes screenshots of the main screens at 1280×800 and
// 390×844, light and dark, into docs/screenshots/ (small palette PNGs). A new screen is one entry in SCREENS.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ensureWebBuild } from '../server/web/ensure-build.ts';
import {
  addAlbumLink,
  addAlbums,
  addHousehold,
  addSharedLink,
  addTrash,
  base,
  port,
  seed,
  seedAdmin,
  signUp,
  waitForServer,
} from './screenshots-library.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs', 'screenshots');

interface Screen {
  /** The file name's first part: `<name>-<size>-<theme>.png`. */
  name: string;
  path: string;
  /** Signed in (the seeded user's session) or a guest. */
  signedIn: boolean;
  /** What must be on screen before the picture is taken (and anything to do first: open a dialog, a menu). */
  ready: (page: Page) => Promise<void>;
  /** Only at these sizes (default: both). */
  sizes?: readonly SizeName[];
  /**
   * Taken after every other screen of its size and theme: it leaves something behind (the recorder, an unsaved
   * recording that /audio then offers to restore above its list).
   */
  last?: boolean;
}

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
type SizeName = keyof typeof SIZES;
const THEMES = ['light', 'dark'] as const;

/** `SCREENSHOTS_ONLY=audio,photos`: only these screens (default: all). */
const only = process.env.SCREENSHOTS_ONLY?.split(',').filter(Boolean);
const wanted = (s: Screen) => !only || only.includes(s.name);

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).first().waitFor();

/** The screens, in the order the README shows them. */
const SCREENS: Screen[] = [
  { name: 'home-guest', path: '/', signedIn: false, ready: (p) => heading(p, 'Копилка') },
  { name: 'login', path: '/login', signedIn: false, ready: (p) => heading(p, 'Вход') },
  { name: 'register', path: '/register', signedIn: false, ready: (p) => heading(p, 'Регистрация') },
  {
    name: 'home',
    path: '/',
    signedIn: true,
    ready: async (p) => {
      await p.getByTestId('home-recording').first().waitFor();
      await p.getByTestId('home-card-photo').getByRole('img').first().waitFor();
    },
  },
  {
    name: 'audio',
    path: '/audio',
    signedIn: true,
    ready: async (p) => {
      await heading(p, 'Мои аудиозаписи');
      await p.getByTestId('audio-item').nth(8).waitFor();
    },
  },
  {
    name: 'audio-player',
    path: '/audio',
    signedIn: true,
    ready: async (p) => {
      await heading(p, 'Мои аудиозаписи');
      // The newest recording (48 s: ±15 and the speed too) opened in place, with its player; the others as rows.
      await p.getByRole('list', { name: 'Аудиозаписи' }).getByRole('heading', { level: 3 }).first().getByRole('button').click();
      await p.locator('[data-testid="waveform"][data-ready="true"]').first().waitFor();
    },
  },
  {
    name: 'audio-trim',
    path: '/audio',
    signedIn: true,
    ready: async (p) => {
      await heading(p, 'Мои аудиозаписи');
      // «Обрезать» from the second recording's «⋯» (a short memo); the end handle moved in by keyboard.
      await p
        .getByRole('button', { name: /^Действия: / })
        .nth(1)
        .click();
      await p.getByRole('menuitem', { name: 'Обрезать' }).click();
      const end = p.getByLabel('Конец, с');
      await end.fill('5,5');
      await p.getByLabel('Начало, с').fill('1,5');
      await p.getByTestId('trim-panel').waitFor();
    },
  },
  {
    name: 'recorder',
    path: '/audio?record=1',
    signedIn: true,
    last: true,
    ready: async (p) => {
      // The level's bars scroll as they do for a person (with reduced motion they stand still, one bar).
      await p.emulateMedia({ reducedMotion: 'no-preference' });
      await p.getByRole('dialog').getByRole('button', { name: 'Начать запись' }).click();
      await p.getByRole('button', { name: 'Остановить запись' }).waitFor();
      await p.waitForTimeout(2500);
    },
  },
  {
    name: 'photos',
    path: '/photos',
    signedIn: true,
    ready: async (p) => {
      await heading(p, 'Мои фотографии');
      await p.getByTestId('photo-tile').first().getByRole('img').waitFor();
    },
  },
  {
    // Mid-timeline: days side by side in justified rows, the scrubber at the right edge.
    name: 'photos-mid',
    path: '/photos',
    signedIn: true,
    ready: async (p) => {
      await heading(p, 'Мои фотографии');
      await p.getByTestId('photo-tile').first().getByRole('img').waitFor();
      // The timeline's height comes with its months (the placeholders sized once the months are known): scrolled before
      // that, the page stayed at its top (one run in three). Scrolled once it is two screens tall, and again
      // until the page is really in its middle.
      await p.waitForFunction(() => document.documentElement.scrollHeight > window.innerHeight * 2);
      await expect(async () => {
        await p.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2));
        await p.waitForTimeout(300);
        const middle = () => window.scrollY > 100 && window.scrollY >= 0.4 * (document.documentElement.scrollHeight - window.innerHeight);
        expect(await p.evaluate(middle)).toBe(true);
      }).toPass({ timeout: 15_000 });
      await p.waitForTimeout(1800);
    },
  },
  {
    name: 'photo-viewer',
    path: '/photos',
    signedIn: true,
    ready: async (p) => {
      await p.getByTestId('photo-tile').first().click();
      await p.getByTestId('photo-viewer-image').waitFor();
    },
  },
  {
    name: 'photo-viewer-info',
    path: '/photos',
    signedIn: true,
    ready: async (p) => {
      await p.getByTestId('photo-tile').first().click();
      await p.getByTestId('photo-viewer-image').waitFor();
      await p.getByRole('button', { name: 'Сведения' }).click();
      await p.getByRole('complementary', { name: 'Сведения' }).waitFor();
    },
  },
  {
    name: 'video',
    path: '/video',
    signedIn: true,
    ready: async (p) => {
      await heading(p, 'Мои видео');
      await p.getByTestId('video-poster').first().waitFor();
    },
  },
  {
    name: 'video-viewer',
    path: '/video',
    signedIn: true,
    ready: async (p) => {
      await p.getByTestId('video-poster').first().click();
      await p.getByTestId('video-player').waitFor();
    },
  },
  {
    name: 'trash',
    path: '/trash',
    signedIn: true,
    ready: async (p) => {
      await heading(p, 'Корзина');
      await p.getByTestId('trash-thumb').locator('img').first().waitFor();
    },
  },
  { name: 'profile', path: '/profile', signedIn: true, ready: (p) => heading(p, 'Место') },
  {
    name: 'user-menu',
    path: '/audio',
    signedIn: true,
    sizes: ['desktop'],
    ready: async (p) => {
      await heading(p, 'Мои аудиозаписи');
      await p.getByRole('button', { name: /Меню пользователя/ }).click();
      await p.getByRole('menu').waitFor();
    },
  },
  {
    name: 'share-dialog',
    path: '/audio',
    signedIn: true,
    ready: async (p) => {
      // «Поделиться» is in the newest recording's «⋯» menu.
      await p
        .getByRole('button', { name: /^Действия: / })
        .first()
        .click();
      await p.getByRole('menuitem', { name: 'Поделиться' }).click();
      await p.getByRole('button', { name: 'Создать ссылку' }).click();
      await p.getByRole('button', { name: 'Скопировать ссылку' }).waitFor();
    },
  },
  {
    name: 'shared-link-invalid',
    path: '/s/#AAAAAAAAAAAAAAAAAAAAAA',
    signedIn: false,
    ready: (p) => heading(p, 'Ссылка недействительна или срок её действия истёк'),
  },
  { name: 'not-found', path: '/no-such-page', signedIn: false, ready: (p) => heading(p, 'Страница не найдена') },
  // The admin area (/admin/): the seeded user is the server's first account, so its admin.
  { name: 'admin-sign-in', path: '/admin/', signedIn: false, ready: (p) => heading(p, 'Администрирование') },
  {
    name: 'admin-users',
    path: '/admin/',
    signedIn: true,
    ready: async (p) => {
      await p.getByTestId('admin-user').nth(2).waitFor();
      await p.getByRole('button', { name: 'Действия: boris@example.ru' }).click();
      await p.getByRole('button', { name: 'Запретить вход' }).waitFor();
    },
  },
  {
    name: 'admin-invites',
    path: '/admin/invites/',
    signedIn: true,
    ready: async (p) => void (await p.getByTestId('admin-invite').nth(2).waitFor()),
  },
  { name: 'admin-registration', path: '/admin/registration/', signedIn: true, ready: (p) => p.getByRole('radio').first().waitFor() },
  { name: 'admin-jobs', path: '/admin/jobs/', signedIn: true, ready: (p) => p.getByRole('button', { name: /^Все/ }).waitFor() },
  { name: 'admin-storage', path: '/admin/storage/', signedIn: true, ready: (p) => p.getByTestId('admin-upload').first().waitFor() },
  { name: 'admin-status', path: '/admin/status/', signedIn: true, ready: (p) => heading(p, 'Миграции базы данных') },
  {
    name: 'admin-audit',
    path: '/admin/audit/',
    signedIn: true,
    ready: async (p) => void (await p.getByTestId('audit-entry').first().waitFor()),
  },
];

// ------------------------------------------------------------------------- the pictures

async function shoot(browser: Browser, tokens: { access: string; refresh: string }): Promise<string[]> {
  const written: string[] = [];
  for (const [sizeName, viewport] of Object.entries(SIZES) as [SizeName, (typeof SIZES)[SizeName]][]) {
    for (const theme of THEMES) {
      for (const signedIn of [false, true]) {
        const context = await browser.newContext({ viewport, locale: 'ru-RU', timezoneId: 'Europe/Moscow', reducedMotion: 'reduce' });
        await context.addInitScript(
          ({ theme, tokens }) => {
            localStorage.setItem('theme', theme);
            if (tokens) {
              localStorage.setItem('token', tokens.access);
              localStorage.setItem('refreshToken', tokens.refresh);
              // The admin area keeps a session of its own, in this tab's sessionStorage.
              sessionStorage.setItem('kopilkaAdminAccess', tokens.access);
              sessionStorage.setItem('kopilkaAdminRefresh', tokens.refresh);
            }
          },
          { theme, tokens: signedIn ? tokens : null },
        );
        const page = await context.newPage();
        for (const screen of SCREENS.filter(
          (s) => s.signedIn === signedIn && (s.sizes ?? ['desktop', 'phone']).includes(sizeName) && wanted(s),
        ).sort((a, b) => Number(!!a.last) - Number(!!b.last))) {
          await page.emulateMedia({ reducedMotion: 'reduce' });
          await page.goto(`${base}${screen.path}`);
          await screen.ready(page);
          await page.waitForLoadState('networkidle').catch(() => undefined);
          await page.waitForTimeout(300);
          const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
          const file = path.join(outDir, `${screen.name}-${sizeName}-${theme}.png`);
          writeFileSync(file, await sharp(png).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer());
          written.push(file);
        }
        await context.close();
      }
    }
  }
  return written;
}

async function main(): Promise<void> {
  ensureWebBuild(root, path.join(root, 'out'), console.log);
  mkdirSync(outDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kopilka-screenshots-'));
  const work = mkdtempSync(path.join(os.tmpdir(), 'kopilka-screenshots-files-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SKIP_WEB_BUILD: '1',
  };
  delete env.DATABASE_URL;
  delete env.MEDIA_STORAGE;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/process/api.ts'], { cwd: root, env, stdio: 'inherit' });
  let browser: Browser | null = null;
  try {
    await waitForServer();
    const tokens = await signUp(dataDir);
    await seed(tokens.access, work);
    await seedAdmin(tokens.access, dataDir);
    const sharedPath = await addSharedLink(tokens.access);
    if (sharedPath)
      SCREENS.push({
        name: 'shared-link',
        path: sharedPath,
        signedIn: false,
        ready: async (p) => {
          await p.getByTestId('shared-item').first().waitFor();
          await p.locator('[data-testid="waveform"][data-ready="true"]').first().waitFor();
        },
      });
    const trip = await addAlbums(tokens.access);
    await addHousehold(tokens.access, trip, work);
    await addTrash(tokens.access, work);
    const albumLink = await addAlbumLink(tokens.access, trip);
    SCREENS.push(
      {
        name: 'shared-album',
        path: albumLink,
        signedIn: false,
        ready: async (p) => {
          await heading(p, 'Летний отпуск');
          await p
            .getByRole('button', { name: /^Открыть фотографию: / })
            .first()
            .getByRole('img')
            .waitFor();
        },
      },
      {
        name: 'shared-album-viewer',
        path: albumLink,
        signedIn: false,
        ready: async (p) => {
          await p
            .getByRole('button', { name: /^Открыть фотографию: / })
            .first()
            .click();
          await p.getByTestId('shared-viewer-image').waitFor();
        },
      },
    );
    SCREENS.push(
      { name: 'albums', path: '/albums', signedIn: true, ready: async (p) => void (await p.getByTestId('album-card').nth(2).waitFor()) },
      {
        name: 'album',
        path: `/albums?id=${trip}`,
        signedIn: true,
        ready: async (p) => {
          await heading(p, 'Летний отпуск');
          await p.getByTestId('photo-tile').first().waitFor();
        },
      },
      {
        name: 'albums-shared',
        path: '/albums',
        signedIn: true,
        ready: async (p) => {
          await p.getByRole('tab', { name: /Доступно мне/ }).click();
          await p.getByTestId('album-owner').first().waitFor();
        },
      },
      {
        name: 'album-members',
        path: `/albums?id=${trip}`,
        signedIn: true,
        ready: async (p) => {
          await heading(p, 'Летний отпуск');
          await p.getByRole('button', { name: 'Участники' }).click();
          await p.getByTestId('member').nth(2).waitFor();
        },
      },
      {
        name: 'photos-partner',
        path: '/photos',
        signedIn: true,
        ready: async (p) => {
          await p.getByTestId('owner-chip').first().waitFor();
          await p.getByTestId('photo-tile').nth(3).waitFor();
        },
      },
      {
        name: 'profile-partners',
        path: '/profile',
        signedIn: true,
        ready: async (p) => {
          const section = p.getByRole('region', { name: 'Партнёры' });
          await section.getByTestId('partner').first().waitFor();
          await section.scrollIntoViewIfNeeded();
        },
      },
    );
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The fake microphone, granted, for the recorder's picture.
      args: [
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    });
    const files = await shoot(browser, tokens);
    for (const f of files) console.log(`${path.relative(root, f)}  ${(statSync(f).size / 1024).toFixed(0)} KB`);
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
