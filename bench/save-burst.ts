import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { resolveFfmpeg } from '../server/media/processing/ffmpeg.ts';
import { benchData, insertBenchUser, knob, percentile, startServer } from './support.ts';

/** The title tag each recording carries, overwritten with a counter of the same length. */
const TAG = 'kopilka-bench-000000000000';

/** How long the bench waits after the window for the records still processing. */
const DRAIN_MS = 45_000;

/**
 * What a browser sends after 3 seconds (Opus in WebM), made once in `dir`: each call returns a recording
 * of its own (a counter in its title tag), since the same bytes again would be refused as a file the
 * owner already keeps.
 */
export function taggedRecordings(dir: string): () => Buffer {
  const recording = path.join(dir, 'three-seconds.webm');
  execFileSync(resolveFfmpeg(process.env.FFMPEG_PATH), [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
    ...['-c:a', 'libopus', '-b:a', '48k', '-metadata', `title=${TAG}`, recording],
  ]);
  const template = readFileSync(recording);
  const tagAt = template.indexOf(TAG);
  if (tagAt < 0) throw new Error('the recording does not carry its title tag');
  let made = 0;
  return () => {
    const bytes = Buffer.from(template);
    bytes.write(String(++made).padStart(TAG.length, '0'), tagAt, 'latin1');
    return bytes;
  };
}

/**
 * N clients (200; BENCH_BURST_CLIENTS) each recording 3 seconds and saving it, again and again for a
 * time window (60 s; BENCH_BURST_SECONDS), against the real server (`npm start`: SQLite, media on
 * disk, its own worker). Prints the p50/p99 of the upload's answer and of "ready" (from sending the
 * upload until its MP3 and waveform exist: the answer's time plus the record's processing, read from
 * its row), next to the targets (300 ms, 2 s), and how many saves per second were offered and made
 * ready: on a machine whose worker cannot keep up, "ready" grows with the window, and the rate made
 * ready is the figure to read. A record not ready DRAIN_MS after the window counts as slower than all.
 */
export async function benchSaveBurst(): Promise<void> {
  const clients = knob('BENCH_BURST_CLIENTS', 200);
  const seconds = knob('BENCH_BURST_SECONDS', 60);
  const { dataDir, db } = await benchData('kopilka-bench-burst-');
  try {
    // One account per client, as on a family's or a company's server.
    const tokens: string[] = [];
    for (let i = 0; i < clients; i++) tokens.push((await insertBenchUser(db, `burst${i}`)).access);
    await db.destroy();

    const nextRecording = taggedRecordings(dataDir);

    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const answers: number[] = [];
      const saved: { id: number; token: string; answerMs: number }[] = [];
      /** Saves not answered 201, by status ("error": no answer at all). */
      const refused = new Map<string, number>();
      const refuse = (status: string) => refused.set(status, (refused.get(status) ?? 0) + 1);
      const save = async (token: string) => {
        const form = new FormData();
        form.set('title', 'Три секунды');
        form.set('audio_file', new Blob([new Uint8Array(nextRecording())], { type: 'audio/webm' }), 'recording.webm');
        const start = performance.now();
        const res = await fetch(`${server.url}/api/media/audio/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        const answerMs = performance.now() - start;
        const body = (await res.json()) as { id?: number };
        if (res.status !== 201 || typeof body.id !== 'number') {
          refuse(String(res.status));
          return;
        }
        answers.push(answerMs);
        saved.push({ id: body.id, token, answerMs });
      };

      const windowStart = Date.now();
      const end = windowStart + seconds * 1000;
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      // Each client records for 3 s, saves, and records again; they start spread over the first 3 s.
      await Promise.all(
        tokens.map(async (token, i) => {
          await sleep((3000 * i) / clients);
          while (Date.now() + 3000 < end) {
            await sleep(3000);
            await save(token).catch(() => refuse('error'));
          }
        }),
      );
      const windowSeconds = (Date.now() - windowStart) / 1000;

      // Then wait (at most DRAIN_MS) for the queue to drain, and read each record's processing time.
      const drainUntil = Date.now() + DRAIN_MS;
      const sqlite = new Database(path.join(dataDir, 'kopilka.sqlite'), { readonly: true });
      try {
        const pending = () => (sqlite.prepare("SELECT count(*) AS n FROM media WHERE status = 'processing'").get() as { n: number }).n;
        while (pending() > 0 && Date.now() < drainUntil) await sleep(250);
        const rows = sqlite.prepare('SELECT id, status, created_at, updated_at FROM media').all() as {
          id: number;
          status: string;
          created_at: string;
          updated_at: string;
        }[];
        const byId = new Map(rows.map((r) => [r.id, r]));
        // A record not ready after the drain counts as slower than any that was.
        const ready: number[] = [];
        let notReady = 0;
        for (const s of saved) {
          const row = byId.get(s.id);
          if (row?.status !== 'ready') {
            notReady++;
            ready.push(Number.POSITIVE_INFINITY);
            continue;
          }
          ready.push(s.answerMs + (Date.parse(row.updated_at) - Date.parse(row.created_at)));
        }
        // What the machine can make: records made ready per second from the first save to the last
        // one made ready (while saves come faster than that, it is the worker's ceiling here).
        const readyRows = rows.filter((r) => r.status === 'ready');
        const times = (list: typeof rows, pick: (r: (typeof rows)[number]) => string) => list.map((r) => Date.parse(pick(r)));
        const busySeconds = readyRows.length
          ? (Math.max(...times(readyRows, (r) => r.updated_at)) - Math.min(...times(rows, (r) => r.created_at))) / 1000
          : 0;
        const made = busySeconds > 0 ? readyRows.length / busySeconds : null;
        const offered = windowSeconds > 0 ? saved.length / windowSeconds : null;
        answers.sort((a, b) => a - b);
        ready.sort((a, b) => a - b);
        const ms = (v: number) =>
          Number.isNaN(v) ? '—' : v === Number.POSITIVE_INFINITY ? `> ${DRAIN_MS / 1000} s after the window` : `${Math.round(v)} ms`;
        const rate = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)}/s`);
        const refusals = [...refused].map(([status, n]) => `${n} × ${status}`).join(', ');
        console.log(
          `save burst: ${clients} clients saving 3-second recordings for ${seconds} s (${saved.length} saved${refusals ? `; not saved: ${refusals}` : ''})`,
        );
        if (!saved.length) console.log('  nothing was saved: the window is shorter than one recording (3 s), or every save was refused');
        console.log(`  upload answer p50 ${ms(percentile(answers, 50))}, p99 ${ms(percentile(answers, 99))} (target: p50 < 300 ms)`);
        console.log(
          `  ready         p50 ${ms(percentile(ready, 50))}, p99 ${ms(percentile(ready, 99))} (target: p50 < 2000 ms)${notReady ? `; ${notReady} not ready after the drain` : ''}`,
        );
        console.log(
          `  saves offered ${rate(offered)}; made ready ${rate(made)} by the worker of the API process on ${availableParallelism()} cores (its ceiling while saves come faster)`,
        );
        // Below its ceiling the queue stays short and "ready" is one batch's run; above it, "ready" is the queue's wait.
        if (made !== null && offered !== null && offered > made * 1.1)
          console.log(
            `  the worker here keeps up with about ${Math.floor(made * 3)} clients saving every 3 s; ${clients} offered ${(offered / made).toFixed(1)}× that, so "ready" measures the queue`,
          );
      } finally {
        sqlite.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
