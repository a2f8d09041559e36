import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describedRoute } from '../../../server/docs/openapi.ts';
import { signedInUser } from '../support/auth.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { root } from '../../support/processes.ts';

interface Registered {
  method: string;
  url: string;
  hidden: boolean;
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
}

/** `/api/media/:kind/:id` → `/api/media/{kind}/{id}/`, as the description names a registered route. */
const describedPath = (url: string) => describedRoute(url, {}).url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI description at /api/openapi.json', () => {
  const routes: Registered[] = [];
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    t = await createTestApp({
      app: {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) routes.push({ method, url: route.url, hidden: !!route.schema?.hide });
        },
      },
    });
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json<Document>();
  });
  afterAll(() => t.close());

  it('describes every registered route and method (QUERY, which OpenAPI 3.1 cannot name, aside)', () => {
    const shown = routes.filter((r) => !r.hidden && r.method !== 'QUERY');
    expect(shown.length).toBeGreaterThan(60);
    const missing = shown
      // Fastify answers HEAD for every GET by itself; the description names the GET.
      .filter(
        (r) => !(r.method === 'HEAD' && shown.some((g) => g.method === 'GET' && g.url === r.url) && !doc.paths[describedPath(r.url)]?.head),
      )
      // Left out on purpose (docs/operations.ts): OPTIONS, the /admin hand-off but its GET, tus's methods where tus has none.
      .filter((r) => r.method !== 'OPTIONS' && !(r.url.startsWith('/admin') && r.method !== 'GET'))
      .filter((r) => !(r.url === '/api/uploads' && r.method !== 'POST') && !(r.url === '/api/uploads/*' && r.method === 'POST'))
      .filter((r) => !doc.paths[describedPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // The spec's own paths, as its clients call them.
    for (const [p, method] of [
      ['/api/auth/login/', 'post'],
      ['/api/media/audio/{id}/', 'patch'],
      ['/api/health/ready/', 'get'],
      ['/api/uploads/{id}', 'patch'],
      ['/media/{key}', 'get'],
    ] as const)
      expect(doc.paths[p]?.[method], `${method} ${p}`).toBeDefined();
  });

  it('hides only the docs page’s own files, the description itself and the /api/ catch-all (/api/ itself too)', () => {
    const hidden = [...new Set(routes.filter((r) => r.hidden).map((r) => r.url))].sort();
    expect(hidden.filter((url) => !url.startsWith('/api/docs'))).toEqual(['/api', '/api/*', '/api/openapi.json']);
    expect(hidden.some((url) => url.startsWith('/api/docs'))).toBe(true);
  });

  it('validates as an OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  type Operation = {
    operationId?: string;
    summary?: string;
    security?: Record<string, string[]>[];
    responses: Record<string, unknown>;
    parameters?: { name: string; in: string }[];
    requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> };
  };
  const operations = () =>
    Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item)
        .filter(([method]) => method !== 'parameters')
        .map(([method, op]) => ({ path: p, method, op: op as Operation })),
    );

  it('declares the bearer scheme exactly on the operations the guard refuses without a token', async () => {
    const concrete = (p: string) => p.replace('{kind}', 'audio').replace(/\{\w+\}/g, '1');
    const wrong: string[] = [];
    let guarded = 0;
    for (const { path: p, method, op } of operations()) {
      expect(op.security, `${method} ${p}`).toBeDefined();
      const bearer = op.security!.some((s) => 'bearer' in s);
      if (bearer) guarded++;
      if (method === 'head') continue;
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url: concrete(p), headers: { 'tus-resumable': '1.0.0' } });
      if ((res.statusCode === 401) !== bearer) wrong.push(`${method} ${p}: ${res.statusCode}, ${bearer ? 'bearer' : 'public'}`);
    }
    expect(wrong).toEqual([]);
    expect(guarded).toBeGreaterThan(60);
    expect((doc as unknown as { components: { securitySchemes: Record<string, unknown> } }).components.securitySchemes.bearer).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  });

  it('names each operation once and sums it up, and describes its answers: a 2xx, and the DRF-shaped 4xx', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path: p, method, op } of operations()) {
      expect(op.summary, `${method} ${p}`).toBeTruthy();
      const statuses = Object.keys(op.responses);
      // The provider sign-in's start only redirects; the health probes never refuse (redocly.yaml says so too).
      if (!p.startsWith('/api/auth/oauth/{provider}/start/'))
        expect(
          statuses.some((s) => /^2/.test(s)),
          `${method} ${p}`,
        ).toBe(true);
      // Every operation that takes input or a token can refuse it; a public one without input (the probes, the
      // list of providers) has nothing to refuse.
      const guarded = op.security?.some((s) => 'bearer' in s) ?? false;
      if (guarded || op.requestBody || op.parameters?.length)
        expect(
          statuses.some((s) => /^4/.test(s)),
          `${method} ${p}`,
        ).toBe(true);
      if (guarded && p.startsWith('/api/'))
        expect(op.responses['401'], `${method} ${p}`).toEqual({ $ref: '#/components/responses/Unauthorized' });
    }
    const components = (doc as unknown as { components: { responses: Record<string, unknown> } }).components.responses;
    for (const name of ['BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'TooManyRequests', 'ServiceUnavailable'])
      expect(components[name], name).toBeDefined();
    expect(doc.paths['/api/auth/login/']!.post).toMatchObject({ responses: { 400: {}, 403: {}, 429: {}, 503: {} } });
  });

  it('describes the uploads’ forms (audio_file for audio, file for photo and video) and tus’s headers', () => {
    const form = (kind: string) =>
      (doc.paths[`/api/media/${kind}/`]!.post as Operation).requestBody!.content['multipart/form-data']!.schema;
    expect(form('audio').required).toEqual(['audio_file']);
    expect(Object.keys(form('audio').properties).sort()).toEqual(['audio_file', 'description', 'title']);
    expect(form('photo').required).toEqual(['file']);
    expect(form('video').required).toEqual(['file']);
    expect((doc.paths['/api/auth/profile/photo/']!.post as Operation).requestBody!.content['multipart/form-data']!.schema.required).toEqual(
      ['photo'],
    );
    const headers = (p: string, method: string) =>
      ((doc.paths[p]![method] as Operation).parameters ?? []).filter((x) => x.in === 'header').map((x) => x.name);
    expect(headers('/api/uploads/', 'post')).toEqual(['Tus-Resumable', 'Upload-Length', 'Upload-Metadata']);
    expect(headers('/api/uploads/{id}', 'patch')).toEqual(['Tus-Resumable', 'Upload-Offset']);
    expect(Object.keys(doc.paths['/api/uploads/']!).sort()).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/uploads/{id}']!).sort()).toEqual(['delete', 'head', 'patch']);
  });

  it('names its server, and documents the /admin hand-off to ADMIN_URL as a page (GET), no TRACE anywhere', async () => {
    expect((doc as unknown as { servers: unknown[] }).servers).toEqual([{ url: '/', description: 'This server' }]);
    // Without ADMIN_URL the admin area is a part of the export, served as files (not an API operation).
    expect(doc.paths['/admin']).toBeUndefined();
    expect(operations().filter(({ method }) => method === 'trace' || method === 'options')).toEqual([]);
    const handedOff = await createTestApp({ env: { ADMIN_URL: 'http://127.0.0.1:9/' } });
    try {
      const described = (await handedOff.app.inject({ url: '/api/openapi.json' })).json<Document>();
      expect(Object.keys(described.paths['/admin']!)).toEqual(['get']);
    } finally {
      await handedOff.close();
    }
  });

  it('describes a route from its zod schemas: the login’s body, answer and field types', () => {
    const login = doc.paths['/api/auth/login/']!.post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> };
      responses: Record<string, unknown>;
    };
    const body = login.requestBody.content['application/json']!.schema;
    expect(Object.keys(body.properties).sort()).toEqual(['email', 'password']);
    expect(body.required.sort()).toEqual(['email', 'password']);
    expect(Object.keys(login.responses)).toContain('200');
  });

  it('makes a client (openapi-typescript + openapi-fetch) that type-checks against a login call, and that call works', async () => {
    const dir = path.join(root, '.tmp', `openapi-client-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(path.join(dir, 'schema.d.ts'), astToString(await openapiTS(structuredClone(doc) as never)));
      writeFileSync(
        path.join(dir, 'call.ts'),
        `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

/** Signs in through the generated client and reads the profile with the access token it got. */
export async function signInAndReadProfile(baseUrl: string, email: string, password: string): Promise<string> {
  const client = createClient<paths>({ baseUrl });
  const { data, response } = await client.POST('/api/auth/login/', { body: { email, password } });
  if (!data) throw new Error(\`login answered \${response.status}\`);
  if ('mfa_required' in data) throw new Error('a second step was asked for');
  const access: string = data.access;
  const profile = await client.GET('/api/auth/profile/', { headers: { Authorization: \`Bearer \${access}\` } });
  if (!profile.data) throw new Error(\`profile answered \${profile.response.status}\`);
  const address: string = profile.data.email;
  return address;
}

export function wrongCalls(baseUrl: string): void {
  const client = createClient<paths>({ baseUrl });
  // @ts-expect-error the description names no field "pasword"
  void client.POST('/api/auth/login/', { body: { email: 'a@example.com', pasword: 'x' } });
  // @ts-expect-error the description has no such path
  void client.GET('/api/no/such/path/');
}
`,
      );
      const program = ts.createProgram([path.join(dir, 'call.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        skipLibCheck: true,
        types: [],
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      expect(diagnostics).toEqual([]);

      const user = await signedInUser(t);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const call = (await import(path.join(dir, 'call.ts'))) as { signInAndReadProfile(b: string, e: string, p: string): Promise<string> };
      expect(await call.signInAndReadProfile(`http://127.0.0.1:${port}`, user.email, user.password)).toBe(user.email);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the docs page at /api/docs/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is Swagger UI from node_modules, with no inline script, under the policy every answer carries', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'; ");
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, text] of scripts) {
      expect(attrs).toMatch(/src="\.\/static\/[\w.-]+\.js"/);
      expect(text!.trim()).toBe('');
    }
    for (const [, src] of page.body.matchAll(/(?:src|href)="\.\/(static\/[\w.-]+)"/g)) {
      const asset = await t.app.inject({ url: `/api/docs/${src}` });
      expect(asset.statusCode, src).toBe(200);
    }
    const init = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain('validatorUrl: null');
    expect((await t.app.inject({ url: '/api/docs/json' })).json<Document>().openapi).toBe('3.1.0');
  });
});
