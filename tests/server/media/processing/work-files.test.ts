import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProcessor } from '../../../../server/media/processing/processor.ts';
import type { MediaProcessor } from '../../../../server/media/processing/types.ts';
import { createUser, ffmpeg, listFiles, multipart, tempDir } from '../../support/media-fixtures.ts';
import { settle } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import type { StorageKind } from '../../support/test-storage.ts';

/** Every absolute path inside a call's arguments (inputs and outputs alike). */
function pathsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string' && path.isAbsolute(value)) found.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) pathsIn(v, found);
  return found;
}

interface Call {
  method: string;
  /** What the input (first argument) was: a local file, or a stream of the stored bytes. */
  input: 'file' | 'stream';
  paths: string[];
}

/** The real processor, noting every call: its input's form and every file path it is handed. */
function notingCalls(real: MediaProcessor, calls: Call[]): MediaProcessor {
  return new Proxy(real, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const first = args[0];
        const input = typeof first === 'object' && first !== null && 'open' in first ? 'stream' : 'file';
        calls.push({ method: String(name), input, paths: pathsIn(args) });
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/**
 * Where ffmpeg and sharp read and write. Local disk: the stored file itself, never a copy. S3: a stream
 * from the bucket where ffmpeg reads the original once through (the video check, WebM audio) and where
 * the photo check reads its header, a copy in a work folder under DATA_DIR only where it must seek (MP4
 * audio, video processing) or for sharp.
 * Outputs go to a work folder under DATA_DIR too, never the system temp folder (a crash would strand
 * them where no sweep looks). Every work file is gone afterwards.
 */
describe.each<StorageKind>(['local', 's3'])('processing work files (%s)', (storageKind) => {
  let t: TestApp;
  const calls: Call[] = [];
  let user: Awaited<ReturnType<typeof createUser>>;
  let webm: Buffer;
  let jpeg: Buffer;
  let audio: { webm: Buffer; m4a: Buffer };

  beforeAll(async () => {
    t = await createTestApp({ storageKind, processor: notingCalls(createProcessor({}), calls) });
    user = await createUser(t);
    const dir = await tempDir();
    const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'];
    await Promise.all([
      ffmpeg(['-f', 'lavfi', '-i', 'testsrc=duration=0.5:size=64x48:rate=10', '-c:v', 'libvpx', path.join(dir, 'clip.webm')]),
      ffmpeg([...tone, '-c:a', 'libopus', path.join(dir, 'tone.webm')]),
      ffmpeg([...tone, '-c:a', 'aac', path.join(dir, 'tone.m4a')]),
    ]);
    webm = readFileSync(path.join(dir, 'clip.webm'));
    audio = { webm: readFileSync(path.join(dir, 'tone.webm')), m4a: readFileSync(path.join(dir, 'tone.m4a')) };
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#36c' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t.close());

  const post = (kind: string, field: string, filename: string, contentType: string, data: Buffer) => {
    const body = multipart({}, { field, filename, contentType, data });
    return t.app.inject({
      method: 'POST',
      url: `/api/media/${kind}/`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('hands ffmpeg and sharp a stream or a file under DATA_DIR, and leaves no work file behind', async () => {
    const uploads = [
      await post('video', 'file', 'clip.webm', 'video/webm', webm),
      await post('photo', 'file', 'p.jpg', 'image/jpeg', jpeg),
      await post('audio', 'audio_file', 'tone.webm', 'audio/webm', audio.webm),
      await post('audio', 'audio_file', 'tone.m4a', 'audio/mp4', audio.m4a),
    ];
    for (const res of uploads) expect(res.statusCode, res.body).toBe(201);
    await settle(t);
    const rows = await t.db.selectFrom('media').selectAll().execute();
    expect(rows.map((r) => r.status)).toEqual(['ready', 'ready', 'ready', 'ready']);

    for (const call of calls) for (const file of call.paths) expect(file.startsWith(t.dataDir + path.sep), file).toBe(true);
    const inputs = calls.map((c) => `${c.method}:${c.input}`).sort(); // the video job runs beside the later uploads
    const streamed = storageKind === 's3' ? 'stream' : 'file';
    expect(inputs).toEqual(
      [
        `checkVideo:${streamed}`,
        `checkImage:${streamed}`, // the header only: on S3 its first bytes
        'processImage:file',
        `analyzeAudio:${streamed}`, // WebM: read once through
        'analyzeAudio:file', // MP4 audio: its index may come last
        'probeVideo:file',
        'videoPoster:file',
        'videoToMp4:file',
      ].sort(),
    );
    expect(listFiles(path.join(t.dataDir, 'work'))).toEqual([]);
  });
});
