import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { registerAndLoginWithAccess } from './support/auth';

/** A JPEG whose EXIF says it was taken at 14:00 on 1 June 2024 (with the camera's offset, or none). */
const takenAtTwo = (color: number, offset?: string) =>
  sharp({ create: { width: 48, height: 36, channels: 3, background: { r: color, g: 120, b: 90 } } })
    .jpeg()
    .withExif({ IFD2: { DateTimeOriginal: '2024:06:01 14:00:00', ...(offset ? { OffsetTimeOriginal: offset } : {}) } })
    .toBuffer();

/**
 * A photo taken at 14:00 shows 14:00 wherever it is looked at: with the camera's offset (+03:00, Moscow) and
 * without one (the camera's own clock), in a browser in Moscow and in one in Novosibirsk (+07:00), which would
 * show 18:00 if the time were read as an instant and moved into the viewer's zone.
 */
for (const timezoneId of ['Europe/Moscow', 'Asia/Novosibirsk']) {
  test.describe(`a viewer in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('sees 14:00 on a photo taken at 14:00, with the camera’s offset and without one, under its day', async ({ page }) => {
      test.setTimeout(90_000);
      const { access } = await registerAndLoginWithAccess(page);
      for (const [title, bytes] of [
        ['с поясом камеры', await takenAtTwo(40, '+03:00')],
        ['без пояса', await takenAtTwo(200)],
      ] as const) {
        const res = await page.request.post('/api/media/photo/', {
          headers: { Authorization: `Bearer ${access}` },
          multipart: { title, file: { name: `${title}.jpg`, mimeType: 'image/jpeg', buffer: bytes } },
        });
        expect(res.status(), await res.text()).toBe(201);
      }
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);

      await page.goto('/photos');
      // Both under the day they were taken, not the day they were uploaded.
      const day = page.getByRole('list', { name: /^Фотографии: Сб, 1 июн\. 2024/ });
      await expect(day.getByTestId('photo-tile')).toHaveCount(2);

      for (const title of ['с поясом камеры', 'без пояса']) {
        await page.getByRole('img', { name: title }).click();
        const dialog = page.getByRole('dialog', { name: 'Просмотр фотографии' });
        await dialog.getByRole('button', { name: 'Сведения' }).click();
        const info = dialog.getByTestId('viewer-info');
        // «Снято» and its value: 18:00 in Novosibirsk (or a day's heading of the upload) were the old bug.
        await expect(info, title).toContainText(/Снято\s*1 июня 2024 г\. в 14:00/);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });
  });
}
