import { expect, test } from '@playwright/test';
import { makeToneMp3, uploadAudio } from './support/audio';
import { apiLogin, registerAndLogin } from './support/auth';
import { choose } from './support/listbox';

const RECORDINGS = 12;

test('12 recordings read as a recorder’s list: 8+ rows in view at 1280×800 under «Сегодня»; Enter or a click opens one, ↑/↓ move', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await registerAndLogin(page);
  const { access } = await apiLogin(page.request, user);
  // Each a second longer than the one before: the same bytes twice would be refused as a duplicate.
  for (let n = 1; n <= RECORDINGS; n++) await uploadAudio(page.request, access, `Запись ${n}`, makeToneMp3(n + 1));

  await page.goto('/audio');
  const list = page.getByRole('list', { name: 'Аудиозаписи' });
  await expect(list.getByRole('heading', { name: 'Сегодня' })).toBeVisible();
  const rows = list.getByRole('article');
  await expect(rows.first()).toHaveAccessibleName('Запись 12');

  // Dense rows: each at most 72 px high, and at least eight wholly inside the 800 px window.
  const inView = async () =>
    rows.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight),
    );
  await expect.poll(async () => (await inView()).length).toBeGreaterThanOrEqual(8);
  for (const box of await inView()) expect(box.height).toBeLessThanOrEqual(72);

  // ↑/↓ move between rows; Enter opens the focused one in place, with its player.
  const toggle = (title: string) => list.getByRole('article', { name: title, exact: true }).getByRole('heading').getByRole('button');
  await toggle('Запись 12').focus();
  await page.keyboard.press('ArrowDown');
  await expect(toggle('Запись 11')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(toggle('Запись 10')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(toggle('Запись 11')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toggle('Запись 11')).toHaveAttribute('aria-expanded', 'true');
  const opened = list.getByRole('article', { name: 'Запись 11', exact: true });
  await expect(opened.getByTestId('waveform')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  // A 12 s clip: the compact player (play, waveform, clock); ±15 s and the speed are a long clip's
  // (audio-phone.spec.ts), «Обрезать» is in the row's «⋯» (below).
  await expect(opened.getByRole('button', { name: 'Воспроизвести: Запись 11' })).toBeVisible();
  await expect(opened.getByRole('button', { name: 'Вперёд на 15 секунд' })).toHaveCount(0);

  // It plays, and the row's thin line follows.
  await opened.getByRole('button', { name: 'Воспроизвести: Запись 11' }).click();
  await expect(opened.getByRole('button', { name: 'Пауза: Запись 11' })).toBeVisible();
  await expect
    .poll(() =>
      opened
        .getByTestId('waveform')
        .locator('audio')
        .evaluate((a: HTMLAudioElement) => a.currentTime),
    )
    .toBeGreaterThan(0.5);
  await expect.poll(() => opened.getByTestId('audio-progress').evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(0);

  // Enter again closes it; a click on another row's date opens that one.
  await toggle('Запись 11').focus();
  await page.keyboard.press('Enter');
  await expect(toggle('Запись 11')).toHaveAttribute('aria-expanded', 'false');
  await list.getByRole('article', { name: 'Запись 9', exact: true }).locator('time').click();
  await expect(toggle('Запись 9')).toHaveAttribute('aria-expanded', 'true');

  // The «⋯» menu holds the secondary actions.
  await list.getByRole('button', { name: 'Действия: Запись 9' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Изменить', 'Обрезать', 'Скачать', 'Поделиться', 'В альбом', 'Удалить']);
  await page.keyboard.press('Escape');
  await expect(list.getByRole('button', { name: 'Действия: Запись 9' })).toBeFocused();

  // Another order drops the headings; search still narrows the list.
  await choose(page, 'Сортировка', 'Название А–Я');
  await expect(list.getByRole('heading', { name: 'Сегодня' })).toHaveCount(0);
  await expect(rows.first()).toHaveAccessibleName('Запись 1');
  await choose(page, 'Сортировка', 'Сначала новые');
  await expect(list.getByRole('heading', { name: 'Сегодня' })).toBeVisible();
  await page.getByLabel('Поиск').fill('Запись 12');
  await expect(rows).toHaveCount(1);
  await expect(list.getByRole('heading', { name: 'Сегодня' })).toBeVisible();
});
