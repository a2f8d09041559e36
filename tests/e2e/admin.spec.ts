import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from './support/a11y';
import { startSecondServer } from './support/second-server';

/**
 * The admin area at /admin/, on a server of its own (an empty DATA_DIR: its first account is the admin, and
 * closing its registration touches no other test's server). At 1280×800 and 390×844: a staff member closes
 * registration (the register screen says so), switches it to invitations, invites someone who registers through
 * the link, turns off a member's two-step sign-in, and the member signs in again with the password alone.
 */
const PORT = Number(process.env.E2E_ADMIN_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 5);
const DATA_DIR = path.resolve(`.tmp/e2e-admin-${PORT}`);
const PASSWORD = 'Пароль-надёжный-1';

let server: { url: string; stop: () => Promise<void> };
let adminAccount: { email: string; password: string } | null = null;

/** The first account of the empty server: its admin (made by whichever test needs it first). */
async function theAdmin(request: APIRequestContext): Promise<{ email: string; password: string }> {
  if (!adminAccount) {
    const account = { email: email('admin'), password: PASSWORD };
    await signUp(request, account.email);
    adminAccount = account;
  }
  return adminAccount;
}

test.beforeAll(async () => {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  server = await startSecondServer(PORT, { DATA_DIR, RUN_JOBS: 'true' });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** The newest message of this server's outbox to `to` whose text matches. */
async function messageTo(to: string, matching: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(() => {
      let files: string[];
      try {
        files = readdirSync(path.join(DATA_DIR, 'outbox')).sort().reverse();
      } catch {
        return '';
      }
      for (const f of files) {
        const text = readFileSync(path.join(DATA_DIR, 'outbox', f), 'utf8');
        if ((/^To:\s*(.+)$/im.exec(text)?.[1] ?? '').toLowerCase().includes(to.toLowerCase()) && matching.test(text)) return (found = text);
      }
      return '';
    })
    .not.toBe('');
  return found;
}

const codeIn = (text: string) =>
  /\b(\d{6})\b/.exec(
    text
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n'),
  )![1]!;

let n = 0;
const email = (who: string) => `${who}-${Date.now()}-${++n}@example.test`;

/** Signs up through the API and confirms the address with the code from the outbox. */
async function signUp(request: APIRequestContext, address: string): Promise<void> {
  const res = await request.post(`${server.url}/api/auth/register/`, {
    data: {
      first_name: 'Тест',
      last_name: 'Участник',
      email: address,
      password: PASSWORD,
      password2: PASSWORD,
      username: `u${n}_${Date.now()}`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const code = codeIn(await messageTo(address, /\b\d{6}\b/));
  expect((await request.post(`${server.url}/api/auth/verify-email/`, { data: { code, email: address } })).ok()).toBeTruthy();
}

/** A member with two-step sign-in on (through the API, with codes computed from the secret). */
async function memberWithTwoFactor(request: APIRequestContext): Promise<string> {
  const address = email('member');
  await signUp(request, address);
  const login = await request.post(`${server.url}/api/auth/login/`, { data: { email: address, password: PASSWORD } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
  const setup = await request.post(`${server.url}/api/auth/2fa/setup/`, { headers, data: { password: PASSWORD } });
  const { secret } = (await setup.json()) as { secret: string };
  const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
  const enabled = await request.post(`${server.url}/api/auth/2fa/enable/`, { headers, data: { password: PASSWORD, code } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return address;
}

async function openScreen(page: Page, name: string, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('dialog').getByRole('link', { name }).click();
  } else {
    await page.getByRole('navigation', { name: 'Разделы администрирования' }).getByRole('link', { name }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
}

async function chooseRegistration(page: Page, label: string) {
  await page.getByRole('radio', { name: new RegExp(`^${label}`) }).check();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByTestId('snackbar-success').filter({ hasText: `Регистрация: ${label.toLowerCase()}.` })).toBeVisible();
}

for (const size of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const) {
  test(`${size.name}: a staff member closes registration, invites someone, turns off a member's two-step sign-in`, async ({ browser }) => {
    test.setTimeout(120_000);
    const phone = size.name === 'phone';
    const context = await browser.newContext({ viewport: size.viewport, locale: 'ru-RU' });
    const page = await context.newPage();
    const request = context.request;
    const admin = await theAdmin(request);
    const member = await memberWithTwoFactor(request);

    // The admin signs in.
    await page.goto(`${server.url}/admin/`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Пароль').fill(admin.password);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Пользователи' })).toBeVisible();
    await expect(page.getByTestId('admin-user').filter({ hasText: member })).toBeVisible();

    // Registration closed: the register screen says so before anything is filled in.
    await openScreen(page, 'Регистрация', phone);
    await chooseRegistration(page, 'Закрыта');
    const guest = await browser.newContext({ viewport: size.viewport, locale: 'ru-RU' });
    const visitor = await guest.newPage();
    await visitor.goto(`${server.url}/register/`);
    await expect(visitor.getByTestId('registration-refused')).toContainText('Регистрация закрыта. Обратитесь к администратору.');
    await expect(visitor.getByLabel('Имя')).toHaveCount(0);

    // By invitation: a link for one address, which its holder opens and registers through.
    await chooseRegistration(page, 'По приглашениям');
    await openScreen(page, 'Приглашения', phone);
    const invitee = email('invitee');
    await page.getByLabel('E-mail приглашённого (необязательно)').fill(invitee);
    await page.getByRole('button', { name: 'Создать приглашение' }).click();
    const link = (await page.getByTestId('invite-link').textContent())!.trim();
    expect(link).toMatch(/\/register\/#invite=[\w-]{22}$/);
    expect(await messageTo(invitee, /invite=/)).toContain(link);
    await visitor.goto(link);
    await expect(visitor.getByText(`Вы регистрируетесь по приглашению для адреса ${invitee}.`)).toBeVisible();
    await expect(visitor.getByLabel('Email')).toHaveValue(invitee);
    await expect(visitor).toHaveURL(/\/register\/$/); // the token leaves the address bar
    await visitor.getByLabel('Имя').fill('Приглашённый');
    await visitor.getByLabel('Фамилия').fill('Гость');
    await visitor.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await visitor.getByLabel('Повторите пароль').fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect(visitor.getByText('Регистрация прошла успешно!')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('admin-invite').filter({ hasText: invitee })).toContainText('Использовано');

    // The member lost their authenticator: the admin turns their two-step sign-in off.
    await openScreen(page, 'Пользователи', phone);
    await page.getByLabel('Поиск').fill(member);
    const card = page.getByTestId('admin-user').filter({ hasText: member });
    await expect(page.getByTestId('admin-user')).toHaveCount(1);
    await card.getByRole('button', { name: `Действия: ${member}` }).click();
    const off = card.getByRole('button', { name: 'Отключить двухэтапную проверку' });
    await off.click();
    const confirm = page.getByRole('dialog', { name: 'Отключить двухэтапную проверку?' });
    await confirm.getByRole('button', { name: 'Отключить' }).click();
    await expect(page.getByTestId('snackbar-success').filter({ hasText: 'Двухэтапная проверка отключена.' })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(card.getByText('Двухэтапная проверка')).toHaveCount(0);
    expect(await messageTo(member, /Администратор Копилки отключил двухэтапную проверку/)).toBeTruthy();

    // …and the member signs in again with the password alone.
    const memberContext = await browser.newContext({ viewport: size.viewport, locale: 'ru-RU' });
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`${server.url}/login`);
    await memberPage.getByLabel('Email').fill(member);
    await memberPage.getByLabel('Пароль').fill(PASSWORD);
    await memberPage.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect(memberPage.getByRole('button', { name: 'Выйти' })).toBeVisible();

    // The audit log shows what was done, by whom.
    await openScreen(page, 'Журнал', phone);
    const entries = page.getByTestId('audit-entry');
    await expect(entries.first()).toContainText('Двухэтапная проверка отключена');
    await expect(entries.first()).toContainText(admin.email);
    await expect(page.getByTestId('audit-entry').filter({ hasText: 'Приглашение создано' }).first()).toBeVisible();

    // Back to open for the next size's run.
    await openScreen(page, 'Регистрация', phone);
    await chooseRegistration(page, 'Открыта');
    await Promise.all([guest.close(), memberContext.close(), context.close()]);
  });
}

test('a member who signs in to the admin area is told «Недостаточно прав.» and keeps no session there', async ({ page }) => {
  await theAdmin(page.request);
  const address = email('plain');
  await signUp(page.request, address);
  await page.goto(`${server.url}/admin/`);
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Недостаточно прав.' })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('kopilkaAdmin')))).toEqual([]);
});

test('every admin screen passes axe in both themes, at both sizes, and trips no Content-Security-Policy', async ({ browser }) => {
  test.setTimeout(180_000);
  const account = await theAdmin((await browser.newContext()).request);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    for (const theme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport, locale: 'ru-RU' });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (msg) => {
        if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(msg.text())) violations.push(msg.text());
      });
      await page.goto(`${server.url}/admin/`);
      await expectAccessible(page, `the admin sign-in (${theme}, ${viewport.width})`);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Пароль').fill(account.password);
      await page.getByRole('button', { name: 'Войти', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Пользователи' })).toBeVisible();
      for (const [path, title] of [
        ['', 'Пользователи'],
        ['invites/', 'Приглашения'],
        ['registration/', 'Регистрация'],
        ['jobs/', 'Задачи'],
        ['storage/', 'Хранилище'],
        ['status/', 'Состояние'],
        ['audit/', 'Журнал'],
      ] as const) {
        await page.goto(`${server.url}/admin/${path}`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByRole('status', { name: /^Загрузка/ })).toHaveCount(0);
        await expectAccessible(page, `${title} (${theme}, ${viewport.width})`);
      }
      expect(violations).toEqual([]);
      await context.close();
    }
  }
});

test('a change after the sign-in stopped being recent asks «Подтвердите вход» in place, then goes on', async ({ browser }) => {
  test.setTimeout(90_000);
  // A third process on the same data whose window for a recent sign-in is 3 seconds (REAUTH_WINDOW_S).
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const quick = await startSecondServer(port, { DATA_DIR, REAUTH_WINDOW_S: '3' });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
    const account = await theAdmin(context.request);
    const page = await context.newPage();
    await page.goto(`${quick.url}/admin/registration/`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Пароль').fill(account.password);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
    await page.waitForTimeout(4_000);
    await page.getByRole('radio', { name: /^Закрыта/ }).check();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Подтвердите вход' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Пароль').fill(account.password);
    await dialog.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('snackbar-success').filter({ hasText: 'Регистрация: закрыта.' })).toBeVisible();
    await context.close();
  } finally {
    await quick.stop();
  }
  // Open again for whatever runs next (a fresh sign-in is recent).
  const login = await (
    await browser.newContext()
  ).request.post(`${server.url}/api/auth/login/`, {
    data: { email: adminAccount!.email, password: PASSWORD },
  });
  const { access } = (await login.json()) as { access: string };
  const reopened = await (
    await browser.newContext()
  ).request.put(`${server.url}/api/admin/settings/`, {
    headers: { Authorization: `Bearer ${access}` },
    data: { registration: 'open' },
  });
  expect(reopened.status()).toBe(200);
});
