import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import type { Storage } from '../../../server/storage/storage.ts';
import { audioFixtures, createUser, multipart, tempDir } from '../support/media-fixtures.ts';
import { HOME_ONLY_EXPORT, writeExport } from '../support/web-export.ts';
import { composeWorker } from '../../../server/compose.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { sample } from '../../support/prometheus.ts';
import { postMedia, sendMultipart } from '../support/uploads.ts';
import { freePort, startApiProcess, type ApiProcess } from '../../support/processes.ts';

/** The storage with a `stat` that a test can make fail as a broken bucket does. */
function failingStat(fail: { stat: boolean }) {
  return (s: Storage): Storage =>
    new Proxy(s, {
      get(target, prop) {
        if (prop === 'stat' && fail.stat) return () => Promise.reject(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
}

describe('metrics of one app: requests, uploads, jobs, storage errors, the list cache', () => {
  const fail = { stat: false };
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof createUser>>;
  const figures = () => t.services.metrics.registry.metrics();

  beforeAll(async () => {
    t = await createTestApp({ wrapStorage: failingStat(fail) });
    alice = await createUser(t, 'metrics');
  });
  afterAll(() => t.close());

  it('times requests by method, route template and status', async () => {
    expect((await t.app.inject({ url: '/api/auth/profile/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/profile/', headers: alice.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/no/such/thing/' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
    const text = await figures();
    expect(sample(text, 'kopilka_http_request_duration_seconds_count', { method: 'GET', route: '/api/openapi.json', status: '200' })).toBe(
      1,
    );
    expect(sample(text, 'kopilka_http_request_duration_seconds_count', { method: 'GET', route: '/api/auth/profile/', status: '401' })).toBe(
      1,
    );
    expect(sample(text, 'kopilka_http_request_duration_seconds_count', { method: 'GET', route: '/api/auth/profile/', status: '200' })).toBe(
      1,
    );
    // An unknown path is one label, whatever it was (the catch-all's template), so the labels stay few.
    expect(sample(text, 'kopilka_http_request_duration_seconds_count', { method: 'GET', route: '/api/*', status: '404' })).toBe(1);
    expect(text).not.toContain('/api/no/such/thing');
  });

  it('counts the bytes of an accepted upload, the jobs it makes waiting then done, and their durations', async () => {
    const wav = readFileSync((await audioFixtures(await tempDir(), 1)).wav);
    const body = multipart({ title: 'Запись' }, { field: 'audio_file', filename: 'a.wav', contentType: 'audio/wav', data: wav });
    await t.services.worker!.stop(); // the job waits until the test runs it, with a worker of its own
    const res = await sendMultipart(t, alice, '/api/media/audio/', body);
    expect(res.statusCode, res.body).toBe(201);
    let text = await figures();
    const route = '/api/media/audio/';
    expect(sample(text, 'kopilka_uploaded_bytes_total', { route })).toBe(body.payload.length);
    expect(sample(text, 'kopilka_jobs', { kind: 'process-audio', state: 'waiting' })).toBe(1);
    expect(sample(text, 'kopilka_jobs', { kind: 'process-audio', state: 'running' })).toBe(0);
    t.clock.advance(42_000);
    expect(sample(await figures(), 'kopilka_jobs_oldest_waiting_seconds')).toBeGreaterThanOrEqual(42);

    const quiet = { error() {}, warn() {}, info() {} };
    await composeWorker(t.deps, quiet, t.services.queue, { metrics: t.services.metrics }).settle();
    text = await figures();
    expect(sample(text, 'kopilka_jobs', { kind: 'process-audio', state: 'waiting' })).toBeUndefined();
    expect(sample(text, 'kopilka_job_duration_seconds_count', { kind: 'process-audio', outcome: 'done' })).toBe(1);
    expect(sample(text, 'kopilka_job_duration_seconds_sum', { kind: 'process-audio', outcome: 'done' })).toBeGreaterThan(0);
    // A refused upload's bytes are not counted.
    const bad = { filename: 'a.wav', contentType: 'audio/wav', data: Buffer.from('not audio') };
    const refused = await postMedia(t, alice, 'audio', { title: 'x' }, bad);
    expect(refused.statusCode).toBe(400);
    expect(sample(await figures(), 'kopilka_uploaded_bytes_total', { route })).toBe(body.payload.length);
  });

  it('counts the list cache’s misses and hits', async () => {
    const list = () => t.app.inject({ url: '/api/media/audio/', headers: alice.headers });
    const before = await figures();
    const misses = sample(before, 'kopilka_list_cache_lookups_total', { result: 'miss' }) ?? 0;
    const hits = sample(before, 'kopilka_list_cache_lookups_total', { result: 'hit' }) ?? 0;
    expect((await list()).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    const after = await figures();
    expect(sample(after, 'kopilka_list_cache_lookups_total', { result: 'miss' })).toBe(misses + 1);
    expect(sample(after, 'kopilka_list_cache_lookups_total', { result: 'hit' })).toBe(hits + 1);
  });

  it('counts a failed storage operation by its name, and not a missing key', async () => {
    expect(await t.deps.storage.stat('u/0/none')).toBeNull(); // the test's own handle: not the app's, not counted
    fail.stat = true;
    try {
      const res = await t.app.inject({ url: '/api/health/ready/' });
      expect(res.statusCode).toBe(503);
    } finally {
      fail.stat = false;
    }
    const text = await figures();
    expect(sample(text, 'kopilka_storage_errors_total', { operation: 'stat' })).toBe(1);
    expect(sample(text, 'kopilka_storage_errors_total', { operation: 'read' })).toBeUndefined();
  });
});

/** GET on a connection of its own (the cluster's primary hands each new connection to the next process). */
const get = (port: number, pathname: string, host = '127.0.0.1') =>
  new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = http.get({ host, port, path: pathname, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
  });

describe('METRICS_PORT: a listener of its own, in the real server', () => {
  let server: ApiProcess | null = null;
  afterEach(async () => {
    await server?.stop('SIGTERM');
    server = null;
  });

  it('is off unless set, and refused when not a port', async () => {
    const dir = await tempDir('kopilka-metrics-config-');
    expect(loadConfig({ DATA_DIR: dir }).metricsPort).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ DATA_DIR: dir, METRICS_PORT: 'yes' })).toThrow(
      'Invalid METRICS_PORT: must be a whole number from 1 to 65535',
    );
  });

  it('listens on METRICS_HOST, 127.0.0.1 unless set, whatever HOST the app listens on', async () => {
    const dir = await tempDir('kopilka-metrics-config-');
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', metricsHost: '127.0.0.1' });
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0', METRICS_HOST: '10.0.0.5' }).metricsHost).toBe('10.0.0.5');
  });

  for (const processes of [1, 2]) {
    it(`serves the figures of ${processes === 1 ? 'the process' : 'both processes of WEB_CONCURRENCY=2, gathered'} at /metrics, Node's own included`, async () => {
      const dir = await tempDir('kopilka-metrics-');
      writeExport(path.join(dir, 'out'), HOME_ONLY_EXPORT);
      const [port, metricsPort] = [await freePort(), await freePort()];
      // The app on every address; the figures where METRICS_HOST says: 127.0.0.1 by default, 127.0.0.2 when
      // set so (both loopback, so a listener on one is not reached through the other).
      const metricsHost = processes === 1 ? '127.0.0.1' : '127.0.0.2';
      server = startApiProcess({
        PORT: String(port),
        HOST: '0.0.0.0',
        ...(processes === 1 ? {} : { METRICS_HOST: metricsHost }),
        METRICS_PORT: String(metricsPort),
        DATA_DIR: path.join(dir, 'data'),
        OUT_DIR: path.join(dir, 'out'),
        SECRET_KEY: 'metrics-test-secret-key-0123456789abcdefgh',
        WEB_CONCURRENCY: String(processes),
      });
      const output = server.output;
      const end = Date.now() + 90_000;
      while (!output().includes('Копилка работает')) {
        if (Date.now() > end || server.child.exitCode !== null) throw new Error(`the server did not start:\n${output()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const asked = 6;
      for (let i = 0; i < asked; i++) expect((await get(port, '/api/health/live/')).status).toBe(200);

      const res = await get(metricsPort, '/metrics', metricsHost);
      expect(res.status, output()).toBe(200);
      const elsewhere = processes === 1 ? '127.0.0.2' : '127.0.0.1';
      expect((await get(port, '/api/health/live/', elsewhere)).status).toBe(200);
      expect(await get(metricsPort, '/metrics', elsewhere).catch((e: NodeJS.ErrnoException) => e.code)).toBe('ECONNREFUSED');
      expect(res.type).toMatch(/^text\/plain/);
      expect(
        sample(res.body, 'kopilka_http_request_duration_seconds_count', { method: 'GET', route: '/api/health/live/', status: '200' }),
      ).toBe(asked);
      expect(sample(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sample(res.body, 'nodejs_eventloop_lag_seconds')).toBeDefined();
      expect(res.body).toContain('# TYPE kopilka_jobs gauge');
      // The figures are not on the app's port, and the listener answers nothing else.
      expect((await get(port, '/metrics')).status).toBe(404);
      expect((await get(metricsPort, '/api/health/live/', metricsHost)).status).toBe(404);
    }, 120_000);
  }
});
