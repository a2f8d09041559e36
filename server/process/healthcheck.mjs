// The container's HEALTHCHECK, for the API and the worker alike (one image runs either): plain JavaScript,
// run by node without tsx, as often as the check comes (every 15 s).
//
// A worker (`server/process/worker.ts`) keeps a file in this container's temporary folder fresh while its job
// loop runs (worker-alive.ts): where that file is, this is a worker, healthy while the file is younger than
// STALE_MS. Elsewhere this is the API: healthy while GET /api/health/ready/ on PORT answers 200.
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The file a worker touches every 10 s (worker-alive.ts names the same). */
const ALIVE_FILE = path.join(os.tmpdir(), 'kopilka-worker-alive');
/** Older than this, the worker's loop has stopped. */
const STALE_MS = 45_000;

let alive;
try {
  alive = statSync(ALIVE_FILE);
} catch {
  alive = null;
}
if (alive) {
  const age = Date.now() - alive.mtimeMs;
  if (age > STALE_MS) console.error(`worker: its job loop last ran ${Math.round(age / 1000)} s ago`);
  process.exit(age <= STALE_MS ? 0 : 1);
}
const port = process.env.PORT || 3000;
fetch(`http://127.0.0.1:${port}/api/health/ready/`, { signal: AbortSignal.timeout(4000) }).then(
  (res) => process.exit(res.ok ? 0 : 1),
  (err) => {
    console.error(`API: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
