import { closeSync, mkdirSync, openSync, rmSync, ftruncateSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { NewMedia } from '../server/db/types.ts';
import { benchData, mb, peakRss, startServer, insertMediaRows } from './support.ts';

const MB = 1024 * 1024;

/**
 * «Скачать всё» of a large synthetic collection from the real server as a child process: `videos`
 * sparse files of `videoMb` each (no disk space taken, they read as zeros) plus `photos` small files,
 * rows straight in the database. The archive is downloaded over loopback and dropped as it comes while
 * the server's VmRSS is sampled every 20 ms. Prints the RSS growth beside its target (it must stay
 * flat, whatever the archive's size), the archive's size against its Content-Length, and throughput.
 */
export async function benchExport(opts: { totalMb?: number } = {}): Promise<void> {
  const videoMb = 256;
  const videos = Math.max(1, Math.round((opts.totalMb ?? 10 * 1024) / videoMb));
  const photos = 2000;
  const { dataDir, db, userId, token } = await benchData('kopilka-bench-export-');
  try {
    const now = new Date().toISOString();
    const rows: NewMedia[] = [];
    const store = (kind: 'video' | 'photo', i: number, ext: string, size: number, write: (file: string) => void) => {
      const key = `u/${userId}/${kind}/bench-${i}.${ext}`;
      const file = path.join(dataDir, 'media', key);
      mkdirSync(path.dirname(file), { recursive: true });
      write(file);
      rows.push({
        user_id: userId,
        kind,
        title: `${kind === 'video' ? 'Видео' : 'Фото'} ${i}`,
        description: 'Синтетическая запись для замера',
        status: 'ready',
        original_key: key,
        mime_type: kind === 'video' ? 'video/mp4' : 'image/jpeg',
        size,
        original_name: `bench-${i}.${ext}`,
        created_at: now,
        updated_at: now,
        renditions_size: 0,
      });
    };
    for (let i = 0; i < videos; i++) {
      store('video', i, 'mp4', videoMb * MB, (file) => {
        const fd = openSync(file, 'w');
        ftruncateSync(fd, videoMb * MB); // sparse: reads as zeros, takes no disk space
        closeSync(fd);
      });
    }
    const small = Buffer.alloc(8 * 1024, 7);
    for (let i = 0; i < photos; i++) store('photo', i, 'jpg', small.length, (file) => writeFileSync(file, small));
    await insertMediaRows(db, rows);
    await db.destroy();
    const originalsMb = (videos * videoMb * MB + photos * small.length) / MB;

    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const link = await fetch(`${server.url}/api/media/export/`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      const { url } = (await link.json()) as { url: string };
      // Warm the route once (JIT, the archive's plan) with a HEAD.
      await fetch(new URL(url, server.url), { method: 'HEAD' });
      const { result, baseline, peak } = await peakRss(server.pid, () => download(new URL(url, server.url)));
      console.log(`export of ${videos} videos of ${videoMb} MB and ${photos} photos of 8 KB (${mb(originalsMb * MB)} MB of originals):`);
      console.log(
        `  server RSS ${mb(baseline)} MB before, peak ${mb(peak)} MB — growth ${mb(peak - baseline)} MB (target < 64 MB, flat whatever the size)`,
      );
      console.log(
        `  ${mb(result.bytes)} MB received of Content-Length ${mb(result.declared)} MB (${result.bytes === result.declared ? 'complete' : 'INCOMPLETE'}), ` +
          `status ${result.status}, ${(result.bytes / MB / (result.ms / 1000)).toFixed(0)} MB/s, ${(result.ms / 1000).toFixed(1)} s`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** GETs the archive and drops its bytes as they come, counting them. */
function download(url: URL): Promise<{ status: number; declared: number; bytes: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, declared: Number(res.headers['content-length']), bytes, ms: performance.now() - start }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
