import { rmSync } from 'node:fs';
import path from 'node:path';
import { benchData, describeLoad, load, startBare, startServer, type ServerProcess } from './support.ts';

/**
 * GET /api/auth/profile/ with a valid access token: the real server on loopback (temp SQLite), 50
 * keep-alive connections for ~10 s, next to bare Fastify answering a fixed object of the same size.
 */
export async function benchProfile(opts: { connections?: number; seconds?: number; env?: Record<string, string> } = {}): Promise<void> {
  const connections = opts.connections ?? 50;
  const seconds = opts.seconds ?? 10;
  const { dataDir, db, token } = await benchData('kopilka-bench-profile-');
  await db.destroy();
  let server: ServerProcess | undefined;
  let bare: ServerProcess | undefined;
  try {
    server = await startServer({ DATA_DIR: dataDir, OUT_DIR: path.join(dataDir, 'out'), ...(opts.env ?? {}) });
    const profilePath = '/api/auth/profile/';
    const headers = { authorization: `Bearer ${token}` };
    const body = Buffer.from(await (await fetch(server.url + profilePath, { headers })).arrayBuffer());
    bare = await startBare(body, { 'content-type': 'application/json; charset=utf-8' });
    console.log(`profile (${body.length} bytes of JSON):`);
    const full = await load(server.url, profilePath, headers, connections, seconds);
    console.log(`  Копилка,      ${connections} connections: ${describeLoad(full)}`);
    const ref = await load(bare.url, profilePath, headers, connections, seconds);
    console.log(`  bare Fastify, ${connections} connections: ${describeLoad(ref)}`);
    const ratio = full.rps / ref.rps;
    console.log(`  ratio ${ratio.toFixed(2)}× (target ≥ 0.25×: ${ratio >= 0.25 ? 'met' : 'NOT met'})`);
  } finally {
    await bare?.stop();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
