import Fastify, { type FastifyRequest, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demandsBearer, guardEveryRoute } from '../../../server/auth/guard.ts';
import { createUser } from '../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('a guarded scope of routes', () => {
  it('puts the guard before every route of every plugin in it, the route’s own hooks after, and lets OPTIONS pass', async () => {
    const calls: string[] = [];
    const seen: RouteOptions[] = [];
    const app = Fastify();
    app.addHook('onRoute', (route) => void seen.push(route));
    await app.register(async (scope) => {
      guardEveryRoute(scope, async (request: FastifyRequest) => {
        calls.push(`guard ${request.url}`);
        if (request.headers.authorization !== 'Bearer ok') throw Object.assign(new Error('no token'), { statusCode: 401 });
      });
      // A plugin that says nothing of the guard, as a feature's routes.ts does.
      await scope.register(async (plugin) => {
        plugin.get('/plain', async () => 'plain');
        plugin.post('/own', { preValidation: async () => void calls.push('own hook') }, async () => 'own');
        plugin.options('/plain', async () => 'preflight');
      });
    });
    await app.register(async (outside) => {
      outside.get('/public', async () => 'public');
    });

    expect((await app.inject({ url: '/plain' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/own' })).statusCode).toBe(401);
    expect(calls).toEqual(['guard /plain', 'guard /own']);
    calls.length = 0;
    expect((await app.inject({ method: 'POST', url: '/own', headers: { authorization: 'Bearer ok' } })).body).toBe('own');
    expect(calls).toEqual(['guard /own', 'own hook']);
    calls.length = 0;
    expect((await app.inject({ method: 'OPTIONS', url: '/plain' })).body).toBe('preflight');
    expect((await app.inject({ url: '/public' })).body).toBe('public');
    expect(calls).toEqual([]);

    // What the API description reads: the guarded routes carry a hook that demands the bearer token.
    const bearer = Object.fromEntries(seen.map((r) => [`${String(r.method)} ${r.url}`, demandsBearer(r.preValidation)]));
    expect(bearer).toEqual({
      'GET /plain': true,
      'HEAD /plain': true,
      'POST /own': true,
      'OPTIONS /plain': true,
      'GET /public': false,
      'HEAD /public': false,
    });
    await app.close();
  });
});

describe('Cache-Control under /api/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is no-store on every answer, refusals included, but where a route revalidates by ETag (private, no-cache)', async () => {
    const user = await createUser(t);
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const concrete = (p: string) => p.replace('{kind}', 'audio').replace(/\{\w+\}/g, '1');
    const answers: Record<string, string | undefined> = {};
    for (const [p, item] of Object.entries(doc.paths)) {
      if (!p.startsWith('/api/')) continue;
      for (const method of Object.keys(item).filter((m) => m !== 'parameters' && m !== 'head')) {
        for (const headers of [{}, user.headers]) {
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: concrete(p),
            headers: { ...headers, 'tus-resumable': '1.0.0' },
          });
          const cache = res.headers['cache-control'];
          answers[`${method} ${p} ${'authorization' in headers ? 'owner' : 'guest'} ${res.statusCode}`] =
            typeof cache === 'string' ? cache : undefined;
        }
      }
    }
    const notNoStore = Object.entries(answers).filter(([, cache]) => cache !== 'no-store');
    expect(Object.keys(answers).length).toBeGreaterThan(120);
    // Every list revalidates by its ETag (server/http/revalidate.ts; the profile stays no-store, with an ETag).
    const lists = [
      ...['audio', 'photo', 'video'].flatMap((kind) => [`get /api/media/${kind}/ owner 200`, `get /api/media/${kind}/buckets/ owner 200`]),
      'get /api/albums/ owner 200',
      'get /api/media/trash/ owner 200',
      'get /api/partners/ owner 200',
      'get /api/shares/ owner 200',
    ];
    expect(Object.fromEntries(notNoStore)).toEqual(Object.fromEntries(lists.map((list) => [list, 'private, no-cache'])));
    // An unknown path under /api/ is the API's 404, not stored either.
    expect((await t.app.inject({ url: '/api/no/such/thing/' })).headers['cache-control']).toBe('no-store');
  });
});
