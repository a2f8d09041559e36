import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.ts';

/** /media/* : private media bytes behind signed, expiring URLs. */
export async function mediaFileRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
