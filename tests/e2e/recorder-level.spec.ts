import { expect, test } from '@playwright/test';
import { registerAndLogin } from './support/auth';

/**
 * The recorder shows the microphone's level while it records (issue 45, item 5), from the recording's own stream (no
 * new permission): a meter a screen reader can read, renewed calmly (once a second), and gone when the recording stops.
 * Chromium's fake microphone beeps, so the level moves.
 */
test('while recording, «Уровень звука» is a meter that moves with the microphone, and goes when it stops', async ({ page }) => {
  test.setTimeout(60_000);
  await registerAndLogin(page);
  await page.goto('/audio');
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  const dialog = page.getByRole('dialog', { name: 'Запись аудио' });
  await expect(dialog.getByRole('meter')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Начать запись' }).click();

  const meter = dialog.getByRole('meter', { name: 'Уровень звука' });
  await expect(meter).toBeVisible();
  await expect(meter).toHaveAttribute('aria-valuemin', '0');
  await expect(meter).toHaveAttribute('aria-valuemax', '100');
  // The fake microphone's beeps: the level rises above silence, and changes from one second to the next.
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        seen.add((await meter.getAttribute('aria-valuenow')) ?? '');
        return [...seen].filter((v) => Number(v) > 0).length > 0 && seen.size > 1;
      },
      { timeout: 10_000, intervals: [300] },
    )
    .toBe(true);
  await expect(meter).toHaveAttribute('aria-valuetext', /^(тишина|тихо|хорошо слышно|громко), \d+ %$/);
  // Its canvas is drawn: some pixels are not blank.
  const painted = await meter.locator('canvas').evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true;
    return false;
  });
  expect(painted).toBe(true);

  await dialog.getByRole('button', { name: 'Остановить запись' }).click();
  await expect(dialog.getByRole('button', { name: 'Прослушать' })).toBeVisible();
  await expect(dialog.getByRole('meter')).toHaveCount(0);
});
