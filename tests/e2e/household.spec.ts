import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/a11y';
import { makeToneMp3, openRow, rowAction, uploadAudio } from './support/audio';
import { apiLogin, registerAndLogin } from './support/auth';
import { choose } from './support/listbox';
import { uploadPhoto } from './support/photos';

/** A small JPEG of one colour, made here so the test owns its bytes. */
const jpeg = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

const row = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const snackbar = (page: Page, text: string) => page.getByText(text).first();

/** A second person at their own browser: a context of their own, signed in as a new account named `first last`. */
async function secondPerson(browser: Browser, firstName: string, lastName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await registerAndLogin(page, { firstName, lastName });
  const { access } = await apiLogin(page.request, user);
  return { context, page, user, access };
}

test('two people share an album: one adds a recording, the other sees who added it and plays it; removed, the album is gone', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Анна owns the album; Борис is invited as «Участник».
  const anna = await registerAndLogin(page, { firstName: 'Анна', lastName: 'Смирнова' });
  const { access } = await apiLogin(page.request, anna);
  const photo = await uploadPhoto(page.request, access, 'Дача', await jpeg(60, 150, 60));
  const auth = { headers: { Authorization: `Bearer ${access}` } };
  const made = await page.request.post('/api/albums/', { ...auth, data: { title: 'Семья' } });
  const { id } = (await made.json()) as { id: number };
  await page.request.post(`/api/albums/${id}/items/`, { ...auth, data: { items: [{ kind: 'photo', id: photo }] } });
  const boris = await secondPerson(browser, 'Борис', 'Смирнов');

  // «Участники» on the album's page: an unknown address is said so; Борис is invited as «Участник».
  await page.goto(`/albums?id=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Семья' })).toBeVisible();
  await page.getByRole('button', { name: 'Участники' }).click();
  const members = page.getByRole('dialog', { name: 'Участники' });
  await expect(members.getByText('Альбом пока видите только вы.', { exact: false })).toBeVisible();
  await members.getByLabel('E-mail').fill('nobody@example.test');
  await members.getByRole('button', { name: 'Пригласить' }).click();
  await expect(members.getByText('Пользователь с таким e-mail не найден')).toBeVisible();
  await expect(members.getByLabel('E-mail')).toBeFocused();
  await members.getByLabel('E-mail').fill(boris.user.email);
  await choose(members.getByTestId('invite-form'), 'Роль', 'Участник');
  await members.getByRole('button', { name: 'Пригласить' }).click();
  await expect(snackbar(page, 'Борис Смирнов теперь видит альбом')).toBeVisible();
  const borisRow = members.getByTestId('member').filter({ hasText: 'Борис Смирнов' });
  await expectAccessible(page, 'the members dialog');
  await expect(borisRow).toContainText(boris.user.email);
  await expect(borisRow.getByRole('button', { name: 'Роль: Борис Смирнов' })).toHaveText('Участник');
  await members.getByRole('button', { name: 'Готово' }).click();
  await expect(members).toBeHidden();
  await expect(page.getByRole('button', { name: 'Участники' })).toBeFocused();

  // Борис finds it under «Доступно мне», with Анна's name; his recording goes in from «Аудио», «⋯» → «В альбом».
  const b = boris.page;
  await b.goto('/albums');
  await b.getByRole('tab', { name: /Доступно мне/ }).click();
  const card = b.getByTestId('album-card').filter({ hasText: 'Семья' });
  await expect(card.getByTestId('album-owner')).toContainText('Анна Смирнова');
  await expectAccessible(b, '«Доступно мне»');
  await card.click();
  await expect(b.getByRole('heading', { level: 1, name: 'Семья' })).toBeVisible();
  await expect(b.getByTestId('album-owner')).toContainText('Альбом пользователя Анна Смирнова · Участник');
  await expect(b.getByTestId('contributor-hint')).toBeVisible();
  await expect(b.getByRole('button', { name: 'Изменить', exact: true })).toHaveCount(0);
  await uploadAudio(b.request, boris.access, 'Голос Бориса', makeToneMp3(3));
  await b.goto('/audio');
  await rowAction(b, row(b, 'Голос Бориса'), 'В альбом');
  const chooser = b.getByRole('dialog', { name: 'В альбом' });
  await chooser.getByRole('button', { name: /^Семья/ }).click();
  await expect(snackbar(b, 'Добавлено в альбом «Семья»')).toBeVisible();

  // Анна sees it, «Добавил(а) Борис Смирнов», and plays it; it is his, so its «⋯» only downloads it or takes it out of the album.
  await page.reload();
  const recording = row(page, 'Голос Бориса');
  await expect(recording.getByTestId('item-owner')).toHaveText('Добавил(а) Борис Смирнов');
  await openRow(recording);
  await recording.getByRole('button', { name: 'Воспроизвести: Голос Бориса' }).click();
  const audio = recording.getByTestId('waveform').locator('audio');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.2);
  await recording.getByRole('button', { name: 'Пауза: Голос Бориса' }).click();
  await recording.getByRole('button', { name: 'Действия: Голос Бориса' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Скачать', 'Убрать из альбома']);
  await page.keyboard.press('Escape');
  // Her own photo says who added it too, in the viewer's «Сведения».
  await page.getByRole('img', { name: 'Дача' }).click();
  const viewer = page.getByRole('dialog', { name: 'Просмотр фотографии' });
  await viewer.getByRole('button', { name: 'Сведения' }).click();
  await expect(viewer.getByTestId('viewer-info')).toContainText('Добавил(а)вы');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Борис sees Анна's photo as hers (no star, no deletion, her name in the viewer), and his own row unmarked.
  await b.goto(`/albums?id=${id}`);
  await b.getByRole('img', { name: 'Дача' }).click();
  const his = b.getByRole('dialog', { name: 'Просмотр фотографии' });
  await expect(his.getByTestId('viewer-owner')).toHaveText(' · Добавил(а) Анна Смирнова');
  await expect(his.getByRole('button', { name: 'Удалить' })).toHaveCount(0);
  await b.keyboard.press('Escape');
  await expect(row(b, 'Голос Бориса')).toBeVisible();
  await expect(row(b, 'Голос Бориса').getByTestId('item-owner')).toHaveCount(0);

  // Removed by Анна, Борис no longer finds the album; his recording stays his.
  await page.getByRole('button', { name: 'Участники' }).click();
  await members.getByRole('button', { name: 'Убрать: Борис Смирнов' }).click();
  await expect(snackbar(page, 'Борис Смирнов больше не видит альбом')).toBeVisible();
  await expect(members.getByTestId('member')).toHaveCount(1);
  await members.getByRole('button', { name: 'Готово' }).click();
  await expect(row(page, 'Голос Бориса')).toHaveCount(0);
  await b.reload();
  await expect(b.getByText('Альбом не найден')).toBeVisible();
  await b.goto('/audio');
  await expect(row(b, 'Голос Бориса')).toBeVisible();
  await boris.context.close();
});

test('partner sharing: her photos in his timeline marked as hers, hidden by the switch, ended from his side', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const vera = await registerAndLogin(page, { firstName: 'Вера', lastName: 'Иванова' });
  const { access } = await apiLogin(page.request, vera);
  await uploadPhoto(page.request, access, 'Закат Веры', await jpeg(200, 90, 40));
  const gleb = await secondPerson(browser, 'Глеб', 'Иванов');
  await uploadPhoto(gleb.page.request, gleb.access, 'Фото Глеба', await jpeg(40, 90, 200));

  // Вера, in her profile: «Партнёры» → «Показывать мои фото и видео» to Глеб.
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Партнёры' });
  await expect(section.getByText('Вы пока никому не показываете свои фото и видео.')).toBeVisible();
  await section.getByLabel('E-mail партнёра').fill(gleb.user.email);
  await section.getByRole('button', { name: 'Показывать мои фото и видео' }).click();
  await expect(snackbar(page, 'Глеб Иванов теперь видит ваши фото и видео')).toBeVisible();
  await expect(section.getByTestId('partner')).toContainText('Глеб Иванов');

  // Глеб's «Фото»: her photo beside his, marked as hers; it opens read-only with her name.
  const g = gleb.page;
  await g.goto('/photos');
  const hers = g.getByTestId('photo-tile').and(g.locator(`[data-owner]`));
  await expect(g.getByTestId('photo-tile')).toHaveCount(2);
  await expect(hers).toHaveCount(1);
  await expect(g.getByTestId('owner-chip')).toHaveAttribute('title', 'Вера Иванова');
  await hers.click();
  const viewer = g.getByRole('dialog', { name: 'Просмотр фотографии' });
  await expect(viewer.getByTestId('viewer-owner')).toHaveText(' · Вера Иванова');
  await expect(viewer.getByRole('button', { name: 'Удалить' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /избранное/i })).toHaveCount(0);
  await g.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // The switch hides hers (and is remembered); on again, she is back.
  const partners = g.getByRole('switch', { name: 'Показывать фото партнёров' });
  await expect(partners).toHaveAttribute('aria-checked', 'true');
  await partners.click();
  await expect(g.getByTestId('photo-tile')).toHaveCount(1);
  await g.reload();
  await expect(g.getByRole('switch', { name: 'Показывать фото партнёров' })).toHaveAttribute('aria-checked', 'false');
  await expect(g.getByTestId('photo-tile')).toHaveCount(1);
  await g.getByRole('switch', { name: 'Показывать фото партнёров' }).click();
  await expect(g.getByTestId('photo-tile')).toHaveCount(2);
  await expectAccessible(g, 'photos with a partner');
  // On a phone the count and the filter keep one line, the switch (its shorter words, the same name) under them.
  await g.setViewportSize({ width: 390, height: 844 });
  const count = g.getByTestId('list-status');
  const all = g.getByRole('button', { name: 'Все', exact: true });
  await expect(partners.getByText('Фото партнёров', { exact: true })).toBeVisible();
  await expect(partners.getByText('Показывать фото партнёров', { exact: true })).toBeHidden();
  // Read once the screen has redrawn for the phone (its toolbar folds by script, after the resize).
  await expect(async () => {
    const [countBox, allBox, switchBox] = [await count.boundingBox(), await all.boundingBox(), await partners.boundingBox()];
    expect(Math.abs(countBox!.y + countBox!.height / 2 - (allBox!.y + allBox!.height / 2))).toBeLessThan(4);
    expect(switchBox!.y).toBeGreaterThanOrEqual(allBox!.y + allBox!.height);
  }).toPass({ timeout: 10_000 });
  await expectAccessible(g, 'photos with a partner, on a phone');
  await g.setViewportSize({ width: 1280, height: 800 });

  // Глеб ends it from his side: «Не показывать»; her photo leaves his timeline and the switch goes.
  await g.goto('/profile');
  const his = g.getByRole('region', { name: 'Партнёры' });
  await his.getByRole('button', { name: 'Не показывать: Вера Иванова' }).click();
  await expect(snackbar(g, 'Фото и видео Вера Иванова скрыты')).toBeVisible();
  await g.goto('/photos');
  await expect(g.getByTestId('photo-tile')).toHaveCount(1);
  await expect(g.getByRole('switch', { name: 'Показывать фото партнёров' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Партнёры' }).getByTestId('partner')).toHaveCount(0);
  await gleb.context.close();
});
