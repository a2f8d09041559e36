import { rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseMediaStorage, type S3Setting } from '../server/media-storage-setting.ts';
import { createS3Client, S3Storage } from '../server/storage/s3.ts';
import { S3RVER_CREDENTIALS, startS3rver } from '../tests/server/support/s3rver.ts';
import { benchData, mb, rssOf, startServer } from './support.ts';
import { CHANNELS, post, RATE, toneSecond, wavHeader } from './upload.ts';

/** The WAV the upload sends, as a stream: its header, then `second` repeated up to `dataBytes`. */
function wavStream(dataBytes: number, second: Buffer): Readable {
  let left = dataBytes;
  let headerSent = false;
  return new Readable({
    read() {
      if (!headerSent) {
        headerSent = true;
        return void this.push(wavHeader(dataBytes));
      }
      if (left <= 0) return void this.push(null);
      const chunk = left >= second.length ? second : second.subarray(0, left);
      left -= chunk.length;
      this.push(chunk);
    },
  });
}

/**
 * A 200 MB upload into S3 (an s3rver on loopback, started here), side by side with its reference:
 * the same bytes put into the same bucket by the same storage code in this process, no HTTP in
 * between. Throughput of the upload is counted until its last byte was accepted, which the server
 * does only once all but the last two 5 MiB parts are in the bucket (the storage's back-pressure).
 * The server's RSS is sampled every 20 ms for the whole request, processing included (ffmpeg, a
 * separate process not counted, reads the WAV back from the bucket through its stdin: no local copy).
 */
export async function benchUploadS3(opts: { megabytes?: number } = {}): Promise<void> {
  const megabytes = opts.megabytes ?? 200;
  const dataBytes = Math.floor((megabytes * 1024 * 1024) / 4) * 4;
  const second = toneSecond();
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'; // the SDK's Node 22 notice, not a figure
  const s3 = await startS3rver('kopilka-bench');
  const { dataDir, db, token } = await benchData('kopilka-bench-s3-');
  try {
    await db.destroy();
    const env = {
      MEDIA_STORAGE: s3.mediaStorage('bench'),
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    };
    const setting = parseMediaStorage(env.MEDIA_STORAGE, env) as S3Setting;
    const storage = new S3Storage({
      client: createS3Client(setting),
      bucket: setting.bucket,
      prefix: setting.prefix,
      workDir: path.join(dataDir, 'work', 'storage'),
    });

    // The reference: the storage's own put() of the same bytes, no HTTP; warmed like the server, run
    // before and after the upload, and the faster of the two counted (the stricter comparison).
    const reference = async () => {
      const start = performance.now();
      await storage.put('reference/bench.wav', wavStream(dataBytes, second));
      const ms = performance.now() - start;
      await storage.delete('reference/bench.wav');
      return ms;
    };
    await storage.put('reference/warm.wav', wavStream(12 * 1024 * 1024, second));
    await storage.delete('reference/warm.wav');
    const refBefore = await reference();

    const server = await startServer({
      ...env,
      DATA_DIR: dataDir,
      MAX_AUDIO_BYTES: String((megabytes + 16) * 1024 * 1024),
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    try {
      await post(server.url, token, 48_000 * 4, second); // warm the route, the SDK and its connections
      await new Promise((r) => setTimeout(r, 500));
      const baseline = rssOf(server.pid) ?? 0;
      let peak = baseline;
      let peakWhileReceiving = baseline;
      let receiving = true;
      const sampler = setInterval(() => {
        const v = rssOf(server.pid);
        if (v && v > peak) peak = v;
        if (v && receiving && v > peakWhileReceiving) peakWhileReceiving = v;
      }, 20);
      const result = await post(server.url, token, dataBytes, second, () => (receiving = false));
      clearInterval(sampler);
      const refMs = Math.min(refBefore, await reference());

      const total = (dataBytes + 44) / 1024 / 1024;
      const refRate = total / (refMs / 1000);
      const upRate = total / (result.bodySentMs / 1000);
      const row = (label: string, ms: number, rate: number) =>
        `  ${label.padEnd(58)} ${(ms / 1000).toFixed(2).padStart(7)} s ${rate.toFixed(1).padStart(7)} MB/s`;
      console.log(
        `upload of a ${megabytes} MB WAV (${(dataBytes / (RATE * CHANNELS * 2) / 60).toFixed(1)} min of audio) into S3 (s3rver):`,
      );
      console.log(row('reference: storage.put() of the same bytes, no HTTP', refMs, refRate));
      console.log(
        `${row('through the API: POST /api/media/audio/, body accepted', result.bodySentMs, upRate)}   ratio ${(upRate / refRate).toFixed(2)}× (target ≥ 0.5×)`,
      );
      console.log(
        `  server RSS ${mb(baseline)} MB before, peak ${mb(peak)} MB — growth ${mb(peak - baseline)} MB (target < 64 MB); ${mb(peakWhileReceiving - baseline)} MB while receiving the body`,
      );
      console.log(
        `  status ${result.status}; 201 after ${(result.totalMs / 1000).toFixed(2)} s (incl. ffmpeg reading it back from the bucket for waveform and MP3), duration ${typeof result.body.duration === 'number' ? result.body.duration : '—'} s`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await s3.stop();
  }
}
