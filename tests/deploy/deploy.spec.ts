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
  bucketKeys,
  filesUnder,
  newUserFolder,
  objectBytes,
  recordAudio,
  registerConfirmAndLogin,
  uploadAndPlayVideo,
  uploadPhoto,
  videoCard,
} from './support/journey.ts';
import { lastCodeTo } from '../e2e/support/outbox';
import { httpsGet, httpsRequest } from './support/processes.ts';

const PASSWORD = 'Пароль-надёжный-1';
const MiB = 1024 * 1024;

/** A user's stored keys without their random base and processing run's claim (`audio/….mp3`), sorted. */
const shapes = (keys: string[]) =>
  keys
    .map((key) => {
      const m = /^u\/\d+\/([a-z]+)\/[\w-]{16}(?:-[0-9a-f]{12})?(.+)$/.exec(key);
      return m ? `${m[1]}/…${m[2]}` : key;
    })
    .sort();

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
      // The admin area is part of the export, its pages with their own policies.
      ['/admin/', 'admin/index.html'],
      ['/admin/invites/', 'admin/invites/index.html'],
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
    const adminMissing = await get('/admin/no/such/page/');
    expect(adminMissing.status).toBe(404);
    expect(adminMissing.body).toContain('Администрирование');
    expect(adminMissing.headers['content-security-policy']).toBe(policies.get('admin/404.html'));

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

for (const proxy of ['caddy', 'nginx'] as const satisfies readonly ProxyName[]) {
  test(`${proxy} passes the tus protocol of resumable uploads to the API processes, staged in the bucket`, async ({ stack }) => {
    const { origin, ca } = stack[proxy];
    const send = (method: string, pathname: string, headers: Record<string, string> = {}, body?: Buffer | string) =>
      httpsRequest(origin, method, pathname, ca, { headers, body });
    const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    const email = freshEmail(`tus-${proxy}`);
    const signUp = json({
      first_name: 'Тус',
      last_name: 'Прокси',
      email,
      password: PASSWORD,
      password2: PASSWORD,
      username: `tus_${proxy}_${Date.now()}`,
    });
    expect((await send('POST', '/api/auth/register/', signUp.headers, signUp.body)).status).toBe(201);
    const verify = json({ code: await lastCodeTo(email), email });
    expect((await send('POST', '/api/auth/verify-email/', verify.headers, verify.body)).status).toBe(200);
    const login = json({ email, password: PASSWORD });
    const { access } = JSON.parse((await send('POST', '/api/auth/login/', login.headers, login.body)).body) as { access: string };
    const tus = { authorization: `Bearer ${access}`, 'tus-resumable': '1.0.0' };

    // OPTIONS, POST, PATCH, HEAD and DELETE with their Upload-* and Tus-* headers, each to whichever
    // API process the proxy picks: the upload's state and its locks are shared.
    const options = await send('OPTIONS', '/api/uploads/');
    expect(options.status).toBe(204);
    expect(options.headers['tus-version']).toBe('1.0.0');
    expect(options.headers['tus-extension']).toBe('creation,creation-with-upload,termination,expiration');
    const metadata = `kind ${Buffer.from('photo').toString('base64')},title ${Buffer.from('через прокси').toString('base64')}`;
    const created = await send('POST', '/api/uploads/', { ...tus, 'upload-length': '1000', 'upload-metadata': metadata });
    expect(created.status, created.body).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/uploads\/\d+-[0-9a-f]{32}$/);
    expect(created.headers['upload-expires']).toBeTruthy();
    for (let offset = 0; offset < 600; offset += 200) {
      const patched = await send(
        'PATCH',
        location,
        { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        Buffer.alloc(200, 7),
      );
      expect(patched.status, patched.body).toBe(204);
      expect(patched.headers['upload-offset']).toBe(String(offset + 200));
      const head = await send('HEAD', location, tus);
      expect([head.status, head.headers['upload-offset'], head.headers['upload-length']]).toEqual([200, String(offset + 200), '1000']);
      expect(head.headers['tus-resumable']).toBe('1.0.0');
    }
    // In the bucket, tus's S3 store keeps an upload's details in `.info` and a piece smaller than S3's
    // smallest part in `.part`; whole parts go into a multipart upload, which no listing shows.
    const staged = async () =>
      (await bucketKeys(stack.bucket)).filter((key) => key.startsWith(`u/${/(\d+)-/.exec(location)![1]}/uploads/`));
    expect((await staged()).map((key) => path.extname(key)).sort()).toEqual(['.info', '.part']);

    // An upload past one part (8 MiB) resumes from what the bucket holds: its parts plus the `.part` piece.
    const bigLength = 9 * MiB + 1024;
    const video = `kind ${Buffer.from('video').toString('base64')},title ${Buffer.from('большое').toString('base64')}`;
    const big = await send('POST', '/api/uploads/', { ...tus, 'upload-length': String(bigLength), 'upload-metadata': video });
    expect(big.status, big.body).toBe(201);
    const bigLocation = big.headers.location as string;
    const patched = await send(
      'PATCH',
      bigLocation,
      { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      Buffer.alloc(9 * MiB, 1),
    );
    expect([patched.status, patched.headers['upload-offset']], patched.body).toEqual([204, String(9 * MiB)]);
    for (let i = 0; i < 2; i++) {
      const head = await send('HEAD', bigLocation, tus);
      expect([head.status, head.headers['upload-offset']]).toEqual([200, String(9 * MiB)]);
    }

    // Completed with bytes that are no video, it is refused; deleted, the small one ends. Neither leaves
    // anything in the bucket: no staging, no original.
    const rest = await send(
      'PATCH',
      bigLocation,
      { ...tus, 'upload-offset': String(9 * MiB), 'content-type': 'application/offset+octet-stream' },
      Buffer.alloc(bigLength - 9 * MiB, 1),
    );
    expect(rest.status, rest.body).toBe(400);
    expect((await send('DELETE', location, tus)).status).toBe(204);
    for (const url of [location, bigLocation]) expect((await send('HEAD', url, tus)).status).toBe(404);
    const userFolder = `u/${/(\d+)-/.exec(location)![1]}/`;
    expect((await bucketKeys(stack.bucket)).filter((key) => key.startsWith(userFolder))).toEqual([]);
  });
}

test.describe('through Caddy', () => {
  test.use({ reverseProxy: 'caddy' });

  test('a visitor registers, confirms, records, uploads a photo and a video, plays and deletes them, while one API process is killed', async ({
    page,
    stack,
  }) => {
    test.setTimeout(240_000);
    const before = await bucketKeys(stack.bucket);
    await page.goto('/');
    await expectSecureHttps(page);
    await registerConfirmAndLogin(page, freshEmail('caddy'), PASSWORD);

    await recordAudio(page, 'До сбоя');
    const folder = await newUserFolder(stack.bucket, before);
    const stored = async () => (await bucketKeys(stack.bucket)).filter((key) => key.startsWith(folder));
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
    // The player's /media/ URL answers a Range request through the proxy with those bytes of the object.
    const ranged = await page
      .getByRole('dialog', { name: 'Просмотр видео' })
      .getByTestId('video-player')
      .evaluate(async (v: HTMLVideoElement) => {
        const res = await fetch(v.currentSrc, { headers: { range: 'bytes=100-1123' } });
        return {
          status: res.status,
          range: res.headers.get('content-range'),
          path: new URL(v.currentSrc).pathname,
          bytes: [...new Uint8Array(await res.arrayBuffer())],
        };
      });
    expect([ranged.status, ranged.range?.replace(/\/\d+$/, '')]).toEqual([206, 'bytes 100-1123']);
    const key = decodeURIComponent(ranged.path.replace(/^\/media\//, ''));
    expect(Buffer.from(ranged.bytes).equals(await objectBytes(stack.bucket, key, 'bytes=100-1123'))).toBe(true);
    // «Скачать всё» streams through the proxy: the video's original comes back byte for byte.
    const archive = await downloadEverything(page);
    expect([...archive.keys()].filter((name) => !name.endsWith('.json'))).toHaveLength(3);
    expect([...archive.entries()].find(([name]) => name.startsWith('Видео/Клип') && name.endsWith('.mp4'))?.[1].equals(clip)).toBe(true);
    // The bucket holds each record's original and what its processing made (no upload staging left);
    // no process's disk holds any of it, nor a job's work folder.
    const everyFile = [
      'audio/….mp3',
      'audio/….webm',
      'photo/…-preview.webp',
      'photo/…-thumb.webp',
      'photo/….png',
      'video/…-play.mp4',
      'video/…-poster.jpg',
      'video/….mp4',
    ];
    expect(shapes(await stored())).toEqual(everyFile);
    for (const dir of stack.dataDirs) expect(filesUnder(dir), dir).toEqual([]);
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
    // Deleted is in the trash, files and all, until it is emptied; then the worker's purge jobs empty the folder.
    expect(shapes(await stored())).toEqual(everyFile);
    await emptyTrash(page, 3);
    await expect.poll(stored, { timeout: 60_000 }).toEqual([]);
    // Not a byte on any process's disk: media, uploads in progress and the jobs' copies all went to the bucket.
    for (const dir of stack.dataDirs) await expect.poll(() => filesUnder(dir), { message: dir }).toEqual([]);
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
    const before = await bucketKeys(stack.bucket);
    await page.goto('/');
    await expectSecureHttps(page);
    await registerConfirmAndLogin(page, freshEmail('nginx'), PASSWORD);
    await recordAudio(page, 'Через nginx');
    const folder = await newUserFolder(stack.bucket, before);
    const stored = async () => (await bucketKeys(stack.bucket)).filter((key) => key.startsWith(folder));
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
    expect(shapes(await stored())).toEqual(['audio/….mp3', 'audio/….webm', 'photo/…-preview.webp', 'photo/…-thumb.webp', 'photo/….png']);
    await emptyTrash(page, 2);
    await expect.poll(stored, { timeout: 60_000 }).toEqual([]);
    for (const dir of stack.dataDirs) await expect.poll(() => filesUnder(dir), { message: dir }).toEqual([]);
  });
});
