import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { nextIp, signedInUser } from '../support/auth.ts';

/** Every accounts endpoint, with the method it answers. */
const ENDPOINTS: { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET'; url: string; auth?: boolean }[] = [
  { method: 'POST', url: '/api/auth/register/' },
  { method: 'POST', url: '/api/auth/login/' },
  { method: 'POST', url: '/api/auth/login/phone/' },
  { method: 'POST', url: '/api/auth/login/phone/verify/' },
  { method: 'POST', url: '/api/auth/verify-email/' },
  { method: 'POST', url: '/api/auth/verify-phone/' },
  { method: 'POST', url: '/api/auth/verify-phone/', auth: true },
  { method: 'POST', url: '/api/auth/resend-verification-code/' },
  { method: 'POST', url: '/api/auth/resend-phone-verification-code/' },
  { method: 'POST', url: '/api/auth/reset-password/' },
  { method: 'POST', url: '/api/auth/request-password-reset-code/' },
  { method: 'POST', url: '/api/auth/reset-password/confirm/' },
  { method: 'POST', url: '/api/auth/token/refresh/' },
  { method: 'POST', url: '/api/auth/logout/' },
  { method: 'PATCH', url: '/api/auth/profile/', auth: true },
  { method: 'POST', url: '/api/auth/profile/photo/', auth: true },
  { method: 'PUT', url: '/api/auth/change-password/', auth: true },
];

const json = { 'content-type': 'application/json' };
const MALFORMED: { name: string; headers?: Record<string, string>; payload?: string | Buffer }[] = [
  { name: 'broken JSON', headers: json, payload: '{"email": ' },
  { name: 'JSON array', headers: json, payload: '[1, 2, 3]' },
  { name: 'JSON null', headers: json, payload: 'null' },
  { name: 'JSON string', headers: json, payload: '"hello"' },
  { name: 'JSON number', headers: json, payload: '42' },
  { name: 'empty JSON body', headers: json, payload: '' },
  { name: 'empty object', headers: json, payload: '{}' },
  {
    name: 'wrong types everywhere',
    headers: json,
    payload: JSON.stringify({
      email: 1,
      password: [],
      password2: {},
      first_name: null,
      last_name: true,
      phone: 5,
      code: [1],
      refresh: {},
      token: 7,
      new_password: 1,
      old_password: false,
      is_active: 'no',
      confirm_deletion: 'yes',
    }),
  },
  {
    name: 'nested objects',
    headers: json,
    payload: JSON.stringify({ email: { $ne: null }, phone: { a: 1 }, code: { b: 2 }, refresh: [] }),
  },
  { name: 'prototype pollution', headers: json, payload: '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}' },
  { name: 'huge body over 1 MiB', headers: json, payload: JSON.stringify({ email: 'a'.repeat(1024 * 1024 + 10) }) },
  {
    name: 'very long strings',
    headers: json,
    payload: JSON.stringify({
      email: `${'a'.repeat(5000)}@x.ru`,
      password: 'p'.repeat(10000),
      phone: '1'.repeat(500),
      code: '1'.repeat(100),
      refresh: 'r'.repeat(5000),
      token: 't'.repeat(5000),
    }),
  },
  { name: 'unknown content type', headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: 'email=a@b.c' },
  { name: 'non-UTF-8 bytes', headers: json, payload: Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  {
    name: 'non-UTF-8 form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: Buffer.from([0x65, 0x3d, 0xff, 0xfe]),
  },
  {
    name: 'multipart to a JSON route',
    headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
    payload: '--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--XyZ--\r\n',
  },
  {
    name: 'truncated multipart',
    headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
    payload: '--XyZ\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nabc',
  },
  { name: 'multipart without boundary', headers: { 'content-type': 'multipart/form-data' }, payload: 'nothing' },
  { name: 'no body at all' },
  { name: 'form with missing fields', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'foo=bar' },
];

/** Bodies that carry no field at all: for PATCH /profile that is a valid edit changing nothing. */
const EMPTY_EDITS = new Set(['empty JSON body', 'empty object', 'prototype pollution', 'no body at all', 'form with missing fields']);

describe('malformed requests never cause a 5xx', () => {
  let t: TestApp;
  let access = '';
  beforeAll(async () => {
    t = await createTestApp();
    access = (await signedInUser(t)).access;
  });
  afterAll(() => t.close());

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.url}${endpoint.auth ? ' (signed in)' : ''} answers 4xx with a JSON object`, async () => {
      const failures: string[] = [];
      for (const m of MALFORMED) {
        const res = await t.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          remoteAddress: nextIp(),
          headers: { ...m.headers, ...(endpoint.auth ? { authorization: `Bearer ${access}` } : {}) },
          ...(m.payload !== undefined ? { payload: m.payload } : {}),
        });
        let body: unknown;
        try {
          body = res.json();
        } catch {
          body = undefined;
        }
        const okStatus = res.statusCode >= 400 && res.statusCode < 500;
        const okBody = !!body && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length > 0;
        // logout answers 200 {} to anything, by contract; an empty PATCH is a valid no-op edit.
        const logoutOk = endpoint.url === '/api/auth/logout/' && res.statusCode === 200 && JSON.stringify(body) === '{}';
        const emptyPatchOk = endpoint.method === 'PATCH' && EMPTY_EDITS.has(m.name) && res.statusCode === 200 && okBody;
        if (!logoutOk && !emptyPatchOk && !(okStatus && okBody)) failures.push(`${m.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it('still works after all that (nothing was left broken)', async () => {
    const res = await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${access}` } });
    expect(res.statusCode).toBe(200);
  });
});
