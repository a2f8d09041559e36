import Fastify from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Helmet's headers on every response of the API process. The Content-Security-Policy is ours
 * (web/csp.ts: HTML pages of the export get their own, with the hashes of their inline scripts);
 * no HSTS and no COEP from here.
 */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with HELMET_OPTIONS (lower-case names, in helmet's order), read from the
 * plugin itself, so a reverse proxy serving the export sends exactly what the API process would.
 */
export async function securityHeaders(): Promise<Record<string, string>> {
  const app = Fastify({ logger: false });
  await app.register(helmet, HELMET_OPTIONS);
  app.get('/', async () => 'ok');
  try {
    const res = await app.inject({ url: '/' });
    const bare = Fastify({ logger: false });
    bare.get('/', async () => 'ok');
    const plain = await bare.inject({ url: '/' });
    await bare.close();
    return Object.fromEntries(
      Object.entries(res.headers)
        .filter(([name]) => !(name in plain.headers))
        .map(([name, value]) => [name, String(value)]),
    );
  } finally {
    await app.close();
  }
}
