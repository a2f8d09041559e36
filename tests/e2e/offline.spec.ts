import { expect, type BrowserContext, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { makeToneMp3, uploadAudio } from './support/audio';
import { apiLogin, registerAndLogin } from './support/auth';

const item = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const pending = (page: Page, title: string) => page.getByTestId('pending-recording').filter({ hasText: title });

/** Opens the audio screen online and waits until the service worker controls it (the shell is stored). */
async function openAudioOnline(page: Page) {
  await registerAndLogin(page);
  await openAudioScreen(page);
}

/** The signed-in user opens the audio screen, and the service worker comes to control it. */
async function openAudioScreen(page: Page) {
  await page.goto('/audio');
  await expect(page.getByRole('heading', { name: 'Мои аудиозаписи', level: 1 })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/** With the network off: records a couple of seconds and saves under `title`; the recording waits on the device (`waiting` in all). */
async function recordAndSaveOffline(page: Page, context: BrowserContext, title: string, waiting = 1) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  const dialog = page.getByRole('dialog', { name: 'Запись аудио' });
  await dialog.getByRole('button', { name: 'Начать запись' }).click();
  await expect(dialog.getByTestId('recorder-timer')).toHaveText(/00:0[2-9]/, { timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Остановить запись' }).click();
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await dialog.getByLabel('Название').fill(title);
  await dialog.getByLabel('Описание').fill('записано без сети');
  await dialog.getByRole('button', { name: 'Сохранить запись' }).click();
  await expect(page.getByText('Нет сети: запись сохранена на устройстве и отправится сама').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(pending(page, title)).toContainText('Ожидает отправки');
  await expect(page.getByRole('link', { name: `Ожидают отправки: ${waiting}` })).toBeVisible();
}

/** Once the network is back the recording is an ordinary record, with its description, and nothing waits. */
async function expectSent(page: Page, title: string) {
  await expect(item(page, title)).toBeVisible({ timeout: 30_000 });
  await expect(pending(page, title)).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Ожидают отправки/ })).toHaveCount(0);
  await expect(item(page, title)).toContainText('записано без сети');
}

test('a recording saved with no network waits as «Ожидает отправки» and is sent when the network returns', async ({ page, context }) => {
  test.setTimeout(90_000);
  await openAudioOnline(page);
  await recordAndSaveOffline(page, context, 'Запись в метро');
  await context.setOffline(false);
  await expectSent(page, 'Запись в метро');
});

test('the audio screen opens with no network from the stored shell and sends what waits once online', async ({ page, context }) => {
  test.setTimeout(90_000);
  await openAudioOnline(page);
  await recordAndSaveOffline(page, context, 'Запись до перезагрузки');
  // The shell is stored (the page and its scripts); the API never is.
  const stored = await page.evaluate(async () => ({
    page: !!(await caches.match('/audio/')),
    api: (await Promise.all((await caches.keys()).map(async (k) => (await caches.open(k)).keys())))
      .flat()
      .some((r) => /\/(api|media)\//.test(new URL(r.url).pathname)),
  }));
  expect(stored).toEqual({ page: true, api: false });

  // The page comes from the service worker: the network is off, yet the screen and its waiting recording are there.
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Мои аудиозаписи', level: 1 })).toBeVisible();
  await expect(pending(page, 'Запись до перезагрузки')).toContainText('Ожидает отправки');
  await expect(page.getByRole('link', { name: 'Ожидают отправки: 1' })).toBeVisible();
  // The stored session stayed: no trip to the sign-in page.
  expect(new URL(page.url()).pathname).toMatch(/^\/audio\/?$/);

  await context.setOffline(false);
  await expectSent(page, 'Запись до перезагрузки');
});

/** Rewrites the pending details of the recording saved as `title` in the page's IndexedDB. */
async function setOwner(page: Page, title: string, owner: { ownerId?: number; owner?: string }) {
  await page.evaluate(
    async ({ title, owner }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('kopilka-recordings');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
      });
      const tx = db.transaction('sessions', 'readwrite');
      const store = tx.objectStore('sessions');
      const all = await new Promise<{ id: string; pending?: Record<string, unknown> }[]>((resolve) => {
        const req = store.getAll();
        req.onsuccess = () => resolve(req.result as { id: string; pending?: Record<string, unknown> }[]);
      });
      const session = all.find((s) => s.pending?.title === title)!;
      const { ownerId: _id, owner: _email, ...rest } = session.pending!;
      store.put({ ...session, pending: { ...rest, ...owner } });
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
    },
    { title, owner },
  );
}

test('a recording whose account is unknown is never sent on its own: the signed-in user sends or removes it', async ({ page, context }) => {
  test.setTimeout(150_000);
  await openAudioOnline(page);
  const titles = ['Моя запись', 'Запись по адресу', 'Лишняя запись', 'Чужая запись'];
  for (const [i, title] of titles.entries()) await recordAndSaveOffline(page, context, title, i + 1);
  // Kept before recordings named their account's id (by an address, which may since be someone else's),
  // or by another account of this browser.
  await setOwner(page, 'Запись по адресу', { owner: 'someone@example.com' });
  await setOwner(page, 'Лишняя запись', {});
  await setOwner(page, 'Чужая запись', { ownerId: 987_654 });

  await context.setOffline(false);
  await expect(item(page, 'Моя запись')).toBeVisible({ timeout: 30_000 });
  await expect(pending(page, 'Моя запись')).toHaveCount(0);
  // The unknown ones wait, offered with a choice; another account's is neither sent nor shown.
  const unknown = (title: string) => page.getByTestId('pending-recording-unknown').filter({ hasText: title });
  await expect(unknown('Запись по адресу')).toContainText('Неизвестно, в какой учётной записи сделана эта запись');
  await expect(unknown('Лишняя запись')).toBeVisible();
  await expect(page.getByText('Чужая запись')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ожидают отправки: 2' })).toBeVisible();
  await expect(item(page, 'Запись по адресу')).toHaveCount(0);

  await unknown('Запись по адресу').getByRole('button', { name: 'Отправить в мою Копилку' }).click();
  await expect(item(page, 'Запись по адресу')).toBeVisible({ timeout: 30_000 });
  await expect(unknown('Запись по адресу')).toHaveCount(0);

  await unknown('Лишняя запись').getByRole('button', { name: 'Удалить с устройства' }).click();
  const confirm = page.getByRole('dialog', { name: 'Удалить запись с устройства?' });
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(unknown('Лишняя запись')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Ожидают отправки/ })).toHaveCount(0);
  await expect(item(page, 'Лишняя запись')).toHaveCount(0);
  // The other account's recording is still on the device, for that account's next sign-in.
  const left = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open('kopilka-recordings');
      req.onsuccess = () => resolve(req.result);
    });
    const all = await new Promise<{ pending?: { title: string } }[]>((resolve) => {
      const req = db.transaction('sessions').objectStore('sessions').getAll();
      req.onsuccess = () => resolve(req.result as { pending?: { title: string } }[]);
    });
    db.close();
    return all.map((s) => s.pending?.title);
  });
  expect(left).toEqual(['Чужая запись']);
});

/** The lists kept on the device for an offline start, as stored (empty when there are none). */
async function keptLists(page: Page): Promise<string> {
  return page.evaluate(async () => {
    // Opened only when it is there: opening creates an empty database the app would then not set up.
    if (!(await indexedDB.databases()).some((d) => d.name === 'kopilka-lists')) return '';
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('kopilka-lists');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
    });
    try {
      if (!db.objectStoreNames.contains('lists')) return '';
      const value = await new Promise<unknown>((resolve, reject) => {
        const req = db.transaction('lists').objectStore('lists').get('query-cache');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('the kept lists could not be read'));
      });
      return typeof value === 'string' ? value : '';
    } finally {
      db.close();
    }
  });
}

test('offline, the audio screen shows the list seen before under «Нет подключения»; signing out takes it off the device', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const user = await registerAndLogin(page);
  const { access } = await apiLogin(page.request, user);
  await uploadAudio(page.request, access, 'Запись из архива', makeToneMp3(2));
  await openAudioScreen(page);
  await expect(item(page, 'Запись из архива')).toBeVisible();
  await expect.poll(() => keptLists(page), { timeout: 15_000 }).toContain('Запись из архива');

  const banner = page.getByRole('status').filter({ hasText: 'Нет подключения' });
  await expect(banner).toHaveCount(0);
  await context.setOffline(true);
  await expect(banner).toBeVisible();

  // A start with no network: the list seen before, not «Ошибка при загрузке аудиозаписей».
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(item(page, 'Запись из архива')).toBeVisible();
  await expect(banner).toBeVisible();
  await expect(page.getByText('Ошибка при загрузке аудиозаписей')).toHaveCount(0);

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(item(page, 'Запись из архива')).toBeVisible();

  // What is kept belongs to the session: signing out takes it off the device.
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
  await expect.poll(() => keptLists(page), { timeout: 10_000 }).toBe('');
});
