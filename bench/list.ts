import { rmSync } from 'node:fs';
import path from 'node:path';
import { Pool } from 'undici';
import { WAVEFORM_PEAKS } from '../server/media/processor.ts';
import { benchData, mb, percentile, startServer } from './support.ts';

/**
 * GET /api/media/audio/ for a user with 2,000 records: the real server on loopback (temp SQLite),
 * 50 concurrent keep-alive connections for ~10 s. Prints latency percentiles and throughput.
 */
export async function benchList(opts: { records?: number; connections?: number; seconds?: number } = {}): Promise<void> {
  const records = opts.records ?? 2000;
  const connections = opts.connections ?? 50;
  const seconds = opts.seconds ?? 10;
  const { dataDir, db, userId, token } = await benchData('kopilka-bench-list-');
  try {
    const peaks = JSON.stringify(Array.from({ length: WAVEFORM_PEAKS }, (_, i) => Math.round(Math.abs(Math.sin(i / 7)) * 1000) / 1000));
    const rows = Array.from({ length: records }, (_, i) => {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      const base = `u/${userId}/audio/rec${i.toString().padStart(5, '0')}abcdefghij`;
      return {
        user_id: userId,
        kind: 'audio' as const,
        title: `Запись номер ${i}`,
        description: 'Описание записи для проверки скорости списка',
        status: 'ready' as const,
        original_key: `${base}.webm`,
        mime_type: 'audio/webm',
        size: 480_000 + i,
        original_name: 'recording.webm',
        playable_key: `${base}.mp3`,
        playable_mime: 'audio/mpeg',
        duration: 30 + (i % 600),
        waveform: peaks,
        created_at: at,
        updated_at: at,
      };
    });
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('media')
        .values(rows.slice(i, i + 200))
        .execute();
    await db.destroy();

    const server = await startServer({ DATA_DIR: dataDir, OUT_DIR: path.join(dataDir, 'out') });
    try {
      const pool = new Pool(server.url, { connections, pipelining: 1 });
      const headers = { authorization: `Bearer ${token}` };
      let bytes = 0;
      const once = async (): Promise<number> => {
        const t0 = performance.now();
        const res = await pool.request({ method: 'GET', path: `/api/media/audio/?t=${Date.now()}`, headers });
        for await (const chunk of res.body) bytes += (chunk as Buffer).length;
        if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
        return performance.now() - t0;
      };
      // Warm-up: JIT, SQLite page cache, connections.
      const size = await (async () => {
        const before = bytes;
        await once();
        return bytes - before;
      })();
      await Promise.all(Array.from({ length: connections }, () => once()));

      const load = async (workers: number, secs: number) => {
        const latencies: number[] = [];
        let errors = 0;
        bytes = 0;
        const start = performance.now();
        const end = start + secs * 1000;
        await Promise.all(
          Array.from({ length: workers }, async () => {
            while (performance.now() < end) {
              try {
                latencies.push(await once());
              } catch {
                errors++;
              }
            }
          }),
        );
        const elapsed = (performance.now() - start) / 1000;
        latencies.sort((a, b) => a - b);
        return { latencies, errors, elapsed, mbps: bytes / elapsed };
      };
      const waveShare = Math.round(((records * `"waveform_data":${peaks},`.length) / size) * 100);
      console.log(`list of ${records} audio records (${mb(size)} MB JSON each, ${waveShare}% of it waveform_data):`);
      for (const [workers, secs] of [
        [1, 3],
        [connections, seconds],
      ] as const) {
        const r = await load(workers, secs);
        console.log(
          `  ${String(workers).padStart(2)} connection(s), ${r.elapsed.toFixed(1)} s: ${(r.latencies.length / r.elapsed).toFixed(1)} req/s   p50 ${percentile(r.latencies, 50).toFixed(1)} ms   p99 ${percentile(r.latencies, 99).toFixed(1)} ms   (${r.latencies.length} responses, ${r.errors} errors, ${mb(r.mbps)} MB/s)`,
        );
      }
      await pool.close();
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
