import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHECK_NAMES, type CheckName, type Readiness } from './readiness.ts';

const checkResult = z.enum(['ok', 'failed']);
const checks = z.strictObject({ database: checkResult, storage: checkResult, worker: checkResult.optional() });
const alive = z.strictObject({ status: z.literal('ok') });
const ready = z.strictObject({ status: z.literal('ok'), checks });
const notReady = z.strictObject({ detail: z.string(), checks });

/**
 * Probes for a load balancer, an orchestrator or a container's HEALTHCHECK. Live: the process answers
 * (restart it if not). Ready: it can serve (send it traffic only then): 503 names what failed, in
 * `detail` (Russian) and in `checks`. `/api/health/` stays the live answer it has always been.
 */
export async function healthRoutes(app: FastifyInstance, opts: { readiness: Readiness }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const live = { schema: { summary: 'The process answers', tags: ['health'], response: { 200: alive } } };
  api.get('/health', live, async () => ({ status: 'ok' as const }));
  api.get('/health/live', live, async () => ({ status: 'ok' as const }));
  api.get(
    '/health/ready',
    {
      schema: {
        summary: 'The process can serve: database, media storage and (where it runs jobs) its worker',
        tags: ['health'],
        response: { 200: ready, 503: notReady },
      },
    },
    async (_request, reply) => {
      const report = await opts.readiness.check();
      reply.header('Cache-Control', 'no-store');
      const { database = 'failed', storage = 'failed', worker } = report.checks;
      const answer = { database, storage, ...(worker ? { worker } : {}) };
      if (report.ready) return { status: 'ok' as const, checks: answer };
      const failed = (Object.keys(answer) as CheckName[]).filter((name) => answer[name] === 'failed');
      return reply.status(503).send({ detail: `Не готово: ${failed.map((name) => CHECK_NAMES[name]).join(', ')}`, checks: answer });
    },
  );
}
