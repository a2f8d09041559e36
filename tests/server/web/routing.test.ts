import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../server/web/csp.ts';
import { securityHeaders } from '../../../server/web/security-headers.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { SMALL_EXPORT, writeExport } from '../support/web-export.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

describe('one origin: static export, /admin and API fallbacks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    writeExport(t.config.outDir, SMALL_EXPORT);
  });
  afterAll(() => t.close());

  it('serves /login from login/index.html with no-cache', async () => {
    for (const url of ['/login', '/login/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('login');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ url: '/_next/static/chunks/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    const res = await t.app.inject({ url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Страница не найдена');
  });

  it('does not escape the export directory', async () => {
    const res = await t.app.inject({ url: '/..%2f..%2fetc/passwd' });
    expect(res.statusCode).toBe(404);
  });

  it('serves the admin area from the export when ADMIN_URL is unset: its pages, its own policies, its own 404', async () => {
    writeExport(t.config.outDir, {
      'admin/index.html': '<html><script>admin()</script>Пользователи</html>',
      'admin/users/index.html': '<html>users</html>',
      'admin/404.html': '<html>Страница не найдена — Администрирование</html>',
      'admin/_next/static/chunks/admin.js': 'console.log(2)',
    });
    for (const url of ['/admin', '/admin/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Пользователи');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy([`'sha256-${sha256('admin()')}'`]));
    }
    expect((await t.app.inject({ url: '/admin/users/' })).body).toContain('users');
    const asset = await t.app.inject({ url: '/admin/_next/static/chunks/admin.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ url: '/admin/no/such/page/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Администрирование');
    // Elsewhere the app's own 404 page answers, as before.
    expect((await t.app.inject({ url: '/administration' })).body).not.toContain('Администрирование');
  });

  it('answers unknown API paths with a DRF-shaped 404', async () => {
    const res = await t.app.inject({ url: '/api/nothing/here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Не найдено.' });
  });

  it('answers /api/ itself with the API’s JSON 404, never the web app’s page', async () => {
    for (const [method, url] of [
      ['GET', '/api/'],
      ['GET', '/api'],
      ['HEAD', '/api/'],
      ['POST', '/api/'],
      ['GET', '/api//'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
      if (method !== 'HEAD') expect(res.json()).toEqual({ detail: 'Не найдено.' });
    }
  });

  it('answers a path it cannot decode with a DRF-shaped 400, under /api/ and elsewhere', async () => {
    for (const url of ['/api/media/audio/%ZZ/', '/api/auth/sessions/%E0%A4%A/', '/media/u/1/audio/%ZZ', '/%ZZ']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ detail: 'Некорректный адрес запроса.' });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
  });

  it('sets security headers and a request id', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it("gives every API answer helmet's headers, the API's policy and its own request id, refusals too", async () => {
    const helmets = await securityHeaders();
    expect(Object.keys(helmets).length).toBeGreaterThanOrEqual(8);
    const answers = [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/auth/profile/' }),
      await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: 'Bearer nonsense' } }),
      await t.app.inject({ url: '/api/nothing/here/' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'not an address' } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 401, 404, 400]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(helmets)) expect(res.headers[name], name).toBe(value);
      expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy());
    }
    const ids = answers.map((r) => r.headers['x-request-id']);
    expect(new Set(ids).size).toBe(answers.length);
  });
});

describe('/admin hand-off when ADMIN_URL is set', () => {
  let t: TestApp;
  let upstream: Server;
  const seen: { method?: string; url?: string }[] = [];
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      seen.push({ method: req.method, url: req.url });
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`admin site: ${req.method} ${req.url}`);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    t = await createTestApp({ env: { ADMIN_URL: `http://127.0.0.1:${port}` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('proxies /admin paths, method and query to the admin site', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/admin/users/?page=2`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('admin site: GET /admin/users/?page=2');
    const post = await fetch(`http://127.0.0.1:${port}/admin/login/`, {
      method: 'POST',
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await post.text()).toBe('admin site: POST /admin/login/');
    const bare = await fetch(`http://127.0.0.1:${port}/admin`);
    expect(await bare.text()).toBe('admin site: GET /admin');
    expect(seen.map((s) => s.url)).toEqual(['/admin/users/?page=2', '/admin/login/', '/admin']);
  });
});

describe('client addresses for the throttles', () => {
  const loginFrom = (t: TestApp, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
  /** The addresses the login throttle counted failures against. */
  const throttledIps = async (t: TestApp) =>
    (await t.db.selectFrom('rate_events').select('key').where('key', 'like', 'login:ip:%').execute()).map((r) =>
      r.key.slice('login:ip:'.length),
    );

  it('ignores a forged X-Forwarded-For unless TRUST_PROXY says a proxy is in front', async () => {
    const t = await createTestApp();
    try {
      expect((await loginFrom(t, '203.0.113.7')).statusCode).toBe(401);
      expect((await loginFrom(t, '198.51.100.9')).statusCode).toBe(401);
      expect(await throttledIps(t)).toEqual(['127.0.0.1', '127.0.0.1']);
    } finally {
      await t.close();
    }
  });

  it('believes X-Forwarded-For from a trusted proxy', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      expect((await loginFrom(t, '203.0.113.7')).statusCode).toBe(401);
      expect(await throttledIps(t)).toEqual(['203.0.113.7']);
    } finally {
      await t.close();
    }
  });
});
