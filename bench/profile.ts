import { rmSync } from 'node:fs';
import {
  benchData,
  describeLoad,
  generatorName,
  knob,
  load,
  type LoadResult,
  startBare,
  type ServerProcess,
  withEachProcessCount,
} from './support.ts';

/** Headers of the connection or the moment, which node:http writes itself. */
const PER_CONNECTION = new Set(['connection', 'keep-alive', 'date', 'content-length', 'transfer-encoding']);

/** Issue 47's targets for one process against bare Fastify in the same round: requests a second, and p99 latency. */
const TARGET = 0.5;
/** Seconds of load on each server before its rounds, not counted (bench/list.ts does the same). */
const WARM_UP_SECONDS = 2;
const P99_TARGET = 2;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * GET /api/auth/profile/ with a valid access token: the real server on loopback (temp SQLite) with
 * WEB_CONCURRENCY=1 and =2, 50 keep-alive connections, beside bare Fastify (one process) answering the same bytes.
 * After 2 s of load on each, not counted, in rounds (BENCH_ROUNDS, 3), each bare Fastify for `seconds` (BENCH_SECONDS, 5) then the server for as long, so
 * each ratio compares two measurements taken seconds apart: on a machine others use too, what they run comes and
 * goes within a minute, and a reference measured once would flatter or sink every figure after it. Prints each
 * round and the median of the rounds' ratios (requests a second, and p99), beside issue 47's targets.
 */
export async function benchProfile(opts: { connections?: number; seconds?: number; env?: Record<string, string> } = {}): Promise<void> {
  const connections = opts.connections ?? 50;
  const seconds = opts.seconds ?? knob('BENCH_SECONDS', 5);
  const rounds = knob('BENCH_ROUNDS', 3);
  const { dataDir, db, token } = await benchData('kopilka-bench-profile-');
  await db.destroy();
  const profilePath = '/api/auth/profile/';
  const headers = { authorization: `Bearer ${token}` };
  let bare: ServerProcess | undefined;
  try {
    const results: { processes: number; rps: number; p99: number }[] = [];
    await withEachProcessCount(dataDir, opts.env, async (server, processes) => {
      if (!bare) {
        const answer = await fetch(server.url + profilePath, { headers });
        const body = Buffer.from(await answer.arrayBuffer());
        bare = await startBare(body, { 'content-type': 'application/json; charset=utf-8' });
        await load(bare.url, profilePath, headers, connections, WARM_UP_SECONDS); // not counted, as list.ts does
        console.log(
          `profile (${body.length} bytes of JSON), load from ${generatorName}, ${rounds} rounds of ${seconds} s each after ${WARM_UP_SECONDS} s of warm-up:`,
        );
        // What sending our answer's headers too costs bare Fastify (helmet's, the CSP, the request id: about
        // 870 bytes in 14 headers, each checked by node:http), so that the rest of the gap is our code's.
        const ours: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (!PER_CONNECTION.has(name)) ours[name] = value;
        });
        const withHeaders = await startBare(body, ours);
        try {
          const sameHeaders = await load(withHeaders.url, profilePath, headers, connections, seconds);
          console.log(`  bare Fastify with our answer's ${Object.keys(ours).length} headers: ${describeLoad(sameHeaders)}`);
        } finally {
          await withHeaders.stop();
        }
      }
      const label = `${processes} process${processes > 1 ? 'es' : ''}`;
      // Its code compiled hot and its heap grown before anything counts (the first round's p99 was the JIT's).
      await load(server.url, profilePath, headers, connections, WARM_UP_SECONDS);
      const ratios: number[] = [];
      const p99Ratios: number[] = [];
      const own: LoadResult[] = [];
      for (let round = 1; round <= rounds; round++) {
        const ref = await load(bare.url, profilePath, headers, connections, seconds);
        const full = await load(server.url, profilePath, headers, connections, seconds);
        own.push(full);
        ratios.push(full.rps / ref.rps);
        p99Ratios.push(full.p99 / ref.p99);
        console.log(`  round ${round}: bare Fastify, 1 process: ${describeLoad(ref)}`);
        console.log(
          `           Копилка, ${label}: ${describeLoad(full)}   ${(full.rps / ref.rps).toFixed(2)}× the requests, ${(full.p99 / ref.p99).toFixed(2)}× the p99`,
        );
      }
      const ratio = median(ratios);
      const p99Ratio = median(p99Ratios);
      results.push({ processes, rps: ratio, p99: p99Ratio });
      console.log(
        `  Копилка, ${label}, ${connections} connections: ${median(own.map((r) => r.rps)).toFixed(1)} req/s, p99 ${median(own.map((r) => r.p99)).toFixed(1)} ms (medians)`,
      );
    });
    for (const { processes, rps: ratio, p99: p99Ratio } of results) {
      console.log(
        `  ratio with ${processes} process${processes > 1 ? 'es' : ''} (median of the rounds): ${ratio.toFixed(2)}× bare Fastify's requests a second ` +
          `(target ≥ ${TARGET}×: ${ratio >= TARGET ? 'met' : 'NOT met'}); p99 ${p99Ratio.toFixed(2)}× bare's (target ≤ ${P99_TARGET}×: ${p99Ratio <= P99_TARGET ? 'met' : 'NOT met'})`,
      );
    }
  } finally {
    await bare?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
