import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The most of a refused body the server reads and drops to keep the connection; a bigger one ends it. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A request answered before its body was read in full (refused early: too large, a wrong type, not
 * signed in, a stray file on an edit) must not leave its keep-alive connection stuck with the rest of
 * the body in front of the next request. After the answer the rest is read and dropped, up to
 * DRAIN_MAX_BYTES and within drainMs, so the client gets the answer and may go on using the
 * connection; past either bound the connection is closed. A body declared bigger than that is not
 * worth reading: its answer says Connection: close and the connection ends with it.
 */
export function finishUnreadBodies(app: FastifyInstance, drainMs: number): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    if (!raw.complete && raw.socket instanceof Socket && Number(request.headers['content-length']) > DRAIN_MAX_BYTES) {
      reply.header('Connection', 'close');
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    drain(request.raw, drainMs);
    done();
  });
}

function drain(raw: IncomingMessage, drainMs: number): void {
  // A request with no Content-Length (or 0) and no Transfer-Encoding has no body (RFC 9112 §6.3): most
  // GETs. Node has not marked such a body ended by now, so without this every one of them would arm
  // the timer and listeners below.
  const length = raw.headers['content-length'];
  if ((length === undefined || length === '0') && raw.headers['transfer-encoding'] === undefined) return;
  const socket = raw.socket;
  if (raw.readableEnded || raw.destroyed || !(socket instanceof Socket) || socket.destroyed) return;
  let left = DRAIN_MAX_BYTES;
  const closeConnection = () => socket.destroy();
  const timer = setTimeout(closeConnection, drainMs);
  timer.unref();
  const done = () => {
    clearTimeout(timer);
    raw.off('end', done);
    socket.off('close', done);
  };
  raw.once('end', done);
  socket.once('close', done);
  // A parser the route gave up on (busboy for a refused file) may still hold the stream paused.
  raw.unpipe();
  raw.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) {
      done();
      closeConnection();
    }
  });
  raw.resume();
}
