import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { resolveFfmpeg } from '../server/media/ffmpeg.ts';
import { benchData, insertBenchUser, percentile, startServer } from './support.ts';

/** Whole number from the environment, else the fallback. */
const knob = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : fallback;
};

/**
 * N clients (200; BENCH_BURST_CLIENTS) each recording 3 seconds and saving it, again and again for a
 * time window (60 s; BENCH_BURST_SECONDS), against the real server (`npm start`: SQLite, media on
 * disk, its own worker). Prints the p50/p99 of the upload's answer and of "ready" (from sending the
 * upload until its MP3 and waveform exist: the answer's time plus the record's processing, read from
 * its row), next to the references (300 ms, 2 s).
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

    // What a browser sends after 3 seconds: Opus in WebM.
    const recording = path.join(dataDir, 'three-seconds.webm');
    execFileSync(resolveFfmpeg(process.env.FFMPEG_PATH), [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
      ...['-c:a', 'libopus', '-b:a', '48k', recording],
    ]);
    const bytes = readFileSync(recording);

    const server = await startServer({ DATA_DIR: dataDir, OUT_DIR: path.join(dataDir, 'out') });
    try {
      const answers: number[] = [];
      const saved: { id: number; token: string; answerMs: number }[] = [];
      let failed = 0;
      const save = async (token: string) => {
        const form = new FormData();
        form.set('title', 'Три секунды');
        form.set('audio_file', new Blob([new Uint8Array(bytes)], { type: 'audio/webm' }), 'recording.webm');
        const start = performance.now();
        const res = await fetch(`${server.url}/api/media/audio/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        const answerMs = performance.now() - start;
        const body = (await res.json()) as { id?: number };
        if (res.status !== 201 || typeof body.id !== 'number') {
          failed++;
          return;
        }
        answers.push(answerMs);
        saved.push({ id: body.id, token, answerMs });
      };

      const end = Date.now() + seconds * 1000;
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      // Each client records for 3 s, saves, and records again; they start spread over the first 3 s.
      await Promise.all(
        tokens.map(async (token, i) => {
          await sleep((3000 * i) / clients);
          while (Date.now() + 3000 < end) {
            await sleep(3000);
            await save(token).catch(() => failed++);
          }
        }),
      );

      // Then wait (at most two minutes) for the queue to drain, and read each record's processing time.
      const drainUntil = Date.now() + 120_000;
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
        const ready: number[] = [];
        let notReady = 0;
        for (const s of saved) {
          const row = byId.get(s.id);
          if (row?.status !== 'ready') {
            notReady++;
            continue;
          }
          ready.push(s.answerMs + (Date.parse(row.updated_at) - Date.parse(row.created_at)));
        }
        // How fast the worker made them: saves per second offered, records per second made ready.
        const readyRows = rows.filter((r) => r.status === 'ready');
        const span = (pick: (r: (typeof rows)[number]) => string, list: typeof rows) =>
          list.length
            ? (Math.max(...list.map((r) => Date.parse(pick(r)))) - Math.min(...list.map((r) => Date.parse(pick(r))))) / 1000
            : NaN;
        const offered = rows.length / span((r) => r.created_at, rows);
        const made = readyRows.length / span((r) => r.updated_at, readyRows);
        answers.sort((a, b) => a - b);
        ready.sort((a, b) => a - b);
        const ms = (v: number) => (Number.isNaN(v) ? '—' : `${Math.round(v)} ms`);
        console.log(
          `save burst: ${clients} clients saving 3-second recordings for ${seconds} s (${saved.length} saved, ${failed} refused or failed)`,
        );
        console.log(`  upload answer p50 ${ms(percentile(answers, 50))}, p99 ${ms(percentile(answers, 99))} (reference: p50 < 300 ms)`);
        console.log(`  saves offered ${offered.toFixed(1)}/s, made ready ${made.toFixed(1)}/s by the worker of the API process`);
        console.log(
          `  ready         p50 ${ms(percentile(ready, 50))}, p99 ${ms(percentile(ready, 99))} (reference: p50 < 2000 ms)${notReady ? `; ${notReady} not ready after the drain` : ''}`,
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
