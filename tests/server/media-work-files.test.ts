import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProcessor, type MediaProcessor } from '../../server/media/processor.ts';
import { createUser, ffmpeg, listFiles, multipart, tempDir } from './support/media-fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import type { StorageKind } from './support/test-storage.ts';

/** Every absolute path inside a call's arguments (inputs and outputs alike). */
function pathsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string' && path.isAbsolute(value)) found.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) pathsIn(v, found);
  return found;
}

/** The real processor, noting every file path it is handed. */
function notingPaths(real: MediaProcessor, seen: string[]): MediaProcessor {
  return new Proxy(real, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        seen.push(...pathsIn(args));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/**
 * Where ffmpeg and sharp read and write: the stored file itself on local disk, else a copy in a work
 * folder under DATA_DIR; their outputs in a work folder under DATA_DIR too, never the system temp
 * folder (a crash would strand them where no sweep looks). Every work file is gone afterwards.
 */
describe.each<StorageKind>(['local', 's3'])('processing work files (%s)', (storageKind) => {
  let t: TestApp;
  const seen: string[] = [];
  let user: Awaited<ReturnType<typeof createUser>>;
  let webm: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ storageKind, processor: notingPaths(createProcessor({}), seen) });
    user = await createUser(t);
    const file = path.join(await tempDir(), 'clip.webm');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=duration=0.5:size=64x48:rate=10', '-c:v', 'libvpx', file]);
    webm = readFileSync(file);
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

  it('hands ffmpeg and sharp files under DATA_DIR only, and leaves no work file behind', async () => {
    const video = await post('video', 'file', 'clip.webm', 'video/webm', webm);
    expect(video.statusCode, video.body).toBe(201);
    const photo = await post('photo', 'file', 'p.jpg', 'image/jpeg', jpeg);
    expect(photo.statusCode, photo.body).toBe(201);
    await t.services.media.background.idle();
    const row = await t.db.selectFrom('media').selectAll().where('id', '=', video.json().id).executeTakeFirstOrThrow();
    expect(row.status).toBe('ready');

    expect(seen.length).toBeGreaterThan(4);
    for (const file of seen) expect(file.startsWith(t.dataDir + path.sep), file).toBe(true);
    expect(listFiles(path.join(t.dataDir, 'work'))).toEqual([]);
  });
});
