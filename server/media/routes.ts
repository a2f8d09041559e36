import type { Multipart } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { MediaServices } from '../compose.ts';
import type { Config } from '../config.ts';
import type { Clock } from '../clock.ts';
import { currentUser, type Guard } from '../auth/guard.ts';
import { ApiError, detailError, notFound } from '../errors.ts';
import type { Storage } from '../storage/storage.ts';
import { contentDisposition } from './content-disposition.ts';
import { MEDIA_KINDS, type MediaKind, type UrlSigner } from './kinds.ts';
import { sendStored } from './send-file.ts';
import { UploadTooLargeError, type UploadPart } from './upload-intake.ts';
import { stringifyWithRawJson } from '../raw-json.ts';

export interface MediaRouteOptions {
  media: MediaServices;
  guard: Guard;
  storage: Storage;
  clock: Clock;
  config: Config;
}

/**
 * /api/media/{kind}/ and /api/media/{kind}/{id}/ (+ /download/) for every kind in the registry.
 * HTTP only: parse, call the service, shape the answer.
 */
export const mediaRoutes: FastifyPluginAsync<MediaRouteOptions> = async (app, { media, guard, storage, clock, config }) => {
  const service = media.records;

  /**
   * Signed root-relative paths (`/media/…?exp=…&sig=…`): the page resolves them on its own origin. Never
   * built from the request's Host, which the client writes.
   */
  function signer(): UrlSigner {
    const now = clock.now();
    return { url: (key) => (key ? media.paths.sign(key, now) : null) };
  }

  for (const kind of Object.values(MEDIA_KINDS)) {
    const base = `/media/${kind.name}`;
    const json = (request: FastifyRequest, reply: FastifyReply, row: Parameters<MediaKind['toJson']>[0]) =>
      reply.type('application/json; charset=utf-8').send(stringifyWithRawJson(kind.toJson(row, signer())));

    app.get(base, { preHandler: guard }, async (request, reply) => {
      const rows = await service.list(currentUser(request).id, kind);
      const signed = signer();
      return reply.type('application/json; charset=utf-8').send(stringifyWithRawJson(rows.map((row) => kind.toJson(row, signed))));
    });

    app.post(base, { preHandler: guard, config: { upload: true } }, async (request, reply) => {
      const user = currentUser(request);
      const parts = request.isMultipart() ? multipartParts(request, kind.limit(config) + 1) : bodyParts(request.body);
      const row = await media.uploads.create(user.id, kind, parts);
      return json(request, reply.status(201), row);
    });

    app.get(`${base}/:id`, { preHandler: guard }, async (request, reply) => {
      const row = await service.get(currentUser(request).id, kind, idParam(request));
      return json(request, reply, row);
    });

    const update = async (request: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>) => {
      const row = await service.update(currentUser(request).id, kind, idParam(request), body);
      return json(request, reply, row);
    };
    const remove = async (request: FastifyRequest, reply: FastifyReply) => {
      await service.remove(currentUser(request).id, kind, idParam(request));
      return reply.status(204).send();
    };

    app.patch(`${base}/:id`, { preHandler: guard }, async (request, reply) => update(request, reply, await readFields(request)));
    app.put(`${base}/:id`, { preHandler: guard }, async (request, reply) => update(request, reply, await readFields(request)));
    app.delete(`${base}/:id`, { preHandler: guard }, async (request, reply) => remove(request, reply));

    // The spec's fallbacks: POST with X-HTTP-Method-Override, or a _method form/multipart field.
    app.post(`${base}/:id`, { preHandler: guard }, async (request, reply) => {
      const body = await readFields(request);
      const header = request.headers['x-http-method-override'];
      const wanted = String(
        (typeof header === 'string' && header) || (typeof body._method === 'string' && body._method) || 'POST',
      ).toUpperCase();
      if (wanted === 'PATCH' || wanted === 'PUT') return update(request, reply, body);
      if (wanted === 'DELETE') return remove(request, reply);
      throw detailError(405, `Метод "${wanted.slice(0, 20)}" не разрешен.`);
    });

    app.route({
      method: ['GET', 'HEAD'],
      url: `${base}/:id/download`,
      preHandler: guard,
      handler: async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const format = typeof query.format === 'string' && query.format !== '' ? query.format : undefined;
        const file = await service.download(currentUser(request).id, kind, idParam(request), format);
        reply.header('Content-Disposition', contentDisposition(file.filename));
        reply.header('Cache-Control', 'private, no-cache');
        return sendStored(request, reply, storage, file.key, file.mime);
      },
    });
  }
};

/** Ids are positive integers that fit the column; anything else is simply not found. */
function idParam(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id > 2_147_483_647) throw notFound();
  return id;
}

/** Edits carry text only; a file sent along (some clients add one) may be this big before we refuse. */
const FIELDS_ONLY_FILE_LIMIT = 1024 * 1024;

/** Title/description from JSON, form-urlencoded or multipart (files are read and dropped). */
async function readFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (request.isMultipart()) {
    const out: Record<string, unknown> = {};
    try {
      for await (const part of multipartParts(request, FIELDS_ONLY_FILE_LIMIT)) {
        if (part.type === 'field') out[part.name] = part.value;
        else part.stream.resume(); // a stray file is read and dropped, or the fields after it never arrive
      }
    } catch (err) {
      if (err instanceof UploadTooLargeError) throw detailError(413, 'Слишком большой запрос.');
      throw err;
    }
    return out;
  }
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw detailError(400, 'Ожидается объект с полями.');
  return body as Record<string, unknown>;
}

/** A non-multipart POST: its fields still count (for errors), but it carries no file. */
async function* bodyParts(body: unknown): AsyncGenerator<UploadPart> {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) yield { type: 'field', name, value };
  }
}

/** @fastify/multipart parts → UploadPart, with its errors turned into DRF-shaped ones. */
async function* multipartParts(request: FastifyRequest, fileSizeLimit: number): AsyncGenerator<UploadPart> {
  const iterator = request.parts({ limits: { fileSize: fileSizeLimit } });
  while (true) {
    let next: IteratorResult<Multipart>;
    try {
      next = await iterator.next();
    } catch (err) {
      throw multipartError(err);
    }
    if (next.done) return;
    const part = next.value;
    if (part.type === 'file') {
      part.file.on('limit', () => part.file.destroy(new UploadTooLargeError('file too large')));
      yield { type: 'file', name: part.fieldname, filename: part.filename ?? '', stream: part.file };
    } else {
      yield { type: 'field', name: part.fieldname, value: part.value };
    }
  }
}

function multipartError(err: unknown): Error {
  if (err instanceof ApiError) return err;
  const e = err as { code?: string; statusCode?: number };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return new UploadTooLargeError('file too large');
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) return err as Error;
  return detailError(400, 'Некорректные данные формы.');
}
