import { rmSync } from 'node:fs';
import { benchData, describeLoad, generatorName, load, startBare, type ServerProcess, withEachProcessCount } from './support.ts';

/** Issue 32's target for one process against bare Fastify (the second release's was 0.25×). */
const TARGET = 0.5;

/**
 * GET /api/auth/profile/ with a valid access token: the real server on loopback (temp SQLite) with
 * WEB_CONCURRENCY=1 and =2, 50 keep-alive connections for ~10 s each, next to bare Fastify (one
 * process) answering a fixed object of the same size in the same run (before and after; the faster counts).
 */
export async function benchProfile(opts: { connections?: number; seconds?: number; env?: Record<string, string> } = {}): Promise<void> {
  const connections = opts.connections ?? 50;
  const seconds = opts.seconds ?? 10;
  const { dataDir, db, token } = await benchData('kopilka-bench-profile-');
  await db.destroy();
  const profilePath = '/api/auth/profile/';
  const headers = { authorization: `Bearer ${token}` };
  let bare: ServerProcess | undefined;
  try {
    const results: { processes: number; rps: number }[] = [];
    const refs: Awaited<ReturnType<typeof load>>[] = [];
    await withEachProcessCount(dataDir, opts.env, async (server, processes) => {
      if (!bare) {
        const body = Buffer.from(await (await fetch(server.url + profilePath, { headers })).arrayBuffer());
        bare = await startBare(body, { 'content-type': 'application/json; charset=utf-8' });
        console.log(`profile (${body.length} bytes of JSON), load from ${generatorName}:`);
        // Measured here and again at the end; the ratios use the faster of the two (this VM's speed wanders
        // between runs of the same server, and a slow reference would flatter them).
        refs.push(await load(bare.url, profilePath, headers, connections, seconds));
        console.log(`  bare Fastify, 1 process, ${connections} connections: ${describeLoad(refs[0]!)}`);
      }
      const full = await load(server.url, profilePath, headers, connections, seconds);
      console.log(`  Копилка, ${processes} process${processes > 1 ? 'es' : ''}, ${connections} connections: ${describeLoad(full)}`);
      results.push({ processes, rps: full.rps });
    });
    refs.push(await load(bare!.url, profilePath, headers, connections, seconds));
    console.log(`  bare Fastify, 1 process, ${connections} connections: ${describeLoad(refs[1]!)} (again)`);
    const ref = refs.reduce((a, b) => (b.rps > a.rps ? b : a));
    for (const { processes, rps } of results) {
      const ratio = rps / ref.rps;
      console.log(
        `  ratio with ${processes} process${processes > 1 ? 'es' : ''}: ${ratio.toFixed(2)}× (target ≥ ${TARGET}×: ${ratio >= TARGET ? 'met' : 'NOT met'})`,
      );
    }
  } finally {
    await bare?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
