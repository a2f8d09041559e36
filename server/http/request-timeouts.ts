import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { UploadForm } from './upload-form.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes a large upload: its body need not arrive within bodyMs, only keep coming. true: a
     * streamed body (tus); a form: a multipart upload, described by it (upload-form.ts).
     */
    upload?: true | UploadForm;
  }
}

/**
 * How long the server waits on a client, so that a few slow or silent clients cannot hold
 * connections open. Node's own request timeout covers head and body together, which a 2 GB upload over
 * a slow line can never meet, so it stays off and bodies are watched per request instead: an ordinary
 * body must be complete within bodyMs, an upload must keep arriving at a minimum pace.
 */
export interface RequestTimeouts {
  /** The request head must be complete this long after it started; a connection that sends nothing is closed too. */
  headersMs: number;
  /** A body that is not an upload (JSON, a form, a media edit) must be complete this long after its head. */
  bodyMs: number;
  /** An upload must bring at least uploadMinBytes in every window of uploadWindowMs. */
  uploadWindowMs: number;
  uploadMinBytes: number;
  /**
   * No byte in or out this long while the server waits on the client (a body, or a response it does not
   * read) closes the connection. Time the server itself spends on a request does not count.
   */
  idleMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** How often Node checks the head deadline (it is only as precise as this). */
  checkIntervalMs: number;
}

export const DEFAULT_TIMEOUTS: RequestTimeouts = {
  headersMs: 15_000,
  // 30 s for at most 1 MiB: a client slower than ~35 KB/s for a form is not a person.
  bodyMs: 30_000,
  // 64 KiB a minute (~9 kbit/s) is slower than any mobile line that still works; a stalled one is cut.
  uploadWindowMs: 60_000,
  uploadMinBytes: 64 * 1024,
  idleMs: 60_000,
  // Longer than the 60 s a reverse proxy usually keeps an idle upstream connection, so the proxy closes first.
  keepAliveMs: 72_000,
  checkIntervalMs: 1_000,
};

const TIMEOUT_BODY = JSON.stringify({ detail: 'Время ожидания запроса истекло.' });

/** A raw answer for a connection the server is about to close (DRF-shaped like every other error). */
export function closingResponse(status: 400 | 408 | 431, detail?: string): string {
  const body = detail ? JSON.stringify({ detail }) : TIMEOUT_BODY;
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[status];
  return (
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/** Fastify server options that set Node's limits (head, keep-alive, idle socket). */
export function serverTimeoutOptions(t: RequestTimeouts) {
  return {
    // Off: bodies are watched per request (watchRequestTimeouts), because uploads are exempt.
    requestTimeout: 0,
    // Idle socket limit; the 'timeout' handler below decides what idle means.
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    http: { headersTimeout: t.headersMs, connectionsCheckingInterval: t.checkIntervalMs },
    /** Node's own refusals (head too slow or too big, garbage) answered like our other errors, then closed. */
    clientErrorHandler(err: Error & { code?: string }, socket: import('node:stream').Duplex) {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable) {
        if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.write(closingResponse(408));
        else if (err.code === 'HPE_HEADER_OVERFLOW') socket.write(closingResponse(431, 'Слишком большие заголовки запроса.'));
        else socket.write(closingResponse(400, 'Некорректный запрос.'));
      }
      socket.destroy();
    },
  };
}

interface Active {
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Cuts a request whose client is too slow: a 408 if nothing was answered yet, then the connection closes. */
function cut({ request, reply }: Active): void {
  const socket = request.raw.socket;
  if (socket.destroyed) return;
  if (!reply.raw.headersSent && socket.writable) socket.write(closingResponse(408));
  socket.destroy();
}

/**
 * Watches every request's body (a deadline, or for uploads a minimum pace) and decides what an idle
 * socket means: a connection is closed when it idles while the server waits on the client, never while
 * the server is still working on a request whose body is complete.
 */
export function watchRequestTimeouts(app: FastifyInstance, t: RequestTimeouts): void {
  const active = new WeakMap<Socket, Active>();

  app.server.on('timeout', (socket: Socket) => {
    // The socket's last request, unless its answer has been sent (the socket then idles between requests).
    const last = active.get(socket);
    const current = last && !last.reply.raw.writableFinished ? last : undefined;
    if (current && current.request.raw.complete && !current.reply.raw.headersSent) return;
    if (current) cut(current);
    else socket.destroy();
  });

  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const socket = raw.socket;
    // app.inject() has no socket to watch.
    if (!(socket instanceof Socket)) return done();
    const entry = { request, reply };
    // Replaced by the socket's next request; once answered, the timeout above no longer counts it as under way.
    active.set(socket, entry);
    // A request that declares no body (neither Content-Length nor Transfer-Encoding: HTTP/1.1 then
    // means none) has nothing left to arrive, so no body timer is set for it: most GETs.
    const headers = request.headers;
    if (raw.complete || (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined)) return done();

    let timer: NodeJS.Timeout;
    if (request.routeOptions.config.upload) {
      let seen = socket.bytesRead;
      timer = setInterval(() => {
        if (raw.complete || socket.destroyed) return clearInterval(timer);
        if (socket.bytesRead - seen < t.uploadMinBytes) {
          clearInterval(timer);
          cut(entry);
        }
        seen = socket.bytesRead;
      }, t.uploadWindowMs);
    } else {
      timer = setTimeout(() => {
        if (!raw.complete) cut(entry);
      }, t.bodyMs);
    }
    timer.unref();
    // A keep-alive socket serves many requests: every listener put on it is taken off again.
    const stop = () => {
      clearTimeout(timer);
      raw.off('end', stop);
      raw.off('close', stop);
      socket.off('close', stop);
    };
    raw.once('end', stop);
    raw.once('close', stop);
    socket.once('close', stop);
    done();
  });
}
