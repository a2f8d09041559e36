import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** Shared steps for the accounts API tests (not a test file itself). */

let ipCounter = 0;
/** A fresh client address, so per-IP throttles of one test do not leak into another. */
export const nextIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

export const PASSWORD = 'correct-horse-1';

let userCounter = 0;
export function newUserBody(overrides: Record<string, unknown> = {}) {
  const n = ++userCounter;
  return {
    first_name: 'Анна',
    last_name: 'Иванова',
    email: `anna${n}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    password: PASSWORD,
    password2: PASSWORD,
    ...overrides,
  };
}

export async function post(
  t: TestApp,
  url: string,
  payload: unknown,
  opts: { token?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: opts.ip ?? nextIp(),
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
  });
}

export function codeIn(text: string | undefined): string {
  const code = /\b(\d{6})\b/.exec(text ?? '')?.[1];
  expect(code, 'a 6-digit code in the message').toBeTruthy();
  return code!;
}

export async function register(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = newUserBody(overrides);
  const res = await post(t, '/api/auth/register/', body);
  expect(res.statusCode, res.body).toBe(201);
  return { body, user: res.json<{ id: number } & Record<string, unknown>>(), email: String(body.email).toLowerCase() };
}

/** Registered, e-mail confirmed, signed in. */
export async function signedInUser(t: TestApp, overrides: Record<string, unknown> = {}) {
  const { body, user, email } = await register(t, overrides);
  const code = codeIn(t.mailer.last(email)?.text);
  const v = await post(t, '/api/auth/verify-email/', { code, email });
  expect(v.statusCode, v.body).toBe(200);
  const login = await post(t, '/api/auth/login/', { email, password: body.password });
  expect(login.statusCode, login.body).toBe(200);
  const { access, refresh } = login.json<{ access: string; refresh: string }>();
  return { id: user.id, email, password: String(body.password), access, refresh, body };
}

/** The signed-in owner asks for a code to their own phone and confirms it (login and reset codes need a verified phone). */
export async function confirmOwnPhone(t: TestApp, u: { access: string }, phone: string) {
  const asked = await post(t, '/api/auth/resend-phone-verification-code/', {}, { token: u.access });
  expect(asked.statusCode, asked.body).toBe(200);
  const res = await post(t, '/api/auth/verify-phone/', { code: codeIn(t.sms.last(phone)?.text) }, { token: u.access });
  expect(res.statusCode, res.body).toBe(200);
}

/** PUT /api/auth/change-password/ by the signed-in `u`, their own password as the old one, with `fields`: the raw answer. */
export function changePassword(
  t: TestApp,
  u: { access: string; password: string },
  fields: { new_password: string; new_password2?: string },
) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/auth/change-password/',
    headers: { authorization: `Bearer ${u.access}` },
    payload: { old_password: u.password, ...fields },
  });
}
