import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The reference of the list and profile figures: bare Fastify (no logging, no hooks) answering one
 * GET with bytes held in memory — the file BARE_BODY with the headers in BARE_HEADERS (JSON).
 */
const body = readFileSync(process.env.BARE_BODY!);
const headers = JSON.parse(process.env.BARE_HEADERS ?? '{}') as Record<string, string>;
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ ok: true }));
app.get('/*', async (_request, reply) => reply.headers(headers).send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
