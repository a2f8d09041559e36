import { MEDIA_RECORD_SCHEMAS, type MediaKind, type MediaRecord } from '../../../contract/media.ts';
import { bodyOf } from './inject-json.ts';
import type { TestApp } from './test-app.ts';

/**
 * The record as the API shows it once its processing job has ended (status 'ready' or 'failed'):
 * an upload answers while the record is still processing. Polls GET /api/media/{kind}/{id}/.
 */
export async function processed<K extends MediaKind>(
  t: TestApp,
  user: { headers: Record<string, string> },
  kind: K,
  id: number,
  timeoutMs = 60_000,
): Promise<MediaRecord<K>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.app.inject({ url: `/api/media/${kind}/${id}/`, headers: user.headers });
    if (res.statusCode !== 200) throw new Error(`GET ${kind} ${id}: ${res.statusCode} ${res.body}`);
    // The kind's own schema; TypeScript cannot follow an index by a type parameter to its output type.
    const record = bodyOf(res, MEDIA_RECORD_SCHEMAS[kind]) as MediaRecord<K>;
    if (record.status !== 'processing') return record;
    if (Date.now() > end) throw new Error(`${kind} ${id} still processing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs the app's jobs until none is due and none runs (deleted files gone, records processed). */
export async function settle(t: TestApp): Promise<void> {
  if (!t.services.worker) throw new Error('this app runs no worker (RUN_JOBS=false)');
  await t.services.worker.settle();
}
