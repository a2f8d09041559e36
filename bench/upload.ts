import http from 'node:http';
import { rmSync } from 'node:fs';
import { benchData, mb, peakRss, startServer } from './support.ts';

export const RATE = 48_000;
export const CHANNELS = 2;

/** A canonical 16-bit PCM WAV header for `dataBytes` of samples. */
export function wavHeader(dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(CHANNELS, 22);
  h.writeUInt32LE(RATE, 24);
  h.writeUInt32LE(RATE * CHANNELS * 2, 28);
  h.writeUInt16LE(CHANNELS * 2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** One second of a 440 Hz tone, reused as the 200 MB body (generated on the fly, never held whole). */
export function toneSecond(): Buffer {
  const b = Buffer.alloc(RATE * CHANNELS * 2);
  for (let i = 0; i < RATE; i++) {
    const v = Math.round(Math.sin((2 * Math.PI * 440 * i) / RATE) * 12000);
    for (let c = 0; c < CHANNELS; c++) b.writeInt16LE(v, (i * CHANNELS + c) * 2);
  }
  return b;
}

/**
 * POST /api/media/audio/ with a 200 MB WAV (about 18 minutes of 48 kHz stereo) to the real server
 * as a child process; samples its VmRSS every 20 ms. Prints peak RSS growth, upload throughput and
 * the total time to the 201 (the waveform and the MP3 are made afterwards, by a job).
 */
export async function benchUpload(opts: { megabytes?: number } = {}): Promise<void> {
  const megabytes = opts.megabytes ?? 200;
  const dataBytes = Math.floor((megabytes * 1024 * 1024) / 4) * 4;
  const { dataDir, db, token } = await benchData('kopilka-bench-upload-');
  try {
    await db.destroy();

    const server = await startServer({
      DATA_DIR: dataDir,
      MAX_AUDIO_BYTES: String((megabytes + 16) * 1024 * 1024),
    });
    try {
      // Warm the route once (JIT, multipart plugin) with a tiny upload.
      await post(server.url, token, 48_000 * 4, toneSecond());
      const { result, baseline, peak } = await peakRss(server.pid, () => post(server.url, token, dataBytes, toneSecond()));
      const sentMbps = dataBytes / 1024 / 1024 / (result.bodySentMs / 1000);
      console.log(`upload of a ${megabytes} MB WAV (${(dataBytes / (RATE * CHANNELS * 2) / 60).toFixed(1)} min of audio):`);
      console.log(`  server RSS ${mb(baseline)} MB before, peak ${mb(peak)} MB — growth ${mb(peak - baseline)} MB (target < 64 MB)`);
      console.log(
        `  body streamed in ${(result.bodySentMs / 1000).toFixed(2)} s = ${sentMbps.toFixed(1)} MB/s; 201 after ${(result.totalMs / 1000).toFixed(2)} s (the waveform and MP3 follow in a job)`,
      );
      console.log(`  status ${result.status}, record ${String(result.body.status)}`);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** POSTs a WAV of `dataBytes` samples (`second` repeated) as an audio upload; bodySentMs: when its last byte was accepted. */
export function post(
  base: string,
  token: string,
  dataBytes: number,
  second: Buffer,
  onBodySent?: () => void,
): Promise<{ status: number; body: Record<string, unknown>; bodySentMs: number; totalMs: number }> {
  const boundary = 'kopilkabench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nБенчмарк\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="audio_file"; filename="bench.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const wav = wavHeader(dataBytes);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/api/media/audio/', base);
  const start = performance.now();
  let bodySentMs = 0;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + wav.length + dataBytes + tail.length),
        },
        timeout: 10 * 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let body: Record<string, unknown> = {};
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
          } catch {
            /* leave empty */
          }
          resolve({
            status: res.statusCode ?? 0,
            body,
            bodySentMs: bodySentMs || performance.now() - start,
            totalMs: performance.now() - start,
          });
        });
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('upload timed out')));
    req.write(head);
    req.write(wav);
    let left = dataBytes;
    const pump = () => {
      while (left > 0) {
        const chunk = left >= second.length ? second : second.subarray(0, left);
        left -= chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(tail, () => {
        bodySentMs = performance.now() - start;
        onBodySent?.();
      });
    };
    pump();
  });
}
