import { expect, test, type Page } from '@playwright/test';
import { makeToneMp3, uploadAudio } from './support/audio';
import { apiLogin, registerAndLogin } from './support/auth';

const item = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const showing = (page: Page, which: 'Все' | 'Избранное') =>
  page.getByRole('group', { name: 'Показывать' }).getByRole('button', { name: which });

test('a recording starred in its row is found under «Избранное», and unstarred leaves it', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await registerAndLogin(page);
  const { access } = await apiLogin(page.request, user);
  // Two different files: the vault keeps one copy of the same bytes.
  await uploadAudio(page.request, access, 'Голос мамы', makeToneMp3(2));
  await uploadAudio(page.request, access, 'Список покупок', makeToneMp3(3));

  await page.goto('/audio');
  await expect(item(page, 'Голос мамы')).toBeVisible();
  await expect(page.getByTestId('audio-item')).toHaveCount(2);

  // «Избранное» starts empty and says what to do.
  await showing(page, 'Избранное').click();
  await expect(showing(page, 'Избранное')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('В избранном пока пусто')).toBeVisible();
  await showing(page, 'Все').click();

  // The star turns on at once and the server keeps it.
  const star = item(page, 'Голос мамы').getByRole('button', { name: 'В избранное' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/media/audio/'));
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  expect((await saved).status()).toBe(200);

  await showing(page, 'Избранное').click();
  await expect(page.getByTestId('audio-item')).toHaveCount(1);
  await expect(item(page, 'Голос мамы')).toBeVisible();
  await expect(page.getByText('1 запись')).toBeVisible();

  // After a reload the star is still there (it came from the server, not the page's memory).
  await page.reload();
  await expect(item(page, 'Голос мамы').getByRole('button', { name: 'В избранное' })).toHaveAttribute('aria-pressed', 'true');
  await expect(item(page, 'Список покупок').getByRole('button', { name: 'В избранное' })).toHaveAttribute('aria-pressed', 'false');
  await showing(page, 'Избранное').click();
  await expect(page.getByTestId('audio-item')).toHaveCount(1);

  // Taking the star away under «Избранное» empties it.
  await item(page, 'Голос мамы').getByRole('button', { name: 'В избранное' }).click();
  await expect(page.getByText('В избранном пока пусто')).toBeVisible();
  const favourites = async () => {
    const res = await page.request.get(`/api/media/audio/?favorite=1&t=${Date.now()}`, { headers: { Authorization: `Bearer ${access}` } });
    return ((await res.json()) as unknown[]).length;
  };
  await expect.poll(favourites).toBe(0);
});
