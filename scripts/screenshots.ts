// `npm run screenshots`: starts the real app on a port and DATA_DIR of its own, signs a user up through the outbox's
// code, adds a few recordings, photos and videos, and writes screenshots of the main screens at 1280×800 and
// 390×844, light and dark, into docs/screenshots/ (small palette PNGs). A new screen is one entry in SCREENS.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { resolveFfmpeg } from '../server/media/processing/ffmpeg.ts';
import { ensureWebBuild } from '../server/web/ensure-build.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs', 'screenshots');
const port = Number(process.env.SCREENSHOTS_PORT ?? 3297);
const base = `http://127.0.0.1:${port}`;

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
      // The newest recording opened in place, with its player; the others as rows.
      await p.getByRole('list', { name: 'Аудиозаписи' }).getByRole('heading', { level: 3 }).first().getByRole('button').click();
      await p.locator('[data-testid="waveform"][data-ready="true"]').first().waitFor();
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
  { name: 'trash', path: '/trash', signedIn: true, ready: (p) => heading(p, 'Корзина') },
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
      await p.getByRole('button', { name: 'Создать ссылку' }).waitFor();
    },
  },
  {
    name: 'shared-link-invalid',
    path: '/s/#AAAAAAAAAAAAAAAAAAAAAA',
    signedIn: false,
    ready: (p) => heading(p, 'Ссылка недействительна или срок её действия истёк'),
  },
  { name: 'not-found', path: '/no-such-page', signedIn: false, ready: (p) => heading(p, 'Страница не найдена') },
];

// ------------------------------------------------------------------------- the app and its user

async function waitForServer(): Promise<void> {
  const until = Date.now() + 240_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

async function api<T>(pathName: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const res = await fetch(`${base}/api/${pathName}`, { ...init, headers });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${pathName}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

function codeFromOutbox(dataDir: string, to: string): string | null {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).sort().reverse();
  } catch {
    return null;
  }
  for (const f of files) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    if (!text.toLowerCase().includes(to.toLowerCase())) continue;
    const body = text
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n');
    const code = /\b(\d{6})\b/.exec(body)?.[1];
    if (code) return code;
  }
  return null;
}

async function signUp(dataDir: string): Promise<{ access: string; refresh: string }> {
  const email = 'anna@example.ru';
  const password = 'Надёжный-пароль-1';
  await api('auth/register/', {
    method: 'POST',
    body: JSON.stringify({ first_name: 'Анна', last_name: 'Смирнова', email, password, password2: password, username: 'anna_1' }),
  });
  let code: string | null = null;
  for (let i = 0; i < 50 && !code; i++) {
    code = codeFromOutbox(dataDir, email);
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  if (!code) throw new Error('no code in the outbox');
  await api('auth/verify-email/', { method: 'POST', body: JSON.stringify({ code, email }) });
  return api('auth/login/', { method: 'POST', body: JSON.stringify({ email, password }) });
}

function ffmpeg(args: string[]): void {
  execFileSync(resolveFfmpeg(process.env.FFMPEG_PATH), ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args]);
}

async function upload(token: string, kind: 'audio' | 'photo' | 'video', title: string, file: string, type: string): Promise<void> {
  const form = new FormData();
  form.append('title', title);
  form.append('description', '');
  form.append(kind === 'audio' ? 'audio_file' : 'file', new Blob([readFileSync(file)], { type }), path.basename(file));
  await api(`media/${kind}/`, { method: 'POST', body: form, token });
}

/** A photo-like picture: a sky, a sun and hills in the given colours. */
async function picture(file: string, [sky, hill, sun]: [string, string, string], width = 1600, height = 1067): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#s)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.3}" r="${height * 0.12}" fill="${sun}"/>
    <path d="M0 ${height * 0.7} Q ${width * 0.25} ${height * 0.5} ${width * 0.5} ${height * 0.68} T ${width} ${height * 0.62} V ${height} H 0 Z" fill="${hill}"/>
  </svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toFile(file);
}

async function seed(token: string, work: string): Promise<void> {
  const recordings: [string, number, number][] = [
    ['Утренние мысли', 440, 7],
    ['Лекция по истории', 330, 14],
    ['Песня у костра', 523, 9],
    ['Список покупок', 392, 4],
  ];
  for (const [title, hz, seconds] of recordings) {
    const file = path.join(work, `${hz}.mp3`);
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${hz}:duration=${seconds}`,
      '-af',
      'volume=0.6,tremolo=f=3:d=0.7',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '32k',
      file,
    ]);
    await upload(token, 'audio', title, file, 'audio/mpeg');
  }
  const photos: [string, [string, string, string]][] = [
    ['Озеро', ['#6fa8dc', '#38761d', '#ffd966']],
    ['Закат', ['#e69138', '#783f04', '#ffe599']],
    ['Горы', ['#9fc5e8', '#434343', '#ffffff']],
    ['Поле', ['#cfe2f3', '#6aa84f', '#f1c232']],
    ['Море', ['#3d85c6', '#0b5394', '#fff2cc']],
    ['Лес', ['#b6d7a8', '#274e13', '#ffe599']],
    ['', ['#d5a6bd', '#741b47', '#fce5cd']],
  ];
  for (const [i, [title, colours]] of photos.entries()) {
    const file = path.join(work, `photo-${i}.jpg`);
    await picture(file, colours);
    await upload(token, 'photo', title, file, 'image/jpeg');
  }
  const videos: [string, string][] = [
    ['Прогулка в парке', 'testsrc2=size=640x360:rate=25:duration=4'],
    ['День рождения', 'smptehdbars=size=640x360:rate=25:duration=3'],
  ];
  for (const [i, [title, source]] of videos.entries()) {
    const file = path.join(work, `video-${i}.mp4`);
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      source,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=300:duration=3',
      '-shortest',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      file,
    ]);
    await upload(token, 'video', title, file, 'video/mp4');
  }
  // Everything processed (waveforms, copies, posters) before the pictures are taken.
  const until = Date.now() + 180_000;
  for (const kind of ['audio', 'photo', 'video'] as const) {
    for (;;) {
      const list = await api<{ status: string }[]>(`media/${kind}/`, { token });
      if (list.every((r) => r.status === 'ready')) break;
      if (Date.now() > until) throw new Error(`${kind} still processing`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** A link to the first recording (downloads allowed), and the public page it opens as a guest's screen. */
async function addSharedLink(token: string): Promise<void> {
  const [first] = await api<{ id: number }[]>('media/audio/', { token });
  if (!first) return;
  const body = JSON.stringify({ target: { kind: 'audio', id: first.id }, expires_in_days: 7, allow_download: true });
  const link = await api<{ url: string }>('shares/', { method: 'POST', body, token });
  const url = new URL(link.url);
  SCREENS.push({
    name: 'shared-link',
    path: `${url.pathname}${url.hash}`,
    signedIn: false,
    ready: async (p) => {
      await p.getByTestId('shared-item').first().waitFor();
      await p.locator('[data-testid="waveform"][data-ready="true"]').first().waitFor();
    },
  });
}

/** Two albums (a trip of photos, a recording and a video; an evening of recordings) and their screens: the grid and one album. */
async function addAlbums(token: string): Promise<void> {
  const [audio, photos, videos] = await Promise.all(
    (['audio', 'photo', 'video'] as const).map((kind) => api<{ id: number; title: string }[]>(`media/${kind}/`, { token })),
  );
  const pick = (list: { id: number; title: string }[] | undefined, titles: string[]) =>
    titles.flatMap((t) => list?.filter((r) => r.title === t).map((r) => r.id) ?? []);
  const make = async (title: string, description: string, items: { kind: string; id: number }[]) => {
    const album = await api<{ id: number }>('albums/', { method: 'POST', body: JSON.stringify({ title, description }), token });
    if (items.length) await api(`albums/${album.id}/items/`, { method: 'POST', body: JSON.stringify({ items }), token });
    return album.id;
  };
  const trip = await make('Летний отпуск', 'Озеро, горы и песни у костра', [
    ...pick(photos, ['Озеро', 'Горы', 'Закат']).map((id) => ({ kind: 'photo', id })),
    ...pick(audio, ['Песня у костра']).map((id) => ({ kind: 'audio', id })),
    ...pick(videos, ['Прогулка в парке']).map((id) => ({ kind: 'video', id })),
    ...pick(photos, ['Море']).map((id) => ({ kind: 'photo', id })),
  ]);
  await make(
    'Лекции',
    '',
    pick(audio, ['Лекция по истории']).map((id) => ({ kind: 'audio', id })),
  );
  await make(
    'Семья',
    '',
    pick(videos, ['День рождения']).map((id) => ({ kind: 'video', id })),
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
  );
}

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
            }
          },
          { theme, tokens: signedIn ? tokens : null },
        );
        const page = await context.newPage();
        for (const screen of SCREENS.filter(
          (s) => s.signedIn === signedIn && (s.sizes ?? ['desktop', 'phone']).includes(sizeName) && wanted(s),
        )) {
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
    await addSharedLink(tokens.access);
    await addAlbums(tokens.access);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
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
