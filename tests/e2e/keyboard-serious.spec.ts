import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { makeToneMp3, uploadAudio } from './support/audio';
import { registerAndLogin, registerAndLoginWithAccess } from './support/auth';
import { expectReady } from './support/large-library';
import { uploadPhoto } from './support/photos';

/**
 * The serious keyboard and screen-reader findings of the third release's review (S1–S3), walked by keyboard alone:
 * the focus is never left on <body>, and what happens is said in a live region that was there before it changed.
 */

/** Presses Tab until `predicate` holds for the focused element (at most `limit` presses); fails otherwise. */
async function tabTo(page: Page, predicate: (el: { name: string; role: string | null; tag: string }) => boolean, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return {
        name: (a?.getAttribute('aria-label') ?? a?.textContent ?? '').trim(),
        role: a?.getAttribute('role') ?? null,
        tag: a?.tagName.toLowerCase() ?? '',
      };
    });
    if (predicate(el)) return;
  }
  throw new Error('never reached by Tab');
}

const focusedIsBody = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);

test('S1: after «Создать ссылку» the focus is on «Скопировать ссылку» and «Ссылка создана» is said', async ({ page }) => {
  test.setTimeout(90_000);
  const { access } = await registerAndLoginWithAccess(page);
  await uploadAudio(page.request, access, 'Лекция', makeToneMp3(2));
  await page.goto('/audio');
  const row = page.getByRole('article', { name: 'Лекция', exact: true });
  await expect(row).toBeVisible();

  // By keyboard: the row's «⋯», «Поделиться», then Tab to «Создать ссылку» and Enter.
  await row.getByRole('button', { name: /^Действия: / }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Поделиться' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Поделиться' });
  await expect(dialog).toBeVisible();
  const status = dialog.getByTestId('share-status');
  // The live line is there, empty, before the link is made (a region that appears with its text is not heard).
  await expect(status).toHaveAttribute('role', 'status');
  await expect(status).toHaveText('');
  await tabTo(page, (el) => el.name === 'Создать ссылку');
  await page.keyboard.press('Enter');

  await expect(dialog.getByRole('button', { name: 'Скопировать ссылку' })).toBeFocused();
  await expect(status).toHaveText('Ссылка создана');
  expect(await focusedIsBody(page)).toBe(false);
  await expect(dialog.getByTestId('share-url')).toHaveValue(/\/s\/#/);
});

test('S2: adding a passkey keeps the focus: into «Текущий пароль», on the error, then back to «Добавить ключ доступа»', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const user = await registerAndLogin(page);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Ключи доступа' });
  const add = section.getByRole('button', { name: 'Добавить ключ доступа' });
  await add.focus();
  await page.keyboard.press('Enter');

  // The form opens with the focus in its first field.
  const password = section.getByLabel('Текущий пароль');
  await expect(password).toBeFocused();

  // «Продолжить» with no password: the message is tied to the field (M2), and the focus goes to it.
  await tabTo(page, (el) => el.name === 'Продолжить');
  await page.keyboard.press('Enter');
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/Введите текущий пароль/);

  await page.keyboard.type(user.password);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ноутбук');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Ключ доступа добавлен')).toBeVisible();
  await expect(section.getByText('Ноутбук')).toBeVisible();
  // The form gone, the focus on «Добавить ключ доступа» (the new key listed just above it).
  await expect(add).toBeFocused();
});

test('S3: after a delete in the photo viewer, Ctrl+Z brings the photo back, and «Отменить» is reached by Tab', async ({ page }) => {
  test.setTimeout(120_000);
  const { access } = await registerAndLoginWithAccess(page);
  for (const [i, r] of [40, 160].entries()) {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
    await expectReady(page.request, access, 'photo', await uploadPhoto(page.request, access, `Снимок ${i + 1}`, jpeg));
  }
  await page.goto('/photos');
  await expect(page.getByTestId('photo-tile')).toHaveCount(2);
  const viewer = page.getByRole('dialog', { name: 'Просмотр фотографии' });

  // Ctrl+Z, pressed in the viewer right after the delete.
  await page.getByTestId('photo-tile').first().focus();
  await page.keyboard.press('Enter');
  await expect(viewer.getByTestId('viewer-counter')).toHaveText('1 из 2');
  await viewer.getByRole('button', { name: 'Удалить' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Удалить фотографию' });
  await confirm.getByRole('button', { name: 'Удалить' }).press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(viewer.getByTestId('viewer-counter')).toHaveText('1 из 1');
  // The message shows inside the viewer (a screen reader kept in the modal hears it there).
  await expect(viewer.getByTestId('snackbar-success').filter({ hasText: 'Ctrl+Z' })).toContainText('Отменить: Ctrl+Z');
  await page.keyboard.press('Control+z');
  await expect(viewer.getByTestId('viewer-counter')).toHaveText(/из 2$/, { timeout: 15_000 });

  // «Отменить» by Tab: it is among the viewer's own stops.
  await viewer.getByRole('button', { name: 'Удалить' }).focus();
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Удалить' }).press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(viewer.getByTestId('snackbar-success').filter({ hasText: 'Ctrl+Z' })).toBeVisible();
  await tabTo(page, (el) => el.name === 'Отменить', 30);
  await page.keyboard.press('Enter');
  await expect(viewer.getByTestId('viewer-counter')).toHaveText(/из 2$/, { timeout: 15_000 });
  expect(await focusedIsBody(page)).toBe(false);
});
