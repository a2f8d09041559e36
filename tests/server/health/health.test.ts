import { VERSION } from '../../../server/version.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_TIMEOUT_MS, WORKER_STALE_MS } from '../../../server/health/readiness.ts';
import type { Storage } from '../../../server/storage/storage.ts';
import { storedFiles } from '../support/test-storage.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** How the wrapped storage's operation behaves: as the real one, refusing, or never answering. */
type Mode = 'real' | 'refuse' | 'hang';

/** The app's own storage with `stat` and `put` that a test can make refuse or hang (the bucket gone, a dead mount). */
function switchable(mode: { stat: Mode; put: Mode }) {
  return (s: Storage): Storage =>
    new Proxy(s, {
      get(target, prop, receiver) {
        if (prop === 'put' || prop === 'stat') {
          return (...args: unknown[]) => {
            if (mode[prop] === 'refuse') return Promise.reject(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }));
            if (mode[prop] === 'hang') return new Promise(() => {});
            return (target[prop] as (...a: unknown[]) => unknown)(...args);
          };
        }
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
}

/** What /api/health/ready/ answers: each check by name, 'ok' or 'failed' (the contract has no schema of it). */
interface Readiness {
  checks: Record<string, string>;
}

describe('health: live and ready', () => {
  const mode: { stat: Mode; put: Mode } = { stat: 'real', put: 'real' };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ wrapStorage: switchable(mode) });
  });
  afterAll(() => t.close());

  it('answers live (and the old /api/health/) with {"status": "ok"}', async () => {
    for (const url of ['/api/health/live/', '/api/health/live', '/api/health/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ status: 'ok' });
    }
  });

  it('answers ready with every check ok: the database, the storage and this process’s worker', async () => {
    const res = await t.app.inject({ url: '/api/health/ready/' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: VERSION, checks: { database: 'ok', storage: 'ok', worker: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves nothing in the storage after its probes', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/api/health/ready/' })).statusCode).toBe(200);
    expect((await storedFiles(t)).filter((f) => !f.startsWith('work/'))).toEqual([]);
  });

  it('answers 503 naming the storage when it refuses to answer', async () => {
    mode.stat = 'refuse';
    try {
      const res = await t.app.inject({ url: '/api/health/ready/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        detail: 'Не готово: хранилище файлов',
        version: VERSION,
        checks: { database: 'ok', storage: 'failed', worker: 'ok' },
      });
    } finally {
      mode.stat = 'real';
    }
  });

  it('answers 503 naming the storage when a local disk no longer takes writes (a bucket is only asked, never written to)', async () => {
    mode.put = 'refuse';
    try {
      const res = await t.app.inject({ url: '/api/health/ready/' });
      expect(res.statusCode).toBe(t.storage.localFiles ? 503 : 200);
    } finally {
      mode.put = 'real';
    }
  });

  it('answers 503 within its time limit when the storage never answers, rather than hanging', async () => {
    mode.stat = 'hang';
    try {
      const started = Date.now();
      const res = await t.app.inject({ url: '/api/health/ready/' });
      const took = Date.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.json<Readiness>().checks.storage).toBe('failed');
      expect(took).toBeGreaterThanOrEqual(CHECK_TIMEOUT_MS - 50);
      expect(took).toBeLessThan(CHECK_TIMEOUT_MS + 5_000);
    } finally {
      mode.stat = 'real';
    }
  });

  it('answers 503 naming the worker when it has not looked for jobs lately, and ok once it does again', async () => {
    const worker = t.services.worker!;
    await worker.settle(); // a look for jobs has just ended: the heartbeat is now
    t.clock.advance(WORKER_STALE_MS + 1_000);
    const stale = await t.app.inject({ url: '/api/health/ready/' });
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toEqual({
      detail: 'Не готово: обработчик заданий',
      version: VERSION,
      checks: { database: 'ok', storage: 'ok', worker: 'failed' },
    });
    await worker.settle();
    expect((await t.app.inject({ url: '/api/health/ready/' })).statusCode).toBe(200);
  });

  it('answers 503 naming the worker once it has stopped', async () => {
    await t.services.worker!.stop();
    const res = await t.app.inject({ url: '/api/health/ready/' });
    expect(res.statusCode).toBe(503);
    expect(res.json<Readiness>().checks).toEqual({ database: 'ok', storage: 'ok', worker: 'failed' });
  });
});

describe('health: ready without a worker (RUN_JOBS=false), and with the database gone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it('checks the database and the storage only', async () => {
    const res = await t.app.inject({ url: '/api/health/ready/' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: VERSION, checks: { database: 'ok', storage: 'ok' } });
  });

  it('answers 503 naming the database when it cannot be queried, while live still answers', async () => {
    await t.db.destroy();
    const res = await t.app.inject({ url: '/api/health/ready/' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'Не готово: база данных', version: VERSION, checks: { database: 'failed', storage: 'ok' } });
    expect((await t.app.inject({ url: '/api/health/live/' })).statusCode).toBe(200);
  });
});
