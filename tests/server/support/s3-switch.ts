import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import { inject } from 'vitest';

/**
 * The test S3 behind a switch: a TCP relay on loopback whose endpoint a test app uses instead of the real
 * one, and which the test turns into the faults of a bucket:
 * - 'pass': every byte relayed both ways;
 * - 'freeze': connections still accepted (by the kernel, as a stopped process's are), but nothing relayed
 *   either way, on new connections and on the ones already open (keep-alive ones included);
 * - 'refuse': the port closed, so connections are refused, as when the server is stopped.
 */
export type S3Fault = 'pass' | 'freeze' | 'refuse';

export interface S3Switch {
  /** A MEDIA_STORAGE value (with its own prefix) and the keys, through the relay. */
  env: Record<string, string>;
  set(mode: S3Fault): Promise<void>;
  close(): Promise<void>;
}

/** A switch in front of the run's test S3, under a fresh prefix of its own (see s3TestEnv). */
export async function s3Switch(prefix = `kopilka-switch-${process.pid}-${Math.random().toString(36).slice(2, 8)}`): Promise<S3Switch> {
  const s3 = inject('s3Test');
  const url = new URL(s3.mediaStorage);
  const endpoint = new URL(url.searchParams.get('endpoint') ?? '');
  if (endpoint.protocol !== 'http:') throw new Error('the S3 switch relays plain HTTP: point S3_TEST_URL at an http:// endpoint');
  const target = { host: endpoint.hostname, port: Number(endpoint.port || 80) };

  let mode: S3Fault = 'pass';
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const relay = (client: Socket) => {
    const upstream = new Socket();
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    upstream.connect(target.port, target.host);
    client.pipe(upstream);
    upstream.pipe(client);
    if (mode === 'freeze') freeze(pair);
  };
  const freeze = ({ client, upstream }: { client: Socket; upstream: Socket }) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  const thaw = ({ client, upstream }: { client: Socket; upstream: Socket }) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };

  let server: Server = createServer(relay);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const proxied = new URL(url);
  proxied.pathname = [...url.pathname.split('/').filter(Boolean), prefix].join('/');
  proxied.searchParams.set('endpoint', `http://127.0.0.1:${port}`);

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer(relay);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      server.close(() => resolve());
    });

  return {
    env: { MEDIA_STORAGE: proxied.toString(), AWS_ACCESS_KEY_ID: s3.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.secretAccessKey },
    async set(next) {
      if (next === mode) return;
      const was = mode;
      mode = next;
      if (was === 'refuse') await listen();
      if (next === 'refuse') await stop();
      else if (next === 'freeze') for (const pair of pairs) freeze(pair);
      else for (const pair of pairs) thaw(pair);
    },
    close: stop,
  };
}
