import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.ts';

export async function profileRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
