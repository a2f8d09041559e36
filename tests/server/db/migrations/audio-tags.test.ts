import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioRecordSchema } from '../../../../contract/media.ts';
import { composeWorker } from '../../../../server/compose.ts';
import { migrate, migrateTo } from '../../../../server/db/migrate.ts';
import type { Worker } from '../../../../server/jobs/worker.ts';
import { AUDIO_TAGS_BATCH } from '../../../../server/media/processing/audio-tags-job.ts';
import { bodyOf } from '../../support/inject-json.ts';
import { createUser, ffmpeg, pathOf, tempDir } from '../../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { readStored, type StorageKind } from '../../support/test-storage.ts';

const quiet = { error: () => {}, warn: () => {}, info: () => {} };
const MARKERS = ['KOPILKA', '55.7558'];
const tagged = (bytes: Buffer) => MARKERS.filter((m) => bytes.toString('latin1').includes(m));

/**
 * Migration 026 and its job: recordings processed before it serve their MP3 with the original's tags (an
 * MP3 made from an m4a kept its location, an uploaded MP3 was served as uploaded); the 'strip-audio-tags'
 * job copies each one's MP3 without them, and the originals stay byte for byte.
 */
describe.each<StorageKind>(['local', 's3'])('migration 026: recordings served without their tags (%s)', (storageKind) => {
  let t: TestApp;
  let worker: Worker;
  let files: { mp3: Buffer; m4a: Buffer; madeMp3: Buffer };

  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_JOBS: 'false' }, storageKind });
    worker = composeWorker(t.deps, quiet, t.services.queue, { pollMs: 20 });
    const dir = await tempDir();
    const tags = ['-metadata', 'location=+55.7558+037.6173/', '-metadata', 'comment=KOPILKA-COMMENT'];
    const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'];
    await ffmpeg([...tone, ...tags, '-c:a', 'libmp3lame', '-y', path.join(dir, 'up.mp3')]);
    await ffmpeg([...tone, ...tags, '-c:a', 'aac', '-movflags', 'use_metadata_tags', '-y', path.join(dir, 'rec.m4a')]);
    // The MP3 an earlier version made of that m4a: ffmpeg's default copies the tags.
    await ffmpeg(['-i', path.join(dir, 'rec.m4a'), '-map', '0:a:0', '-c:a', 'libmp3lame', '-y', path.join(dir, 'made.mp3')]);
    files = {
      mp3: readFileSync(path.join(dir, 'up.mp3')),
      m4a: readFileSync(path.join(dir, 'rec.m4a')),
      madeMp3: readFileSync(path.join(dir, 'made.mp3')),
    };
    for (const bytes of Object.values(files)) expect(tagged(bytes).length).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  const jobs = () => t.db.selectFrom('jobs').selectAll().where('kind', '=', 'strip-audio-tags').execute();

  it('adds no job where there are no recordings', async () => {
    expect(await jobs()).toEqual([]);
  });

  it('copies every processed recording’s MP3 without its tags, in batches, keeping the originals', async () => {
    const user = await createUser(t);
    await migrateTo(t.db, '024-media-row-version');
    const now = new Date().toISOString();
    const put = async (name: string, data: Buffer) => {
      const key = `u/${user.id}/audio/${name}`;
      await t.storage.put(key, Readable.from([data]));
      return key;
    };
    const row = (title: string, original_key: string, mime_type: string, playable_key: string | null, status = 'ready' as const) => ({
      user_id: user.id,
      kind: 'audio' as const,
      title,
      description: '',
      status,
      original_key,
      mime_type,
      playable_key,
      playable_mime: playable_key ? 'audio/mpeg' : null,
      size: 1000,
      original_name: 'x',
      duration: 2,
      renditions_size: 0,
      created_at: now,
      updated_at: now,
    });
    const rows = [
      row('uploaded mp3', await put('up.mp3', files.mp3), 'audio/mpeg', null),
      row('m4a', await put('rec.m4a', files.m4a), 'audio/mp4', await put('rec.mp3', files.madeMp3)),
      row('gone', await put('gone.m4a', files.m4a), 'audio/mp4', `u/${user.id}/audio/gone.mp3`),
      ...(await Promise.all(
        Array.from({ length: AUDIO_TAGS_BATCH + 5 }, async (_, i) =>
          row(`many${i}`, await put(`many${i}.m4a`, files.m4a), 'audio/mp4', await put(`many${i}.mp3`, files.madeMp3)),
        ),
      )),
    ];
    await t.db.insertInto('media').values(rows).execute();
    const before = await t.db.selectFrom('media').selectAll().orderBy('id').execute();

    await migrate(t.db);
    expect((await jobs()).map((j) => [j.lane, j.payload])).toEqual([['housekeeping', '{"after":0}']]);
    await worker.settle();
    expect(await jobs()).toEqual([]);

    const after = new Map((await t.db.selectFrom('media').selectAll().execute()).map((r) => [r.id, r]));
    for (const old of before) {
      const now = after.get(old.id)!;
      // The original is untouched, byte for byte.
      expect(now.original_key).toBe(old.original_key);
      expect((await readStored(t.storage, now.original_key)).equals(old.mime_type === 'audio/mpeg' ? files.mp3 : files.m4a)).toBe(true);
      if (old.title === 'gone') {
        expect(now.playable_key, 'a recording whose MP3 is missing keeps what it has').toBe(old.playable_key);
        continue;
      }
      expect(now.playable_key, old.title).not.toBe(old.playable_key);
      const served = await readStored(t.storage, now.playable_key!);
      expect({ title: old.title, found: tagged(served) }).toEqual({ title: old.title, found: [] });
      expect(now.renditions_size).toBe(served.length);
      // The old copy is gone (never the original).
      if (old.playable_key) expect(await t.storage.stat(old.playable_key), old.title).toBeNull();
    }

    // What the API serves is the copy.
    const uploaded = before.find((r) => r.title === 'uploaded mp3')!;
    const rec = bodyOf(await t.app.inject({ url: `/api/media/audio/${uploaded.id}/`, headers: user.headers }), audioRecordSchema);
    const play = await t.app.inject({ url: pathOf(rec.audio_file!) });
    expect(play.statusCode).toBe(200);
    expect(tagged(play.rawPayload)).toEqual([]);
  }, 120_000);
});
