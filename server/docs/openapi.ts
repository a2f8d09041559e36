import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { demandsBearer } from '../auth/guard.ts';
import { VERSION } from '../version.ts';
import { describeOperations, GUARDED, multipartBody, UPLOAD_FORM, type Document } from './operations.ts';

/** Where the description is served, and the page that shows it. */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const DESCRIPTION = `The API of Копилка, a private media vault, described from the zod schemas its routes validate with.

Sign in with \`POST /api/auth/login/\` and send the access token as \`Authorization: Bearer <access>\` (on this page:
«Authorize», then the access token); refresh it with \`POST /api/auth/token/refresh/\`. The operations that need it
show a lock. Errors have one shape: \`{"detail": "<Russian text>"}\`, or field errors
\`{"field": ["<Russian text>"]}\`. Media bytes are served by signed, expiring \`/media/…\` URLs that the records
carry; resumable uploads speak the tus 1.0 protocol under \`/api/uploads/\`.`;

/** A route's group in the description: the segment after /api/ (auth, media, uploads …), or `media-files` and `admin`. */
const tagOf = (url: string) => /^\/api\/([^/]+)/.exec(url)?.[1] ?? (url.startsWith('/media/') ? 'media-files' : 'admin');

/**
 * The routes ending in a wildcard, named as the description names their last segment: an OpenAPI path
 * has no unnamed wildcard, and every templated segment is a declared parameter.
 */
const WILDCARDS: Record<string, { name: string; description: string }> = {
  '/api/uploads/*': { name: 'id', description: 'The upload, as the Location of its creation names it' },
  '/media/*': { name: 'key', description: 'The stored file, slashes included (u/<user>/<kind>/<file>), as a record’s signed URL names it' },
  '/admin/*': { name: 'path', description: 'Any path below /admin, handed to ADMIN_URL' },
};

/**
 * The API's paths end in a slash, as its clients call them (a path without one is the same route);
 * the description says so. Wildcard routes get their parameter's name.
 */
export function describedRoute(url: string, schema: Record<string, unknown>): { url: string; schema: Record<string, unknown> } {
  const wildcard = WILDCARDS[url];
  if (wildcard) {
    const params = {
      type: 'object',
      properties: { [wildcard.name]: { type: 'string', description: wildcard.description } },
      required: [wildcard.name],
    };
    return { url: `${url.slice(0, -1)}:${wildcard.name}`, schema: { ...schema, params } };
  }
  return { url: url.startsWith('/api/') && !url.endsWith('/') ? `${url}/` : url, schema };
}

/** Methods OpenAPI 3.1 can describe: QUERY (which Fastify's `all` also routes) comes with OpenAPI 3.2. */
const DESCRIBABLE = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Registers the OpenAPI 3.1 description of every route registered after it (so it goes first), built
 * from the routes' zod schemas by fastify-type-provider-zod's transform, at GET /api/openapi.json, and
 * Swagger UI at /api/docs/, served from node_modules. The page runs only scripts of its own origin (no
 * inline script, no CDN: it fits the Content-Security-Policy every answer carries), and its online
 * validator badge is off (it would send the description to a third party).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Копилка API', version: VERSION, description: DESCRIPTION, license: { name: 'MIT', identifier: 'MIT' } },
      // The server the description is read from: the docs page calls the API where it was opened.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (args) => {
      const { schema } = jsonSchemaTransform(args);
      const { route } = args;
      // What operations.ts completes the description from: whether the guard runs, and an upload's form.
      const marks: Record<string, unknown> = {};
      if (demandsBearer([route.onRequest, route.preValidation, route.preHandler])) marks[GUARDED] = true;
      const upload = route.config?.upload;
      if (upload && upload !== true) marks[UPLOAD_FORM] = multipartBody(upload);
      return describedRoute(args.url, { tags: [tagOf(args.url)], ...schema, ...marks });
    },
    transformObject: (args) => {
      const document = jsonSchemaTransformObject(args) as Document;
      for (const item of Object.values(document.paths ?? {}))
        for (const method of Object.keys(item)) if (!DESCRIBABLE.has(method) && method !== 'parameters') delete item[method];
      return describeOperations(document);
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').send(app.swagger()),
  );
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    validatorUrl: false,
  });
}
