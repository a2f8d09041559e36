// What the API description says of every operation beyond its route's own schemas: its security (the bearer
// scheme wherever the guard runs), the error answers it may give (DRF's shapes, from contract/errors.ts), an
// operationId and a summary, the multipart form of an upload, tus's headers, and the /admin hand-off. The
// route transform (openapi.ts) leaves what it knows of each route in `x-kopilka-*` keys, read and removed here.
import { z } from 'zod';
import { detailErrorSchema, fieldErrorsSchema } from '../../contract/errors.ts';
import type { UploadForm } from '../http/upload-form.ts';
import { TUS_OPERATIONS } from '../uploads/openapi.ts';

type Operation = Record<string, unknown> & {
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: unknown[];
  summary?: string;
  operationId?: string;
};
type PathItem = Record<string, Operation>;
export interface Document {
  paths?: Record<string, PathItem>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** Keys the route transform leaves on an operation for this module. */
export const GUARDED = 'x-kopilka-guarded';
export const UPLOAD_FORM = 'x-kopilka-upload-form';

/** The HTTP methods an operation may have. */
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const schemaOf = (schema: z.ZodType) => {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return json;
};

/** The error bodies and answers every operation refers to. */
export const ERROR_COMPONENTS = {
  schemas: {
    Detail: {
      ...schemaOf(detailErrorSchema),
      description: 'One error: `{"detail": "<Russian text>"}`, with a machine-readable `code` on some (contract/errors.ts)',
      example: { detail: 'Не найдено.' },
    },
    FieldErrors: {
      ...schemaOf(fieldErrorsSchema),
      description:
        'Field errors (Django REST Framework): each field that was refused, with its messages; errors of the body as a whole under `non_field_errors`',
      example: { title: ['Убедитесь, что это значение содержит не более 200 символов.'] },
    },
    TokenNotValid: {
      type: 'object',
      description:
        'A refused bearer: `code` is `not_authenticated` (none sent) or `token_not_valid` (malformed, expired or revoked; SimpleJWT’s shape, with `messages`)',
      properties: {
        detail: { type: 'string' },
        code: { type: 'string', enum: ['not_authenticated', 'token_not_valid'] },
        messages: { type: 'array', items: { type: 'object' } },
      },
      required: ['detail', 'code'],
    },
  },
  headers: {
    RetryAfter: { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } },
  },
  responses: {
    BadRequest: {
      description: 'The request was refused: field errors, or one `detail`',
      content: {
        'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/FieldErrors' }, { $ref: '#/components/schemas/Detail' }] } },
      },
    },
    Unauthorized: {
      description: 'No access token (`code: not_authenticated`), or one that is not valid (`code: token_not_valid`)',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/TokenNotValid' } } },
    },
    Forbidden: {
      description: 'Not allowed: its `code` says why (`email_not_verified`, `reauth_required`, …)',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Detail' } } },
    },
    NotFound: {
      description: 'No such thing, or not yours (the same answer)',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Detail' } } },
    },
    RangeNotSatisfiable: {
      description: 'The Range asked for lies outside the file',
      headers: { 'Content-Range': { description: '`bytes */<size>`', schema: { type: 'string' } } },
    },
    Conflict: {
      description: 'It conflicts with what is there (a file already kept, an upload being finished, an offset that moved on)',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Detail' } } },
    },
    PayloadTooLarge: {
      description: 'Over the size limit or the quota',
      content: {
        'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/FieldErrors' }, { $ref: '#/components/schemas/Detail' }] } },
      },
    },
    TooManyRequests: {
      description: 'Throttled: try again after Retry-After seconds',
      headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Detail' } } },
    },
    ServiceUnavailable: {
      description: 'The database or the media storage cannot be used now: try again after Retry-After seconds',
      headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Detail' } } },
    },
  },
};

const ref = (name: keyof typeof ERROR_COMPONENTS.responses) => ({ $ref: `#/components/responses/${name}` });

/**
 * The operations that throttle (429): sign-in, registration, codes, resets and the other ways in (per address
 * and per target), a share link's opening, and a resumable upload's creation (its unfinished ones).
 */
const THROTTLED = [/^\/api\/auth\/(?!profile|sessions|2fa\/?$|passkeys\/?$|oauth\/links)/, /^\/api\/public\//, /^\/api\/uploads\/$/];
/**
 * Where 403 comes besides the guard's 401: staff-only routes, a sign-in with an unconfirmed e-mail, a share
 * link behind a password, and the changes that need a recent sign-in (`reauth_required`: ways in, e-mail,
 * exports, share links).
 */
const FORBIDDING: { path: RegExp; methods?: RegExp }[] = [
  { path: /^\/api\/admin\// },
  { path: /^\/api\/public\// },
  { path: /^\/api\/auth\/login\/$/ },
  { path: /^\/api\/auth\/(passkeys|2fa|oauth\/link|change-email)/, methods: /^(post|patch|put|delete)$/ },
  { path: /^\/api\/(media\/export|shares)\/$/, methods: /^post$/ },
];

/** `/api/media/audio/{id}/retry/` → `media audio by id retry`: the words of a path. */
function wordsOf(path: string): string[] {
  return path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param ? `by ${param[1]}` : segment.replace(/[-_.]/g, ' ');
    });
}

/** `getMediaAudioById`, `postAuthLogin`: unique per method and path, stable while they are. */
export function operationIdOf(method: string, path: string): string {
  const words = [method, ...(path.startsWith('/api/') ? [] : ['web']), ...wordsOf(path)].join(' ').split(/\s+/);
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join('');
}

/**
 * A summary made from the method and the path, for an operation whose route gave none: `Auth: login`,
 * `Media: get audio`, `Media: update audio`, `Albums: delete albums items`.
 */
export function summaryOf(method: string, path: string): string {
  const [group = 'root', ...rest] = wordsOf(path).filter((w) => !w.startsWith('by '));
  const thing = rest.join(' ') || group;
  const item = /\}\/?$/.test(path);
  const verbs: Record<string, string> = {
    get: 'get',
    head: 'headers of',
    // A POST to a named action (login, register, restore) is that action; to a collection, a creation.
    post: item ? 'post to' : rest.length > 0 && !/^(audio|photo|video)$/.test(thing) ? '' : 'create',
    put: 'replace',
    patch: 'update',
    delete: 'delete',
  };
  const phrase = [verbs[method] ?? method.toUpperCase(), thing].filter(Boolean).join(' ');
  return `${group.charAt(0).toUpperCase()}${group.slice(1)}: ${phrase}`;
}

/** The multipart request body of an upload form (the route transform marks its operation with it). */
export function multipartBody(form: UploadForm): object {
  const fields = form.fields ? schemaOf(form.fields) : { properties: {} };
  const properties = (fields as { properties?: Record<string, unknown> }).properties ?? {};
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { [form.file]: { type: 'string', format: 'binary', description: form.fileDescription }, ...properties },
          required: [form.file],
        },
        encoding: { [form.file]: { contentType: 'application/octet-stream' } },
      },
    },
  };
}

/** Adds `answer` under `status` unless the route described that status itself. */
function answer(op: Operation, status: string, response: object): void {
  op.responses ??= {};
  op.responses[status] ??= response;
}

/** Completes the description of one operation (see the module's comment). */
function describeOperation(method: string, path: string, op: Operation): void {
  const guarded = op[GUARDED] === true;
  delete op[GUARDED];
  const form = op[UPLOAD_FORM];
  delete op[UPLOAD_FORM];
  if (form) op.requestBody = form;
  const tus = TUS_OPERATIONS[path as keyof typeof TUS_OPERATIONS]?.[method];
  if (tus) {
    const { responses, parameters, ...rest } = structuredClone(tus) as Operation;
    Object.assign(op, rest, { responses: { ...(responses ?? {}) }, parameters: [...(op.parameters ?? []), ...(parameters ?? [])] });
  }
  // Declared either way: the bearer scheme where the guard runs, none (a public operation) elsewhere.
  op.security ??= guarded ? [{ bearer: [] }] : [];
  op.operationId ??= operationIdOf(method, path);
  op.summary ??= summaryOf(method, path);
  if (path.startsWith('/media/')) {
    // Signed file URLs: a signature that is missing, forged or expired is 403, and tells nothing of the file.
    answer(op, '403', { description: 'The signature is missing, wrong or expired' });
    answer(op, '404', { description: 'No such file' });
    if (method === 'get') answer(op, '416', ref('RangeNotSatisfiable'));
    return;
  }
  if (path.startsWith('/admin')) {
    answer(op, '4XX', { description: 'What the admin area refuses (its own answers when ADMIN_URL hands /admin on)' });
    return;
  }
  if (!path.startsWith('/api/')) return;
  const takesInput = op.requestBody !== undefined || (op.parameters?.length ?? 0) > 0;
  if (takesInput) answer(op, '400', ref('BadRequest'));
  if ((op.security?.length ?? 0) > 0) answer(op, '401', ref('Unauthorized'));
  if (FORBIDDING.some((f) => f.path.test(path) && (!f.methods || f.methods.test(method)))) answer(op, '403', ref('Forbidden'));
  if (/\{\w+\}/.test(path)) answer(op, '404', ref('NotFound'));
  if (form || (tus && method === 'post')) answer(op, '413', ref('PayloadTooLarge'));
  if (THROTTLED.some((re) => re.test(path)) && method === 'post') answer(op, '429', ref('TooManyRequests'));
  if (!path.startsWith('/api/health/')) answer(op, '503', ref('ServiceUnavailable'));
}

/**
 * Completes the document: every operation as describeOperation says, the error components, the server, and
 * the operations no client calls dropped: the /admin hand-off keeps GET (a page: the admin area, or the
 * "not configured" page), and tus's paths keep the methods tus answers there.
 */
export function describeOperations(document: Document): Document {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of Object.keys(item)) {
      if (!METHODS.has(method)) continue;
      const tusPath = TUS_OPERATIONS[path as keyof typeof TUS_OPERATIONS];
      // OPTIONS (tus's discovery, the proxy's) is left out: a same-origin client never needs it.
      const dropped =
        method === 'options' || (path.startsWith('/admin') && method !== 'get') || (tusPath !== undefined && !(method in tusPath));
      if (dropped) {
        delete item[method];
        continue;
      }
      // Fastify's routes share one schema between their methods (GET and its HEAD, tus's five): each its own.
      item[method] = structuredClone(item[method]!);
      describeOperation(method, path, item[method]);
    }
  }
  const components = (document.components ??= {});
  for (const [kind, entries] of Object.entries(ERROR_COMPONENTS)) components[kind] = { ...(components[kind] ?? {}), ...entries };
  return document;
}
