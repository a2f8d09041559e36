import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { NodeRequest } from 'srvx/node';
import type { Clock } from '../clock.ts';
import type { Media, Upload, User } from '../db/types.ts';
import type { UploadServices } from './services.ts';
import { ApiError, notAuthenticated, unavailableAnswer } from '../http/errors.ts';
import type { MediaKindSpec } from '../media/kinds.ts';
import type { MediaPathSigner } from '../media/files/signing.ts';
import { stringifyWithRawJson } from '../http/raw-json.ts';
import { ERROR_CODE } from '../../contract/errors.ts';
import { logUnavailable } from '../log/repeats.ts';
import { isNotImplemented } from '../storage/abilities.ts';
import { TusRefusal } from './tus-refusal.ts';
import { newUploadId } from '../storage/upload-keys.ts';

export interface UploadRouteOptions {
  uploads: UploadServices;
  /** false: the media storage lacks what tus needs (ListParts): a new upload is refused (503) before anything is made. */
  resumable: boolean;
  paths: MediaPathSigner;
  clock: Clock;
}

/** What the tus hooks of one request need to know: who sent it, and the upload it is about once known. */
interface TusCall {
  request: FastifyRequest;
  upload?: Upload;
  finished?: boolean;
  /** The headers of our refusal (Retry-After), which tus does not carry from a hook's error to its answer. */
  refusalHeaders?: Record<string, string>;
}

const METHODS = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Resumable uploads: the tus 1.0 protocol (creation, creation with upload, termination, expiration) by
 * @tus/server, under /api/uploads/. Every request but OPTIONS passes the session guard first (the
 * scope app.ts registers this in, before tus sees the request, so a stranger learns nothing from its checks); tus's hooks then apply the uploads' rules (service.ts): who may touch which
 * upload, what a new one may be, and the record a complete one becomes, which is the answer (201) of
 * the request that completed it. Answers go out through Fastify, and every refusal is DRF-shaped JSON.
 *
 * Bodies stream through untouched: this scope parses none, and tus reads PATCH bodies itself.
 */
export const uploadRoutes: FastifyPluginAsync<UploadRouteOptions> = async (app, { uploads, paths, clock, resumable }) => {
  const { service } = uploads;
  const calls = new WeakMap<Request, TusCall>();
  /** Retry-After of a request answered 503 because the storage or the database was unavailable. */
  const retryAfter = new WeakMap<Request, string>();
  const callOf = (req: Request): TusCall => {
    const call = calls.get(req);
    if (!call) throw new Error('a tus request that did not come through the route');
    return call;
  };
  /** The guard has run by the time tus calls a hook; a request without a user is refused all the same. */
  const userOf = (req: Request): User => {
    const user = callOf(req).request.user;
    if (!user) throw refusal(notAuthenticated());
    return user;
  };

  /** The record as the media API shows it, encoded by its kind's schema. */
  const recordBody = (kind: MediaKindSpec, record: Media): string => {
    const now = clock.now();
    const json = kind.toJson(record, { url: (key) => (key ? paths.sign(key, now) : null) });
    return stringifyWithRawJson(kind.record.encode(json));
  };

  const tus = new Server({
    path: '/api/uploads',
    datastore: uploads.store,
    locker: uploads.locker,
    // A path, never built from the request's Host (which the client writes).
    relativeLocation: true,
    // Same origin only: no CORS headers.
    allowedOrigins: [],
    namingFunction: (req) => newUploadId(userOf(req).id),
    onIncomingRequest: async (req, id) => {
      const user = userOf(req);
      if (req.method === 'POST') return; // a new upload: its id was just made for this user
      callOf(req).upload = await asTus(callOf(req), () => service.access(user.id, id, { toRemove: req.method === 'DELETE' }));
    },
    onUploadCreate: async (req, upload) => {
      const user = userOf(req);
      callOf(req).upload = await asTus(callOf(req), () => service.begin(user.id, upload.id, upload.size, upload.metadata));
      return {};
    },
    onUploadFinish: async (req, upload) => {
      const user = userOf(req);
      const { kind, record } = await asTus(callOf(req), () => service.finish(user.id, upload.id));
      callOf(req).finished = true;
      return { status_code: 201, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: recordBody(kind, record) };
    },
    onResponseError: (req, err) => {
      // The storage or the database cannot be used now: 503 (Retry-After is added below), one log line with the cause.
      const unavailable = unavailableAnswer(err);
      const log = calls.get(req)?.request.log;
      if (unavailable) {
        if (log) logUnavailable(log, unavailable.what, err);
        // A call the storage does not implement will fail this upload every time: it goes now, rather than
        // counting toward its owner's unfinished uploads for a day.
        const upload = calls.get(req)?.upload;
        if (upload && isNotImplemented((err as { cause?: unknown }).cause ?? err)) void service.abandon(upload.id);
        const { status, body, headers } = unavailable.error;
        retryAfter.set(req, headers['Retry-After']!);
        return { status_code: status, body: JSON.stringify(body) };
      }
      if (err instanceof Error && !(err instanceof TusRefusal)) log?.error({ err }, 'resumable upload failed');
      return undefined;
    },
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!resumable && request.method === 'POST')
      return reply
        .status(503)
        .type('application/json; charset=utf-8')
        .send({ detail: RESUMABLE_UNAVAILABLE, code: ERROR_CODE.resumable_unavailable });
    const webRequest = new NodeRequest({ req: request.raw, res: reply.raw });
    const call: TusCall = { request };
    calls.set(webRequest, call);
    const response = await tus.handleWeb(webRequest);
    const text = await response.text();
    // A creation that failed on our side gave the client no Location to go on from: the upload is dropped
    // whole (its row at once, its bytes when the storage allows; what is left is the storage check's).
    if (request.method === 'POST' && response.status >= 500 && call.upload) await service.abandon(call.upload.id);
    const wait = retryAfter.get(webRequest);
    if (wait) reply.header('Retry-After', wait);
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'content-type') reply.header(name, value);
    });
    // The tus extension of expiration: when an unfinished upload will be refused and removed.
    if (call.upload && !call.finished && response.status < 300)
      reply.header('Upload-Expires', new Date(call.upload.expires_at).toUTCString());
    if (response.status >= 400) {
      if (call.refusalHeaders) reply.headers(call.refusalHeaders);
      return reply.type('application/json; charset=utf-8').send(refusalBody(response.status, text));
    }
    if (!text) return reply.send();
    return reply.type(response.headers.get('content-type') ?? 'application/json; charset=utf-8').send(text);
  };
  for (const url of ['/', '/*']) {
    app.route({ method: [...METHODS], url, handler, config: { upload: true } });
  }
};

/** Runs a rule of the service; its refusal becomes tus's (its headers kept on the call for the answer). */
async function asTus<T>(call: TusCall, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError) {
      if (Object.keys(err.headers).length) call.refusalHeaders = err.headers;
      throw refusal(err);
    }
    throw err;
  }
}

/** What a new resumable upload is told when the storage cannot take them (the app then sends the file whole). */
export const RESUMABLE_UNAVAILABLE = 'Хранилище файлов этого сервера не поддерживает возобновляемые загрузки: отправьте файл целиком.';

const refusal = (err: ApiError) => new TusRefusal(err.status, JSON.stringify(err.body));

/** Russian words for tus's own refusals (its bodies are English text). */
const TUS_REFUSALS: Record<number, string> = {
  400: 'Некорректный запрос загрузки.',
  403: 'Некорректный запрос загрузки.',
  404: 'Не найдено.',
  409: 'Загрузка продолжается не с того места: узнайте, сколько уже получено (HEAD), и продолжите оттуда.',
  410: 'Загрузка устарела и удалена: отправьте файл заново.',
  412: 'Нужен заголовок Tus-Resumable: 1.0.0.',
  413: 'Слишком большой запрос.',
  501: 'Такая загрузка не поддерживается.',
};

/** A refusal's body: ours (already JSON) as it is, tus's own put in Russian as `{"detail": …}`. */
function refusalBody(status: number, text: string): string {
  if (text.startsWith('{')) return text;
  const detail =
    status >= 500 && status !== 501
      ? 'Внутренняя ошибка сервера. Попробуйте позже.'
      : (TUS_REFUSALS[status] ?? 'Некорректный запрос загрузки.');
  return JSON.stringify({ detail });
}
