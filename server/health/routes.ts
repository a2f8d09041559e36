import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VERSION } from '../version.ts';
import { CHECK_NAMES, type CheckName, type Readiness } from './readiness.ts';

const checkResult = z.enum(['ok', 'failed']);
const checks = z.strictObject({ database: checkResult, storage: checkResult, worker: checkResult.optional() });
const alive = z.strictObject({ status: z.literal('ok') });
const version = z.string().meta({ description: 'This release (package.json), e.g. 0.4.0', example: VERSION });
const storageLacks = z
  .array(z.string())
  .optional()
  .meta({ description: 'What the media storage lacks, found at start (e.g. ListParts: resumable uploads are off); absent when nothing' });
const ready = z.strictObject({ status: z.literal('ok'), version, checks, storage_lacks: storageLacks });
const notReady = z.strictObject({ detail: z.string(), version, checks, storage_lacks: storageLacks });

/**
 * Probes for a load balancer, an orchestrator or a container's HEALTHCHECK. Live: the process answers
 * (restart it if not). Ready: it can serve (send it traffic only then): 503 names what failed, in
 * `detail` (Russian) and in `checks`. Both carry the release's `version`, and `storage_lacks` when the storage
 * was found at start to lack something (storage/abilities.ts). `/api/health/` stays the live answer it has always been.
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
      const { database = 'failed', storage = 'failed', worker } = report.checks;
      const answer = { database, storage, ...(worker ? { worker } : {}) };
      const lacks = report.storageLacks.length ? { storage_lacks: report.storageLacks } : {};
      if (report.ready) return { status: 'ok' as const, version: VERSION, checks: answer, ...lacks };
      const failed = (Object.keys(answer) as CheckName[]).filter((name) => answer[name] === 'failed');
      const detail = `Не готово: ${failed.map((name) => CHECK_NAMES[name]).join(', ')}`;
      return reply.status(503).send({ detail, version: VERSION, checks: answer, ...lacks });
    },
  );
}
