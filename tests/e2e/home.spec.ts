import { expect, test } from '@playwright/test';
import { makeToneMp3, uploadAudio } from './support/audio';
import { apiLogin, registerAndLogin } from './support/auth';

test('the home page is served on one origin with the product name', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Копилка' }).first()).toBeVisible();
  await expect(page).toHaveTitle(/Копилка/);
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('Страница не найдена')).toBeVisible();
  await page.getByRole('link', { name: 'На главную' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('signed in, the home shows each section’s latest items and what they take, and plays the latest recording in place', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await registerAndLogin(page, { firstName: 'Нина' });
  const { access } = await apiLogin(page.request, user);
  await uploadAudio(page.request, access, 'Старая запись', makeToneMp3(2));
  await uploadAudio(page.request, access, 'Свежая запись', makeToneMp3(3));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Здравствуйте, Нина' })).toBeVisible();
  // The guest's prompt is not there for someone signed in.
  await expect(page.getByText('Войдите, чтобы получить доступ к функциям Копилки')).toBeHidden();
  const audio = page.getByTestId('home-card-audio');
  await expect(audio.getByRole('heading', { name: 'Аудио' })).toBeVisible();
  await expect(audio.getByTestId('home-audio-figures')).toHaveText(/^2\s+записи · \d/, { timeout: 30_000 });
  const rows = audio.getByTestId('home-recording');
  await expect(rows.first()).toContainText('Свежая запись');
  await expect(rows).toHaveCount(2);
  for (const kind of ['photo', 'video']) await expect(page.getByTestId(`home-card-${kind}`)).toBeVisible();

  // Ready (processed) recordings play right here.
  const play = audio.getByRole('button', { name: 'Воспроизвести: Свежая запись' });
  await expect(play).toBeEnabled({ timeout: 30_000 });
  await play.click();
  await expect(audio.getByRole('button', { name: 'Пауза: Свежая запись' })).toBeVisible();
  const player = page.getByTestId('home-audio');
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.3);
  expect(await player.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
  await audio.getByRole('button', { name: 'Пауза: Свежая запись' }).click();
  expect(await player.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);

  // Each card leads to its screen, and the quick action opens the recorder where the card is.
  await audio.getByRole('button', { name: 'Записать аудио' }).click();
  await expect(page.getByRole('dialog', { name: 'Запись аудио' }).getByRole('heading', { name: 'Запись аудио' })).toBeVisible();
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.getByRole('dialog', { name: 'Запись аудио' }).getByRole('button', { name: 'Закрыть', exact: true }).click();
  await audio.getByRole('link', { name: 'Все записи' }).click();
  await expect(page.getByRole('heading', { name: 'Мои аудиозаписи' })).toBeVisible();
});

test('signed in, «Избранное» on the home shows the starred items and leads to the list’s «Избранное», and is absent with none', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const user = await registerAndLogin(page);
  const { access } = await apiLogin(page.request, user);
  const starred = await uploadAudio(page.request, access, 'Голос бабушки', makeToneMp3(2));
  await uploadAudio(page.request, access, 'Будильник', makeToneMp3(3));

  await page.goto('/');
  await expect(page.getByTestId('home-audio-figures')).toHaveText(/^2\s+записи/, { timeout: 30_000 });
  await expect(page.getByTestId('home-favorites')).toHaveCount(0);

  const res = await page.request.patch(`/api/media/audio/${starred}/`, {
    headers: { Authorization: `Bearer ${access}` },
    data: { is_favorite: true },
  });
  expect(res.status()).toBe(200);
  await page.reload();
  const favourites = page.getByRole('region', { name: 'Избранное' });
  await expect(favourites.getByRole('list', { name: 'Избранные аудиозаписи' }).getByTestId('home-recording')).toHaveText([/Голос бабушки/]);
  await favourites.getByRole('link', { name: 'Все избранные записи' }).click();
  await expect(page.getByRole('heading', { name: 'Мои аудиозаписи' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Показывать' }).getByRole('button', { name: 'Избранное' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('audio-item')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Голос бабушки', exact: true })).toBeVisible();
});
