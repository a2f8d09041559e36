import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MediaServices } from '../services.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { currentSessionId, currentUser, type Guard } from '../../auth/guard.ts';
import { ApiError, detailError } from '../../http/errors.ts';
import type { UploadForm } from '../../http/upload-form.ts';
import { mediaDetailsSchema } from '../fields.ts';
import { sessionGrant } from '../../grants/grant.ts';
import type { Storage } from '../../storage/storage.ts';
import { contentDisposition, safeFileName } from '../files/content-disposition.ts';
import { KIND_SPECS, type MediaKindSpec, type UrlSigner } from '../kinds.ts';
import { downloadQuery, editBody, idParams, infoWire, linkWire, listQuery, overrideBody } from '../schemas.ts';
import { recordsJson, sendList } from './list-reply.ts';
import { othersKey, recordsOfOwners, type OtherOwners } from './others.ts';
import { sendStored } from '../files/send-file.ts';
import { UploadTooLargeError, type UploadPart } from '../upload/intake.ts';

export interface MediaRouteOptions {
  media: MediaServices;
  guard: Guard;
  storage: Storage;
  clock: Clock;
  config: Config;
  /** Who adds their items to a viewer's lists with `?with_partners=1` (partners); none when absent. */
  others?: OtherOwners;
}

/** The plugin's instance, typed by the zod schemas of its routes. */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * /api/media/{kind}/ and /api/media/{kind}/{id}/ (+ /download/, /info/) for every kind in the registry.
 * The schemas check the input, the services do the work, the answer is shaped here.
 */
export const mediaRoutes: FastifyPluginAsyncZod<MediaRouteOptions> = async (app, options) => {
  for (const kind of KIND_SPECS) registerKind(app, kind, options);
};

function registerKind(app: ZodApp, kind: MediaKindSpec, { media, guard, storage, clock, config, others }: MediaRouteOptions): void {
  const { records } = media;
  const base = `/media/${kind.name}`;
  const record = { 200: kind.record };

  /**
   * Signed root-relative paths (`/media/…?exp=…&sig=…`): the page resolves them on its own origin. Never
   * built from the request's Host, which the client writes.
   */
  const signer = (): UrlSigner => {
    const now = clock.now();
    return { url: (key) => (key ? media.paths.sign(key, now) : null) };
  };

  // The list is kept ready as bytes until the user's media change or the URLs' window moves (list-cache.ts);
  // it goes out compressed as the client accepts, and an unchanged list answers 304 to its ETag. The
  // favourites (`?favorite=1`) are a list of their own, kept beside the whole one: starring an item writes
  // its row, which moves the media version, so the next list of either sort shows it. With ?month=, one
  // month of the kind's timeline (timeline.ts) for a viewer in ?tz= (of the favourites with ?favorite=1),
  // kept the same way. With ?with_partners=1, the partners' items beside the viewer's, each record with its
  // `owner` (records/others.ts), kept as a list of its own that moves with anyone's change.
  app.get(base, { preValidation: guard, schema: { querystring: listQuery } }, async (request, reply) => {
    const user = currentUser(request);
    const now = clock.now();
    const { month, tz } = request.query;
    const favoritesOnly = request.query.favorite === true;
    const withOthers = request.query.with_partners === true && !favoritesOnly;
    const sources = withOthers && others ? await others.of(user.id, kind.name) : [];
    const owners = [user.id, ...sources.map((o) => o.id)];
    const keyed = withOthers ? othersKey(sources, user.media_version) : { view: '', version: user.media_version };
    const own: UrlSigner = { url: (key) => (key ? media.paths.sign(key, now) : null) };
    const entry = await media.lists.get(
      {
        userId: user.id,
        kind: favoritesOnly ? `${kind.name}:favorite` : kind.name,
        view: [month && `month:${month}:${tz}`, keyed.view].filter(Boolean).join('|') || undefined,
        version: keyed.version,
        window: media.paths.expiry(now),
      },
      async (kept) => {
        const rows = month
          ? await media.timeline.month(owners, kind, month, tz, favoritesOnly)
          : withOthers
            ? await records.listSinceOf(owners, kind, kept)
            : await records.listSince(user.id, kind, favoritesOnly, kept);
        return recordsJson(kind, rows, own, kept, withOthers ? recordsOfOwners(user.id, sources, media.paths, now, own) : undefined);
      },
    );
    return sendList(request, reply, entry);
  });

  // The upload streams: its body is read part by part by the upload intake, which checks the fields
  // with the edit's schema (fields.ts) and the file by its content.
  const form: UploadForm = {
    file: kind.fileField,
    fileDescription: `The ${kind.name} file (checked by its content)`,
    fields: mediaDetailsSchema,
  };
  app.post(base, { preValidation: guard, config: { upload: form }, schema: { response: { 201: kind.record } } }, async (request, reply) => {
    const user = currentUser(request);
    const parts = request.isMultipart() ? multipartParts(request, kind.limit(config) + 1) : bodyParts(request.body);
    const declared = Number(request.headers['content-length']);
    const row = await media.uploads.create(user.id, kind, parts, Number.isSafeInteger(declared) && declared >= 0 ? declared : undefined);
    return reply.status(201).send(kind.toJson(row, signer()));
  });

  app.get(`${base}/:id`, { preValidation: guard, schema: { params: idParams, response: record } }, async (request) => {
    const row = await records.get(currentUser(request).id, kind, request.params.id);
    return kind.toJson(row, signer());
  });

  // What the viewer's «Сведения» add to the record, read from the original (info.ts): it never changes for the
  // record, so the browser may keep it an hour.
  app.get(
    `${base}/:id/info`,
    { preValidation: guard, schema: { params: idParams, response: { 200: infoWire } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, max-age=3600');
      return media.info.of(currentUser(request).id, kind, request.params.id);
    },
  );

  // Edits come as JSON, a form or multipart fields; the spec's fallbacks POST them with
  // X-HTTP-Method-Override or a `_method` field.
  const edit = { preValidation: [guard, multipartFieldsAsBody], schema: { params: idParams, body: editBody, response: record } };
  app.patch(`${base}/:id`, edit, async (request) => {
    const row = await records.update(currentUser(request).id, kind, request.params.id, request.body);
    return kind.toJson(row, signer());
  });
  app.put(`${base}/:id`, edit, async (request) => {
    const row = await records.update(currentUser(request).id, kind, request.params.id, request.body);
    return kind.toJson(row, signer());
  });

  // A failed record's processing, once more: 202, the record processing again.
  app.post(
    `${base}/:id/retry`,
    { preValidation: guard, schema: { params: idParams, response: { 202: kind.record } } },
    async (request, reply) => {
      const row = await records.retry(currentUser(request).id, kind, request.params.id);
      return reply.status(202).send(kind.toJson(row, signer()));
    },
  );

  app.delete(`${base}/:id`, { preValidation: guard, schema: { params: idParams, response: { 204: z.void() } } }, async (request, reply) => {
    await records.remove(currentUser(request).id, kind, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    `${base}/:id`,
    {
      preValidation: [guard, multipartFieldsAsBody],
      schema: { params: idParams, body: overrideBody, response: { ...record, 204: z.void() } },
    },
    async (request, reply) => {
      const { _method, ...details } = request.body;
      const header = request.headers['x-http-method-override'];
      const wanted = ((typeof header === 'string' && header) || _method || 'POST').toUpperCase();
      const userId = currentUser(request).id;
      if (wanted === 'PATCH' || wanted === 'PUT') {
        return reply.send(kind.toJson(await records.update(userId, kind, request.params.id, details), signer()));
      }
      if (wanted === 'DELETE') {
        await records.remove(userId, kind, request.params.id);
        return reply.status(204).send();
      }
      throw detailError(405, `Метод "${wanted.slice(0, 20)}" не разрешен.`);
    },
  );

  // A signed link to the same file as an attachment under the same name: the browser downloads it
  // straight to disk (no bearer needed, so no detour through the page's memory), with ranges. It belongs
  // to the session that asked (refused once that session ends) and lives an hour at most.
  app.get(
    `${base}/:id/download-link`,
    { preValidation: guard, schema: { params: idParams, querystring: downloadQuery(kind.name), response: { 200: linkWire } } },
    async (request) => {
      const file = await records.download(currentUser(request).id, kind, request.params.id, request.query.format);
      return { url: media.paths.download(file.key, safeFileName(file.filename), clock.now(), sessionGrant(currentSessionId(request))) };
    },
  );

  // The file itself streams: no response schema applies to its bytes.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${base}/:id/download`,
    preValidation: guard,
    schema: { params: idParams, querystring: downloadQuery(kind.name) },
    handler: async (request, reply) => {
      const file = await records.download(currentUser(request).id, kind, request.params.id, request.query.format);
      reply.header('Content-Disposition', contentDisposition(file.filename));
      reply.header('Cache-Control', 'private, no-cache');
      return sendStored(request, reply, storage, file.key, file.mime);
    },
  });
}

/** Edits carry text only; a file sent along (some clients add one) may be this big before we refuse. */
const FIELDS_ONLY_FILE_LIMIT = 1024 * 1024;

/**
 * A multipart edit's fields become its body, so that the edit's schema checks them as it checks JSON
 * or a form; files sent along are read and dropped.
 */
async function multipartFieldsAsBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of multipartParts(request, FIELDS_ONLY_FILE_LIMIT)) {
      if (part.type === 'field') fields[part.name] = part.value;
      else part.stream.resume(); // a stray file is read and dropped, or the fields after it never arrive
    }
  } catch (err) {
    if (err instanceof UploadTooLargeError) throw detailError(413, 'Слишком большой запрос.');
    throw err;
  }
  request.body = fields;
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
