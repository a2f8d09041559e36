import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerAndLoginWithAccess } from './support/auth';
import { clip as clipOf } from './support/video';

/** A 2 s MP4 of `size` (WxH) filmed, its container says, on 6 May 2023. */
const clip = (size: string, hue: number) => clipOf(size, hue, '2023-05-06T07:08:09Z');

async function uploadVideo(request: APIRequestContext, access: string, title: string, data: Buffer): Promise<void> {
  const res = await request.post('/api/media/video/', {
    headers: { Authorization: `Bearer ${access}` },
    multipart: { title, file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: data } },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const LONG = 'Выпускной — вальс в актовом зале';

async function expectUniformTiles(page: Page) {
  const posters = page.getByTestId('video-card').getByRole('button', { name: /^Открыть видео: / });
  await expect(posters).toHaveCount(2);
  const boxes = await posters.evaluateAll((all) => all.map((b) => b.getBoundingClientRect()).map((r) => ({ w: r.width, h: r.height })));
  // Every tile the same 16:9 box, the portrait clip's too: it is fitted in, not cropped, and stretches nothing.
  for (const box of boxes) expect(box.w / box.h).toBeCloseTo(16 / 9, 1);
  expect(Math.abs(boxes[0]!.h - boxes[1]!.h)).toBeLessThan(1);
  await expect(page.getByTestId('video-poster').first()).toHaveCSS('object-fit', 'contain');
  const cards = await page.getByTestId('video-card').evaluateAll((all) => all.map((c) => c.getBoundingClientRect().height));
  expect(Math.abs(cards[0]! - cards[1]!)).toBeLessThan(25);
}

test('videos are uniform 16:9 tiles with the poster fitted, two lines of title, the filming date and the player’s time', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { access } = await registerAndLoginWithAccess(page);
  await uploadVideo(page.request, access, LONG, clip('320x180', 0x3366cc));
  await uploadVideo(page.request, access, 'Снег за окном', clip('180x320', 0xcc3366));

  await page.goto('/video');
  await expect(page.getByTestId('video-poster')).toHaveCount(2, { timeout: 90_000 });
  await expectUniformTiles(page);
  const long = page.getByRole('article', { name: LONG });
  // The filming date (creation_time), not today's upload; the length as the player shows it.
  await expect(long.getByTestId('video-date')).toHaveText('6 мая 2023 г.');
  await expect(long.getByTestId('video-duration')).toHaveText('0:02');
  // The whole title, on up to two lines (not cut to a word).
  const title = long.getByRole('heading', { name: LONG });
  expect(await title.evaluate((h) => h.scrollHeight <= h.clientHeight + 1)).toBe(true);

  // On a phone the long title takes two lines rather than being cut to its first word.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectUniformTiles(page);
  expect(await title.evaluate((h) => h.getBoundingClientRect().height)).toBeGreaterThan(30);

  // The home's video card: the same tiles, the same date.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const card = page.getByTestId('home-card-video');
  await expect(card.getByTestId('video-date').first()).toHaveText('6 мая 2023 г.');
  await expect(card.getByTestId('video-duration').first()).toHaveText('0:02');
});
