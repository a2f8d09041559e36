import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, GUEST_SCREENS } from './support/a11y';
import { makeToneMp3, uploadAudio } from './support/audio';
import { apiLogin, registerAndLogin, storeTokens } from './support/auth';
import { uploadPhoto } from './support/photos';

const SIZES = { '1280×800': { width: 1280, height: 800 }, '390×844': { width: 390, height: 844 } } as const;
const THEMES = ['light', 'dark'] as const;

const SIGNED_IN: [path: string, heading: string | RegExp][] = [
  ['/', /^Здравствуйте/],
  ['/audio', 'Мои аудиозаписи'],
  ['/photos', 'Мои фотографии'],
  ['/video', 'Мои видео'],
  ['/trash', 'Корзина'],
  ['/profile', 'Профиль'],
];

/**
 * Checks the page as it is now in both themes. The walk's theme is «Как в системе», so switching the emulated
 * system scheme switches the app's theme in place (the app's own listener, as theme.spec tests), and each
 * screen is visited once for both: four whole walks took 152 s.
 */
async function expectAccessibleInBothThemes(page: Page, what: string) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(theme);
    // Colours that ease into the new theme are measured once they are there.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    await expectAccessible(page, `${what} (${theme})`);
  }
}

for (const [sizeName, viewport] of Object.entries(SIZES)) {
  test(`axe finds no serious or critical violation on any screen, light and dark, at ${sizeName}`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    await page.addInitScript(() => localStorage.setItem('theme', 'system'));
    const what = (s: string) => `${s} at ${sizeName}`;

    for (const [path, heading] of GUEST_SCREENS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
      await expectAccessibleInBothThemes(page, what(path));
    }
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await expect(page.getByRole('navigation', { name: 'Основное меню' })).toBeVisible();
    await expectAccessibleInBothThemes(page, what('the drawer'));
    await page.keyboard.press('Escape');

    const user = await registerAndLogin(page);
    const tokens = await apiLogin(page.request, user);
    await uploadAudio(page.request, tokens.access, 'Заметка', makeToneMp3(2));
    const sky = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 40, g: 120, b: 200 } } })
      .jpeg()
      .toBuffer();
    await uploadPhoto(page.request, tokens.access, 'Небо', sky);
    await storeTokens(page, tokens);

    for (const [path, heading] of SIGNED_IN) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      if (path === '/audio') await expect(page.getByTestId('audio-item')).toHaveCount(1);
      if (path === '/photos') await expect(page.getByTestId('photo-tile')).toHaveCount(1);
      await expectAccessibleInBothThemes(page, what(path));
    }

    // The floating parts: the user's menu, a listbox open, the viewer.
    await page.goto('/photos');
    await page.getByRole('button', { name: /Меню пользователя/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessibleInBothThemes(page, what('the user menu'));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Сортировка/ }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await expectAccessibleInBothThemes(page, what('the sort listbox'));
    await page.keyboard.press('Escape');
    await page.getByTestId('photo-tile').first().click();
    await expect(page.getByTestId('photo-viewer-image')).toBeVisible();
    await expectAccessibleInBothThemes(page, what('the photo viewer'));
  });
}
