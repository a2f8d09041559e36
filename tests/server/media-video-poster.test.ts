import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaServiceOf } from '../../server/media/routes.ts';
import { createUser, ffmpeg, multipart, tempDir } from './support/media-fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * A poster frame where the video has none: a camera recording made on a loaded machine may hold a
 * single frame for seconds, so seeking to the usual second lands after the last frame and ffmpeg
 * writes nothing (and exits 0).
 */
describe('video poster', () => {
  let t: TestApp;
  let sparse: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    const file = path.join(await tempDir(), 'sparse.webm');
    // One frame at the start that lasts 5 s, with 3 s of sound: no frame after the first second.
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'color=c=red:size=64x64:rate=0.2:duration=3'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
      ...['-c:v', 'libvpx', '-c:a', 'libopus', file],
    ]);
    sparse = readFileSync(file);
  });
  afterAll(() => t.close());

  it('falls back to the first frame when the frame near the first second does not exist', async () => {
    const user = await createUser(t);
    const body = multipart({ title: 'Один кадр' }, { field: 'file', filename: 'clip.webm', contentType: 'video/webm', data: sparse });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media/video/',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    await mediaServiceOf(t.deps)!.idle();
    const row = await t.db.selectFrom('media').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row.status).toBe('ready');
    expect(row.poster_key).toMatch(/-poster\.jpg$/);
    expect((await t.storage.stat(row.poster_key!))!.size).toBeGreaterThan(0);
  });
});
