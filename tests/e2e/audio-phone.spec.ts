import { expect, test, type Locator, type Page } from '@playwright/test';
import { makeToneMp3, openRow, uploadAudio } from './support/audio';
import { registerAndLoginWithAccess } from './support/auth';
import { expectReady } from './support/large-library';

/**
 * The audio screen is phone-first (issue 45, item 3): on a 390×844 phone the list starts high and holds 8 or more
 * recordings, search and sort are icons in the header, the count and «Все / Избранное» share a line, the bottom bar's
 * red button is the only record button, and an open player stays compact (play, waveform and clock on one line; ±15
 * and the speed only for a clip long enough to skip in).
 */

const TITLES = [
  'Список покупок',
  'Песня у костра',
  'Лекция по истории',
  'Утренние мысли',
  'Мысль в метро',
  'Диктовка письма',
  'Напоминание',
  'Звонок маме — что купить',
  'Шум дождя за окном',
  'Идея для рассказа',
  'Репетиция тоста',
];

/** A dozen recordings (the newest a 35 s one, the rest 2–4.5 s: each its own bytes, or the server keeps one), all ready. */
async function aDozen(page: Page): Promise<void> {
  const { access } = await registerAndLoginWithAccess(page);
  for (const [i, title] of TITLES.entries()) {
    await expectReady(page.request, access, 'audio', await uploadAudio(page.request, access, title, makeToneMp3(2 + i * 0.25)));
  }
  await expectReady(
    page.request,
    access,
    'audio',
    await uploadAudio(page.request, access, 'Подкаст: черновик вступления', makeToneMp3(35)),
  );
}

/** How many recordings are wholly in view, between the top bar and the bottom bar (or the window's bottom). */
async function rowsInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bar = document.querySelector('nav[aria-label="Разделы"]');
    const barTop = bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect().top : window.innerHeight;
    const top = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    return Array.from(document.querySelectorAll<HTMLElement>('[data-testid="audio-item"]')).filter((row) => {
      const r = row.getBoundingClientRect();
      return r.top >= top && r.bottom <= barTop + 0.5;
    }).length;
  });
}

const box = async (l: Locator) => (await l.boundingBox())!;
const middle = async (l: Locator) => {
  const b = await box(l);
  return b.y + b.height / 2;
};

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the list starts high: 8+ recordings in view, search and sort as icons, count and filter on one line', async ({ page }) => {
    test.setTimeout(120_000);
    await aDozen(page);
    await page.goto('/audio');
    await expect(page.getByTestId('audio-item')).toHaveCount(12);

    expect(await rowsInView(page)).toBeGreaterThanOrEqual(8);
    // Rows ≤ 72 px (face.md); under «Сегодня» a row says the time only, not the date again.
    const first = page.getByTestId('audio-item').first();
    expect((await box(first)).height).toBeLessThanOrEqual(72);
    await expect(first.locator('time')).toHaveText(/^\d\d:\d\d$/);

    // The bottom bar's round red button records; the screen repeats it only on a laptop.
    await expect(page.getByRole('button', { name: 'Записать аудио' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Записать' })).toBeVisible();

    // Search and sort are icons on the heading's line.
    const heading = page.getByRole('heading', { level: 1, name: 'Мои аудиозаписи' });
    const search = page.getByRole('button', { name: 'Поиск' });
    const sort = page.getByRole('button', { name: /Сортировка/ });
    await expect(page.getByRole('searchbox')).toHaveCount(0);
    expect(Math.abs((await middle(search)) - (await middle(heading)))).toBeLessThan(8);
    expect(Math.abs((await middle(sort)) - (await middle(heading)))).toBeLessThan(8);
    // The count and «Все / Избранное» on one line.
    expect(
      Math.abs((await middle(page.getByText('12 записей'))) - (await middle(page.getByRole('button', { name: 'Все', exact: true })))),
    ).toBeLessThan(8);

    // Every control a thumb needs is 44 px or more (face.md, M4): the header's, the filter's, a row's, the top bar's.
    const controls = [
      search,
      sort,
      page.getByRole('button', { name: 'Загрузить аудио' }),
      page.getByRole('button', { name: 'Все', exact: true }),
      page.getByRole('button', { name: 'Избранное', exact: true }),
      first.getByRole('button', { name: /^В избранное/ }),
      first.getByRole('button', { name: /^Действия: / }),
      page.getByRole('button', { name: /Меню пользователя/ }),
      page.getByRole('button', { name: 'Выйти' }),
      page.getByRole('button', { name: 'Открыть меню' }),
    ];
    for (const control of controls) {
      const b = await box(control);
      const name = await control.evaluate((el) => el.getAttribute('aria-label') ?? el.textContent);
      expect(Math.min(b.width, b.height), `${name}: ${b.width}×${b.height}`).toBeGreaterThanOrEqual(44);
    }

    // The magnifier opens the field, focused, on a line of its own; a search finds; the × folds it back, emptied.
    await search.tap();
    const field = page.getByRole('searchbox', { name: 'Поиск' });
    await expect(field).toBeFocused();
    await field.fill('метро');
    await expect(page.getByText('Найдено: 1 запись')).toBeVisible();
    await expect(page.getByTestId('audio-item')).toHaveCount(1);
    await page.getByRole('button', { name: 'Закрыть поиск' }).tap();
    await expect(page.getByRole('searchbox')).toHaveCount(0);
    await expect(page.getByTestId('audio-item')).toHaveCount(12);
    await expect(search).toBeFocused();
  });

  test('an open player is compact: one line for a short clip, a second for ±15 and speed on a long one', async ({ page }) => {
    test.setTimeout(120_000);
    await aDozen(page);
    await page.goto('/audio');
    await expect(page.getByTestId('audio-item')).toHaveCount(12);

    // A 2 s memo: play, waveform and clock on one line, nothing to skip in.
    const memo = page.getByRole('article', { name: 'Репетиция тоста', exact: true });
    await openRow(memo);
    await expect(memo.getByTestId('waveform')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    const play = memo.getByRole('button', { name: /^Воспроизвести/ });
    expect(Math.min((await box(play)).width, (await box(play)).height)).toBeGreaterThanOrEqual(44);
    expect(Math.abs((await middle(play)) - (await middle(memo.getByTestId('waveform'))))).toBeLessThan(6);
    expect(Math.abs((await middle(play)) - (await middle(memo.getByRole('timer', { name: 'Время воспроизведения' }))))).toBeLessThan(6);
    await expect(memo.getByRole('button', { name: 'Назад на 15 секунд' })).toHaveCount(0);
    await expect(memo.getByRole('button', { name: /Скорость воспроизведения/ })).toHaveCount(0);
    await memo.getByRole('heading').getByRole('button').tap();

    // The 35 s one: ±15 and the speed on a second line, 44 px each; several rows still in view under it.
    const long = page.getByRole('article', { name: 'Подкаст: черновик вступления', exact: true });
    await openRow(long);
    await expect(long.getByTestId('waveform')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    const back = long.getByRole('button', { name: 'Назад на 15 секунд' });
    const speed = long.getByRole('button', { name: /Скорость воспроизведения/ });
    await expect(back).toBeVisible();
    await expect(speed).toBeVisible();
    for (const control of [back, long.getByRole('button', { name: 'Вперёд на 15 секунд' }), speed]) {
      expect(Math.min((await box(control)).width, (await box(control)).height)).toBeGreaterThanOrEqual(44);
    }
    expect(await middle(back)).toBeGreaterThan((await middle(long.getByTestId('waveform'))) + 20);
    expect((await box(long)).height).toBeLessThanOrEqual(220);
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(6);
  });
});

test('on a laptop (1280×800) 8+ recordings are in view, with search and sort on the count’s line and «Записать аудио»', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await aDozen(page);
  await page.goto('/audio');
  await expect(page.getByTestId('audio-item')).toHaveCount(12);
  expect(await rowsInView(page)).toBeGreaterThanOrEqual(8);
  await expect(page.getByRole('button', { name: 'Записать аудио' })).toBeVisible();
  const field = page.getByRole('searchbox', { name: 'Поиск' });
  await expect(field).toBeVisible();
  expect(Math.abs((await middle(field)) - (await middle(page.getByText('12 записей'))))).toBeLessThan(8);
  // The sort names its order; Enter opens it (m6), as Space and ↓ do.
  const sort = page.getByRole('button', { name: /Сортировка/ });
  await expect(sort).toContainText('Сначала новые');
  await sort.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  // With the player open, 8 rows or more still show.
  await openRow(page.getByTestId('audio-item').first());
  await expect(page.getByTestId('waveform').first()).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  expect(await rowsInView(page)).toBeGreaterThanOrEqual(8);
});
