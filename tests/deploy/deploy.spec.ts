import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadPagePolicies } from '../../server/web/csp.ts';
import { securityHeaders } from '../../server/web/security-headers.ts';
import { freshEmail } from '../e2e/support/auth';
import { expect, test, type ProxyName } from './support/fixtures.ts';
import {
  audioItem,
  deleteAudio,
  deleteOpenVideo,
  deletePhoto,
  downloadEverything,
  emptyTrash,
  expectAudioPlays,
  expectSecureHttps,
  makeVideo,
  mediaFiles,
  recordAudio,
  registerConfirmAndLogin,
  uploadAndPlayVideo,
  uploadPhoto,
  videoCard,
} from './support/journey.ts';
import { httpsGet } from './support/processes.ts';

const PASSWORD = 'Пароль-надёжный-1';

for (const proxy of ['caddy', 'nginx'] as const satisfies readonly ProxyName[]) {
  test(`${proxy} serves the export with the API process's headers and passes the client's own address`, async ({ stack }) => {
    const { origin, ca } = stack[proxy];
    const policies = loadPagePolicies(stack.outDir);
    const security = await securityHeaders();
    const get = (p: string) => httpsGet(origin, p, ca);

    for (const [url, file] of [
      ['/', 'index.html'],
      ['/login', 'login/index.html'],
      ['/login/', 'login/index.html'],
      ['/audio/', 'audio/index.html'],
    ]) {
      const res = await get(url!);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toBe(policies.get(file!));
      for (const [name, value] of Object.entries(security)) expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
    const missing = await get('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Страница не найдена');
    expect(missing.headers['content-security-policy']).toBe(policies.get('404.html'));
    expect(missing.headers['cache-control']).toBe('no-cache');

    const chunk = readdirSync(path.join(stack.outDir, '_next/static/chunks')).find((f) => f.endsWith('.js'));
    const asset = await get(`/_next/static/chunks/${chunk}`);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe(readFileSync(path.join(stack.outDir, '_next/static/chunks', chunk!), 'utf8'));

    const health = await get('/api/health/');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    const admin = await get('/admin/');
    expect(admin.status).toBe(503);
    expect(admin.body).toContain('не настроен');

    // The API sees the client's own address (not the proxy's, not one the client made up) and the
    // Host with its port: what per-IP throttles and absolute links rely on.
    const reqId = `deploy-${proxy}-${Date.now()}`;
    const forged = await httpsGet(origin, '/api/health/', ca, {
      localAddress: '127.0.0.5',
      headers: { 'x-request-id': reqId, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forged.status).toBe(200);
    let seen: { remoteAddress?: string; host?: string } | undefined;
    await expect
      .poll(() => {
        for (const api of stack.apis) {
          for (const line of readFileSync(api.log, 'utf8').split('\n')) {
            if (!line.includes(reqId)) continue;
            seen = (JSON.parse(line) as { req?: { remoteAddress?: string; host?: string } }).req ?? seen;
          }
        }
        return seen?.remoteAddress;
      })
      .toBe('127.0.0.5');
    expect(seen?.host).toBe(new URL(origin).host);

    if (proxy === 'nginx') {
      const { request } = await import('node:http');
      const status = await new Promise<{ status?: number; location?: string }>((resolve, reject) =>
        request({ host: '127.0.0.1', port: stack.nginx.httpPort, path: '/login', headers: { host: new URL(origin).hostname } }, (res) => {
          res.resume();
          resolve({ status: res.statusCode, location: res.headers.location });
        })
          .on('error', reject)
          .end(),
      );
      expect(status).toEqual({ status: 301, location: `https://${new URL(origin).hostname}/login` });
    }
  });
}

test.describe('through Caddy', () => {
  test.use({ reverseProxy: 'caddy' });

  test('a visitor registers, confirms, records, uploads a photo and a video, plays and deletes them, while one API process is killed', async ({
    page,
    stack,
  }) => {
    test.setTimeout(240_000);
    await page.goto('/');
    await expectSecureHttps(page);
    await registerConfirmAndLogin(page, freshEmail('caddy'), PASSWORD);

    await recordAudio(page, 'До сбоя');
    await expectSecureHttps(page); // the microphone worked: the page is a secure context
    await expectAudioPlays(page, 'До сбоя');

    // One API process dies mid-journey: the proxy sends everything to the other one.
    await stack.killApi(0);
    await page.reload();
    await expect(audioItem(page, 'До сбоя')).toBeVisible();
    await expectAudioPlays(page, 'До сбоя');

    await uploadPhoto(page, 'Снимок');
    const clip = makeVideo();
    await uploadAndPlayVideo(page, 'Клип', clip);
    // «Скачать всё» streams through the proxy: the video's original comes back byte for byte.
    const archive = await downloadEverything(page);
    expect([...archive.keys()].filter((name) => !name.endsWith('.json'))).toHaveLength(3);
    expect([...archive.entries()].find(([name]) => name.startsWith('Видео/Клип') && name.endsWith('.mp4'))?.[1].equals(clip)).toBe(true);
    await page.goto('/video');
    await videoCard(page, 'Клип').getByRole('button', { name: 'Открыть видео: Клип' }).click();
    await deleteOpenVideo(page, 'Клип');
    await page.reload();
    await expect(page.getByText('Пока нет видео')).toBeVisible();

    await page.goto('/photos');
    await deletePhoto(page, 'Снимок');
    await page.goto('/audio');
    await deleteAudio(page, 'До сбоя');
    await page.reload();
    await expect(page.getByText('Пока нет записей')).toBeVisible();
    // Deleted is in the trash, files and all, until it is emptied.
    expect(mediaFiles(stack.dataDir)).not.toEqual([]);
    await emptyTrash(page, 3);
    await expect.poll(() => mediaFiles(stack.dataDir)).toEqual([]);
  });
});

test.describe('through nginx', () => {
  test.use({ reverseProxy: 'nginx' });

  test('a visitor registers, confirms, records and uploads a photo, while one API process is killed, and deletes them', async ({
    page,
    stack,
  }) => {
    test.setTimeout(180_000);
    for (const [i, api] of stack.apis.entries()) if (!api.child) await stack.startApi(i);
    await page.goto('/');
    await expectSecureHttps(page);
    await registerConfirmAndLogin(page, freshEmail('nginx'), PASSWORD);
    await recordAudio(page, 'Через nginx');
    await expectAudioPlays(page, 'Через nginx');

    await stack.killApi(1);
    await page.reload();
    await expectAudioPlays(page, 'Через nginx');
    await uploadPhoto(page, 'Кадр');
    await deletePhoto(page, 'Кадр');
    await page.goto('/audio');
    await deleteAudio(page, 'Через nginx');
    await page.reload();
    await expect(page.getByText('Пока нет записей')).toBeVisible();
    await emptyTrash(page, 2);
    await expect.poll(() => mediaFiles(stack.dataDir)).toEqual([]);
  });
});
