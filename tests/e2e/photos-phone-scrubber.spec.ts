import { expect, test } from '@playwright/test';
import { registerAndLoginWithAccess } from './support/auth';
import { fillPhotoTimeline } from './support/large-library';

const PHOTOS = 240;
const MONTHS = 12;

/**
 * On a phone the month buttons at the right edge would be too small to hit: a thumb stands there instead
 * (components/media/collection/timeline-scrubber.tsx). Dragged, it names the month under the finger and the timeline jumps
 * there; to the keyboard and assistive technology it is a slider of the months.
 */
test('on a phone the timeline has a thumb to drag through the months, also a slider by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { access } = await registerAndLoginWithAccess(page);
  // 240 photos over the last twelve months by the camera's clock, the newest «Фото 239».
  const oldestMonth = (await fillPhotoTimeline(page.request, access, PHOTOS, MONTHS)).slice(0, 7);

  await page.goto('/photos');
  await expect(page.getByRole('img', { name: 'Фото 239', exact: true })).toBeVisible();
  const month = page.getByTestId('timeline-month');
  const slider = page.getByRole('slider', { name: 'Шкала времени' });
  await expect(slider).toBeVisible();
  // The desktop's month buttons are not there to be hit by mistake.
  await expect(page.getByRole('navigation', { name: 'Шкала времени' })).toBeHidden();
  const newest = (await month.textContent())!;
  await expect(slider).toHaveAttribute('aria-valuetext', newest);
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  const last = Number(await slider.getAttribute('aria-valuemax'));
  expect(last).toBeGreaterThanOrEqual(MONTHS - 1);

  // A thumb a finger can take: 44 px tall, on the edge, not over the pinned month's label.
  const thumb = (await slider.boundingBox())!;
  expect(thumb.height).toBeGreaterThanOrEqual(44);
  expect(thumb.x + thumb.width).toBeGreaterThan(380);
  // (The page opens at its top, the label at the timeline's top below the header; the thumb is under the top bar.)
  const pinned = (await month.boundingBox())!;
  const apart = thumb.y >= pinned.y + pinned.height || pinned.y >= thumb.y + thumb.height || thumb.x >= pinned.x + pinned.width;
  expect(apart, 'the thumb is clear of the month’s label').toBe(true);

  // Dragged to the bottom: the month under the finger is named beside it, and the timeline is at the oldest month.
  const track = (await page.getByTestId('timeline-thumb-track').boundingBox())!;
  await page.mouse.move(thumb.x + thumb.width / 2, thumb.y + thumb.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(thumb.x + thumb.width / 2, thumb.y + ((track.y + track.height - 2 - thumb.y) * i) / 10);
  const named = page.getByTestId('timeline-thumb-month');
  await expect(named).toBeVisible();
  await expect(slider).toHaveAttribute('aria-valuenow', String(last));
  const oldest = (await named.textContent())!;
  expect(oldest).not.toBe(newest);
  await page.mouse.up();
  await expect(named).toBeHidden();
  // The timeline shows the oldest month's days, and the thumb stays at the bottom.
  await expect(page.locator(`h2[data-day^="${oldestMonth}-"]`).first()).toBeInViewport({ timeout: 15_000 });
  await expect(month).toHaveText(oldest);
  await expect(slider).toHaveAttribute('aria-valuetext', oldest);
  await expect(slider).toHaveAttribute('aria-valuenow', String(last));

  // By keyboard: Home is the newest month again, and the arrow moves one month.
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(month).toHaveText(newest, { timeout: 15_000 });
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await page.keyboard.press('ArrowDown');
  await expect(slider).toHaveAttribute('aria-valuenow', '1', { timeout: 15_000 });
  await expect(month).not.toHaveText(newest);
});
