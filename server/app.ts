import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type RouteOptions,
} from 'fastify';
import multipart from '@fastify/multipart';
import type { AppDeps } from './deps.ts';
import { composeServices, startWorker, type Services } from './compose.ts';
import { ApiError, unavailableAnswer } from './http/errors.ts';
import { authRoutes } from './auth/routes.ts';
import { sessionsRoutes } from './auth/sessions-routes.ts';
import { notMeRoutes } from './auth/not-me-routes.ts';
import { reauthRoutes } from './auth/reauth-routes.ts';
import { twoFactorRoutes } from './auth/two-factor-routes.ts';
import { emailChangeRoutes } from './profile/email-change-routes.ts';
import { oauthRoutes } from './oauth/routes.ts';
import { passkeyRoutes } from './passkeys/routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { albumRoutes } from './albums/routes.ts';
import { albumMemberRoutes } from './albums/members/routes.ts';
import { partnerRoutes } from './partners/routes.ts';
import { shareRoutes } from './shares/routes.ts';
import { sharedFileRoutes } from './shares/file-routes.ts';
import { collectionRoutes } from './media/export/collection-routes.ts';
import { mediaRoutes } from './media/records/routes.ts';
import { timelineRoutes } from './media/timeline/routes.ts';
import { trashRoutes } from './media/trash/routes.ts';
import { trimRoutes } from './media/trim/routes.ts';
import { mediaFileRoutes } from './media/files/routes.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { registrationRoutes } from './admin/registration-routes.ts';
import { startAdminHousekeeping } from './admin/services.ts';
import { registerOpenApi } from './docs/openapi.ts';
import { measureRequests } from './metrics/http.ts';
import { CLIENT_CLOSED, isClientAbort, logRequests } from './http/request-log.ts';
import { logUnavailable } from './log/repeats.ts';
import { createLogger, type LogDestination } from './log/logger.ts';
import { Metrics } from './metrics/metrics.ts';
import { countStorageErrors } from './metrics/storage.ts';
import { healthRoutes } from './health/routes.ts';
import { startMediaWork } from './media/startup.ts';
import { webRoutes } from './web/routes.ts';
import { contentSecurityPolicy } from './web/csp.ts';
import { securityHeaders } from './web/security-headers.ts';
import { parseFormBody, parseJsonBody } from './http/body-parsers.ts';
import { useZodSchemas } from './http/schema-compilers.ts';
import { finishUnreadBodies } from './http/unread-body.ts';
import { DEFAULT_TIMEOUTS, serverTimeoutOptions, watchRequestTimeouts, type RequestTimeouts } from './http/request-timeouts.ts';

/** What a path the router cannot read (bad percent-encoding) is refused with. */
const BAD_URL = 'Некорректный адрес запроса.';

/** JSON and form bodies; uploads are multipart and streamed, never this big. */
export const BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  /** false: no log at all (most tests). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogDestination;
  /** The process's logger (process/api.ts makes one for its start-up lines too); else one is made from the config. */
  loggerInstance?: Logger;
  /** Connection and request limits; tests shrink them. */
  timeouts?: Partial<RequestTimeouts>;
  /** Told of every route as it is registered (the OpenAPI test checks each is described). */
  onRoute?: (route: RouteOptions) => void;
  /** How often the trash is purged of items deleted 30 days ago (an hour; tests shrink it). */
  trashSweepEveryMs?: number;
}

/** The app and the services it was composed from (tests wait on their background work). */
export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
}

/** Builds the whole HTTP app. process/api.ts and the tests build it the same way. */
export async function buildApp(given: AppDeps, opts: AppOptions = {}): Promise<BuiltApp> {
  const metrics = new Metrics();
  // Every failed storage operation of the app is counted (the errors pass through unchanged).
  const deps: AppDeps = { ...given, storage: countStorageErrors(given.storage, metrics) };
  const timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  // Set below once helmet's headers are read; the router's own refusals carry them too.
  let fixedHeaders: Record<string, string> = {};
  // As Fastify's own logger type, so that the app keeps its default type (pino's Logger is a wider one).
  const logger: FastifyBaseLogger | false =
    opts.logger === false
      ? false
      : (opts.loggerInstance ?? createLogger({ level: deps.config.logLevel, format: deps.config.logFormat }, opts.logStream));
  const app = Fastify({
    ...serverTimeoutOptions(timeouts),
    // A path the router cannot read (bad percent-encoding, a parameter past its length) is refused in
    // the API's shape, like every other refusal, rather than with Fastify's own body.
    frameworkErrors: (error, request, reply) => {
      const failed = error.code === 'FST_ERR_ASYNC_CONSTRAINT';
      if (failed) request.log.error({ err: error }, 'route constraint failed');
      const body = JSON.stringify({ detail: failed ? 'Внутренняя ошибка сервера. Попробуйте позже.' : BAD_URL });
      // The router's reply is typed for no route at all; it is an ordinary reply.
      void (reply as FastifyReply)
        .code(failed ? 500 : 400)
        .headers({ ...fixedHeaders, 'x-request-id': request.id, 'cache-control': 'no-store' })
        .type('application/json; charset=utf-8')
        .send(body);
    },
    // One line per request, written by logRequests (http/request-log.ts), in the format LOG_FORMAT names.
    logController: new LogController({ disableRequestLogging: true }),
    ...(logger === false ? { logger: false } : { loggerInstance: logger }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    // Without a proxy in front, X-Forwarded-For is the client's to forge: believing it would let anyone
    // dodge the per-IP throttles. TRUST_PROXY opts in.
    trustProxy: deps.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  const services = composeServices(deps, app.log, metrics);
  measureRequests(app, metrics);
  logRequests(app);
  metrics.watchJobs(deps.db, deps.clock);
  app.addHook('onReady', async () => {
    await startMediaWork(services.media, app.log, opts.trashSweepEveryMs);
    services.uploads.service.startCleanup(services.media.background);
    startAdminHousekeeping(services.admin, services.media.background);
  });
  app.addHook('onClose', async () => services.media.background.drain());
  // The worker of this process (unless RUN_JOBS=false) starts once the app is ready and stops with it.
  const { worker, queue } = services;
  if (worker) {
    app.addHook('onReady', async () => startWorker(worker, queue));
    app.addHook('onClose', async () => worker.stop());
  }

  useZodSchemas(app);
  watchRequestTimeouts(app, timeouts);
  finishUnreadBodies(app, timeouts.bodyMs);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('recentSignIn', async () => false);
  // Every answer's fixed headers, set in one callback hook at the start of each request: helmet's (with
  // HELMET_OPTIONS they never change, so they are read from the plugin once, web/security-headers.ts,
  // rather than made by its chain of eleven middlewares on every request), our Content-Security-Policy
  // (web/csp.ts; HTML pages of the export replace it with their own, with the hashes of their inline
  // scripts) and the request id: one hook rather than three on every request.
  fixedHeaders = { ...(await securityHeaders()), 'content-security-policy': contentSecurityPolicy() };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(fixedHeaders);
    reply.header('x-request-id', request.id);
    done();
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, parseJsonBody);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, parseFormBody);
  await app.register(multipart, {
    limits: { fieldNameSize: 100, fieldSize: 64 * 1024, fields: 20, files: 1, parts: 25, headerPairs: 100 },
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).headers(error.headers).send(error.body);
    }
    // The client hung up mid-request: its line (499) says so (http/request-log.ts); no one reads an answer.
    if (request.raw.aborted || isClientAbort(error)) return reply.status(CLIENT_CLOSED).send();
    // The storage or the database cannot be used now: 503 with Retry-After, and one log line with the cause.
    const unavailable = unavailableAnswer(error);
    if (unavailable) {
      logUnavailable(request.log, unavailable.what, error);
      const { status, headers, body } = unavailable.error;
      return reply.status(status).headers(headers).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .headers(status === 429 ? { 'Retry-After': '60' } : {})
        .send({ detail: clientErrorText(status, error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Внутренняя ошибка сервера. Попробуйте позже.' });
  });

  // Before every route: the description collects the routes as they are registered.
  await registerOpenApi(app);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { readiness: services.readiness });
      const { guard, presentUser } = services;
      await api.register(authRoutes, { auth: services.auth, guard, presentUser });
      await api.register(sessionsRoutes, { sessions: services.sessionList, guard });
      await api.register(twoFactorRoutes, { twoFactor: services.twoFactor, guard, presentUser });
      await api.register(notMeRoutes, { notMe: services.notMe });
      await api.register(reauthRoutes, { reauth: services.reauth, guard });
      await api.register(emailChangeRoutes, { emailChange: services.emailChange, guard, presentUser });
      await api.register(passkeyRoutes, { passkeys: services.passkeys, guard, presentUser });
      const secureCookie = deps.config.publicUrl.startsWith('https:');
      await api.register(oauthRoutes, { oauth: services.oauth, guard, presentUser, secureCookie });
      await api.register(profileRoutes, { profile: services.profile, guard, presentUser, avatarLimit: deps.config.limits.avatar });
      // The fixed paths (/media/trash/, /media/usage/, /media/export/) sit beside /media/{kind}/.
      await api.register(trashRoutes, { media: services.media, guard, clock: deps.clock });
      await api.register(collectionRoutes, { media: services.media, guard });
      await api.register(timelineRoutes, { media: services.media, guard, others: services.partners });
      await api.register(trimRoutes, { media: services.media, guard, clock: deps.clock });
      await api.register(mediaRoutes, {
        media: services.media,
        guard,
        storage: deps.storage,
        clock: deps.clock,
        config: deps.config,
        others: services.partners,
      });
      await api.register(albumRoutes, {
        albums: services.albums,
        guard,
        paths: services.media.paths,
        storage: deps.storage,
        secretKey: deps.config.secretKey,
        clock: deps.clock,
      });
      await api.register(albumMemberRoutes, {
        members: services.albumMembers,
        guard,
        paths: services.media.paths,
        secretKey: deps.config.secretKey,
        clock: deps.clock,
      });
      await api.register(partnerRoutes, { partners: services.partners, guard, paths: services.media.paths, clock: deps.clock });
      await api.register(shareRoutes, {
        shares: services.shares,
        guard,
        clock: deps.clock,
        secretKey: deps.config.secretKey,
        publicUrl: deps.config.publicUrl,
      });
      await api.register(uploadRoutes, {
        prefix: '/uploads',
        uploads: services.uploads,
        resumable: !deps.storageLacks?.includes('ListParts'),
        guard,
        paths: services.media.paths,
        clock: deps.clock,
      });
      await api.register(registrationRoutes, { registration: services.admin.registration });
      await api.register(adminRoutes, { admin: services.admin, guard, presentUser, defaultQuotaBytes: deps.config.userQuotaBytes });
      // Whatever else is under /api/, /api/ itself included, is the API's 404, never the web app's page.
      const apiNotFound = async () => {
        throw new ApiError(404, { detail: 'Не найдено.' });
      };
      api.all('/', { schema: { hide: true } }, apiNotFound);
      api.all('/*', { schema: { hide: true } }, apiNotFound);
    },
    { prefix: '/api' },
  );

  await mediaFileRoutes(app, deps, services.media.fileAccess);
  await sharedFileRoutes(app, deps, services.shares);
  await webRoutes(app, deps);
  return { app, services };
}

function clientErrorText(status: number, error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'Неподдерживаемый тип содержимого запроса.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'Слишком большой запрос.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Пустое тело запроса.';
  }
  if (status === 400) return 'Некорректный запрос.';
  if (status === 404) return 'Не найдено.';
  if (status === 405) return 'Метод не поддерживается.';
  if (status === 413) return 'Слишком большой запрос.';
  if (status === 415) return 'Неподдерживаемый тип содержимого запроса.';
  return 'Некорректный запрос.';
}
