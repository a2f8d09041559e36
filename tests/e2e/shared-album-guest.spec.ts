import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import yauzl from 'yauzl';
import { expectAccessible } from './support/a11y';
import { apiLogin, registerVerified } from './support/auth';
import { realisticPhotos } from './support/photo-library';
import { uploadPhoto } from './support/photos';
import { clip } from './support/video';
import { monoWav, sineSamples } from './support/wav';

/**
 * A shared album as a guest sees it at /s/: a grid like the owner's album (not one long column of cards), the
 * full-screen viewer going through its photos, «Скачать всё» as one ZIP when downloads are allowed, and no menu
 * of Копилка's own to open.
 */

let link: string;
/** A second album shared by its own link: a photo and a 2 s video, for the viewer's video. */
let videoLink: string;
const PHOTOS = 8;

/** An album of `items` shared by a new link (downloads allowed): the link's path and fragment. */
async function shareAlbum(
  request: APIRequestContext,
  headers: Record<string, string>,
  album: { title: string; description?: string },
  items: { kind: string; id: number }[],
): Promise<string> {
  const { id } = (await (await request.post('/api/albums/', { headers, data: album })).json()) as { id: number };
  expect((await request.post(`/api/albums/${id}/items/`, { headers, data: { items } })).status()).toBe(200);
  const made = await request.post('/api/shares/', {
    headers,
    data: { target: { album: id }, expires_in_days: 7, allow_download: true },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { url } = (await made.json()) as { url: string };
  return new URL(url).pathname + new URL(url).hash;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const user = await registerVerified(request);
  const { access } = await apiLogin(request, user);
  const headers = { Authorization: `Bearer ${access}` };
  const items: { kind: string; id: number }[] = [];
  for (const photo of (await realisticPhotos()).slice(0, PHOTOS))
    items.push({ kind: 'photo', id: await uploadPhoto(request, access, photo.title, photo.jpeg) });
  const song = await request.post('/api/media/audio/', {
    headers,
    multipart: {
      title: 'Песня у костра',
      audio_file: { name: 'song.wav', mimeType: 'audio/wav', buffer: monoWav(8000, sineSamples(8000, 2, 440, 8000)) },
    },
  });
  expect(song.status(), await song.text()).toBe(201);
  items.push({ kind: 'audio', id: ((await song.json()) as { id: number }).id });
  const film = await request.post('/api/media/video/', {
    headers,
    multipart: { title: 'Водопад Ахинкоски', file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: clip('320x180', 0x3366aa) } },
  });
  expect(film.status(), await film.text()).toBe(201);
  const videoId = ((await film.json()) as { id: number }).id;
  await expect
    .poll(
      async () => {
        const lists = await Promise.all(
          ['photo', 'audio', 'video'].map(
            async (kind) => (await (await request.get(`/api/media/${kind}/`, { headers })).json()) as { status: string }[],
          ),
        );
        return lists.flat().every((r) => r.status === 'ready');
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  link = await shareAlbum(request, headers, { title: 'Карелия, июль 2025', description: 'Рускеала и Онежское озеро' }, items);
  videoLink = await shareAlbum(request, headers, { title: 'Водопады' }, [items[0]!, { kind: 'video', id: videoId }]);
  await request.dispose();
});

async function guestPage(
  browser: Browser,
  viewport: { width: number; height: number },
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true, colorScheme });
  // «Как в системе»: the page follows the emulated scheme.
  await context.addInitScript(() => localStorage.setItem('theme', 'system'));
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Карелия, июль 2025', level: 1 })).toBeVisible();
  return page;
}

/** The names of a ZIP's entries (read by yauzl, apart from the code that wrote it). */
function zipNames(file: string): Promise<string[]> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(readFileSync(file), { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    }),
  );
}

for (const { name, viewport, perRow } of [
  { name: '1280×800', viewport: { width: 1280, height: 800 }, perRow: 3 },
  { name: '390×844', viewport: { width: 390, height: 844 }, perRow: 2 },
]) {
  test(`at ${name} a guest sees the album as a grid, with no menu of Копилка's own`, async ({ browser }) => {
    const page = await guestPage(browser, viewport);
    const tiles = page.getByRole('button', { name: /^Открыть фотографию: / });
    await expect(tiles).toHaveCount(PHOTOS);
    await expect(tiles.first().getByRole('img')).toBeVisible();
    // Rows of photos side by side, not a column of cards: the fullest row holds several.
    const tops = await tiles.evaluateAll((all) => all.map((t) => Math.round(t.getBoundingClientRect().top)));
    expect(Math.max(...tops.map((top) => tops.filter((t) => t === top).length))).toBeGreaterThanOrEqual(perRow);
    // The whole album (8 photos and a recording) in under two screens, where it took five.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(viewport.height * 2);
    await expect(page.getByRole('heading', { name: 'Песня у костра' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Открыть меню' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Скачать всё' })).toBeVisible();
    await page.context().close();
  });
}

test('a guest opens a photo full-screen, goes through the album with the arrows, reads «Сведения» and closes with Esc', async ({
  browser,
}) => {
  const page = await guestPage(browser, { width: 1280, height: 800 });
  await page
    .getByRole('button', { name: /^Открыть фотографию: / })
    .nth(1)
    .click();
  const viewer = page.getByRole('dialog', { name: 'Просмотр фотографии' });
  await expect(viewer.getByTestId('shared-viewer-image')).toBeVisible();
  await expect(viewer.getByTestId('viewer-counter')).toHaveText(`2 из ${PHOTOS}`);
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByTestId('viewer-counter')).toHaveText(`3 из ${PHOTOS}`);
  await expect
    .poll(() => viewer.getByTestId('shared-viewer-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // What a guest may do: download the shared copy, read «Сведения»; nothing of the owner's (no star, no delete).
  await expect(viewer.getByRole('link', { name: 'Скачать' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Удалить' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /В избранное/ })).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Сведения' }).click();
  const info = viewer.getByRole('complementary', { name: 'Сведения' });
  await expect(info).toContainText(/Снято\s*\d{1,2} [а-я]+ \d{4} г\. в \d{2}:\d{2}/);
  await expect(info).toContainText(/Часовой пояс\s*UTC\+0\d:00/);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await page.context().close();
});

test('a guest opens a shared video in the viewer: it plays, and the arrows go between it and the photo', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(videoLink);
  await expect(page.getByRole('heading', { name: 'Водопады', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Открыть видео: Водопад Ахинкоски' }).click();
  const viewer = page.getByRole('dialog', { name: /^Просмотр/ });
  const video = viewer.getByTestId('shared-viewer-video');
  await expect(video).toBeVisible();
  await expect(video).toHaveAccessibleName('Видео: Водопад Ахинкоски');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(2);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.2);
  await expect(viewer.getByTestId('viewer-counter')).toHaveText('2 из 2');
  await expect(viewer.getByRole('link', { name: 'Скачать' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByTestId('shared-viewer-image')).toBeVisible();
  await expect(viewer.getByTestId('shared-viewer-video')).toHaveCount(0);
  await expect(viewer.getByTestId('viewer-counter')).toHaveText('1 из 2');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await context.close();
});

test('«Скачать всё» saves one ZIP of the album’s copies, named after it', async ({ browser }) => {
  const page = await guestPage(browser, { width: 1280, height: 800 });
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Скачать всё' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Карелия, июль 2025.zip');
  const names = await zipNames(await download.path());
  expect(names).toHaveLength(PHOTOS + 1);
  expect(names).toContain('Песня у костра.mp3');
  expect(names.filter((n) => n.endsWith('.jpg'))).toHaveLength(PHOTOS);
  await page.context().close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the guest's album grid and its viewer pass axe, ${theme}`, async ({ browser }) => {
    const page = await guestPage(browser, { width: 390, height: 844 }, theme);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(
      page
        .getByRole('button', { name: /^Открыть фотографию: / })
        .first()
        .getByRole('img'),
    ).toBeVisible();
    await expectAccessible(page, `shared album (${theme})`);
    await page
      .getByRole('button', { name: /^Открыть фотографию: / })
      .first()
      .click();
    const viewer = page.getByRole('dialog', { name: 'Просмотр фотографии' });
    await viewer.getByRole('button', { name: 'Сведения' }).click();
    await expect(viewer.getByRole('complementary', { name: 'Сведения' })).toBeVisible();
    await expectAccessible(page, `shared album viewer (${theme})`);
    await page.context().close();
  });
}
