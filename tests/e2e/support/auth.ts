import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { lastCodeTo } from './outbox';

let counter = 0;

/** A fresh address per call so tests never collide (the e2e data dir is wiped per run). */
export function freshEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

/** A fresh Russian mobile number (+79 and nine digits) per call, so SMS in the outbox never mix. */
export function freshPhone(): string {
  counter += 1;
  const tail = (Date.now() * 100 + counter * 7 + Math.floor(Math.random() * 100)) % 1e9;
  return `+79${String(tail).padStart(9, '0')}`;
}

export interface TestUser {
  email: string;
  password: string;
  phone?: string;
}

/** A random address from 198.18.0.0/15, the range set aside for benchmarking networks. */
function visitorAddress(): string {
  const n = Math.floor(Math.random() * 2 ** 17);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** Registers through the API and confirms the e-mail with the code from the outbox. */
export async function registerVerified(
  request: APIRequestContext,
  opts: { email?: string; password?: string; firstName?: string; lastName?: string; phone?: string } = {},
): Promise<TestUser> {
  const email = opts.email ?? freshEmail();
  const password = opts.password ?? 'Пароль-надёжный-1';
  // Each new user signs up from an address of its own (see scripts/e2e-server.ts), so the per-address
  // sign-up and code limits meet this user's requests only.
  const headers = { 'X-Forwarded-For': visitorAddress() };
  const reg = await request.post('/api/auth/register/', {
    headers,
    data: {
      first_name: opts.firstName ?? 'Тест',
      last_name: opts.lastName ?? 'Пользователь',
      email,
      password,
      password2: password,
      username: `${email.split('@')[0]}_${Math.floor(Math.random() * 10000)}`,
      ...(opts.phone ? { phone: opts.phone } : {}),
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const code = await lastCodeTo(email);
  const verify = await request.post('/api/auth/verify-email/', { headers, data: { code, email } });
  expect(verify.ok(), await verify.text()).toBeTruthy();
  return { email, password, ...(opts.phone ? { phone: opts.phone } : {}) };
}

/** Logs in through the API and returns the token pair. */
export async function apiLogin(request: APIRequestContext, user: TestUser): Promise<{ access: string; refresh: string }> {
  const res = await request.post('/api/auth/login/', { data: { email: user.email, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { access: string; refresh: string };
  return { access: body.access, refresh: body.refresh };
}

/** Puts a token pair into the page's localStorage (the spec's keys) — the page must be on the app's origin. */
export async function storeTokens(page: Page, tokens: { access: string; refresh: string }): Promise<void> {
  await page.evaluate(({ access, refresh }) => {
    localStorage.setItem('token', access);
    localStorage.setItem('refreshToken', refresh);
  }, tokens);
}

/**
 * A fresh verified user, logged in: tokens in localStorage (keys token/refreshToken) and '/'
 * loaded with the session active. Media tests start from here.
 */
export async function registerAndLogin(
  page: Page,
  opts: { email?: string; password?: string; firstName?: string; lastName?: string; phone?: string } = {},
): Promise<TestUser> {
  const user = await registerVerified(page.request, opts);
  const tokens = await apiLogin(page.request, user);
  await page.goto('/');
  await storeTokens(page, tokens);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  return user;
}

/** `registerAndLogin`, and an access token of its own for the API calls a test makes beside the page. */
export async function registerAndLoginWithAccess(
  page: Page,
  opts: Parameters<typeof registerAndLogin>[1] = {},
): Promise<{ user: TestUser; access: string }> {
  const user = await registerAndLogin(page, opts);
  const { access } = await apiLogin(page.request, user);
  return { user, access };
}

/**
 * The signed-in owner confirms their own phone through the API (login and reset codes go only to a
 * verified phone, and only the owner's session can verify one).
 */
export async function confirmPhone(request: APIRequestContext, user: TestUser): Promise<void> {
  if (!user.phone) throw new Error('the user has no phone');
  const { access } = await apiLogin(request, user);
  const headers = { Authorization: `Bearer ${access}` };
  const asked = Date.now();
  const resend = await request.post('/api/auth/resend-phone-verification-code/', { data: {}, headers });
  expect(resend.status(), await resend.text()).toBe(200);
  const code = await lastCodeTo(user.phone, { after: asked });
  const verify = await request.post('/api/auth/verify-phone/', { data: { code }, headers });
  expect(verify.status(), await verify.text()).toBe(200);
}
