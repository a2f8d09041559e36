import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { audioRecordSchema } from '../../../../contract/media.ts';
import { FfmpegError } from '../../../../server/media/processing/ffmpeg.ts';
import { PROCESSING_ATTEMPTS } from '../../../../server/media/processing/jobs.ts';
import { createProcessor } from '../../../../server/media/processing/processor.ts';
import type { MediaProcessor } from '../../../../server/media/processing/types.ts';
import { LocalStorage } from '../../../../server/storage/local.ts';
import { bodyOf, stringContaining } from '../../support/inject-json.ts';
import { audioFixtures, createUser, distinctCopy, ffmpegBin, listFiles, tempDir } from '../../support/media-fixtures.ts';
import { processed, settle } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { acceptedUpload } from '../../support/uploads.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/** Local storage whose deletions fail while `refusing` is set (a read-only folder, a bucket that says no). */
class RefusingStorage extends LocalStorage {
  refusing = false;
  override async delete(key: string): Promise<void> {
    if (this.refusing) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES', syscall: 'unlink' });
    return super.delete(key);
  }
  override async deletePrefix(prefix: string): Promise<void> {
    if (this.refusing) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES', syscall: 'rm' });
    return super.deletePrefix(prefix);
  }
}

/** Real processing, except that the next `failures` audio runs fail as a broken decoder would. */
function flakyProcessor(real: MediaProcessor) {
  const state = {
    failures: 0,
    processor: {
      checkVideo: real.checkVideo.bind(real),
      checkImage: real.checkImage.bind(real),
      probeVideo: real.probeVideo.bind(real),
      videoPoster: real.videoPoster.bind(real),
      videoToMp4: real.videoToMp4.bind(real),
      processImage: real.processImage.bind(real),
      photoTakenAt: real.photoTakenAt.bind(real),
      analyzeAudio: (...args: Parameters<MediaProcessor['analyzeAudio']>) => {
        if (state.failures > 0) {
          state.failures--;
          return Promise.reject(new FfmpegError('decoder crashed', ''));
        }
        return real.analyzeAudio(...args);
      },
    } satisfies MediaProcessor,
  };
  return state;
}

describe('media jobs: deleting, retrying, failures', () => {
  let t: TestApp;
  let root: string;
  let storage: RefusingStorage;
  let flaky: ReturnType<typeof flakyProcessor>;
  let alice: User;
  let webm: string;

  const upload = async (user: User, title: string) => {
    return acceptedUpload(t, user, 'audio', { title }, { filename: 'tone.webm', data: await distinctCopy(webm) });
  };
  const files = () => listFiles(root);

  beforeAll(async () => {
    root = await tempDir('kopilka-media-jobs-');
    storage = new RefusingStorage(root);
    flaky = flakyProcessor(createProcessor({ ffmpegPath: ffmpegBin }));
    t = await createTestApp({ storage, processor: flaky.processor });
    alice = await createUser(t, 'alice');
    webm = (await audioFixtures(await tempDir(), 1)).webm;
  });
  afterAll(() => t.close());

  it('answers a removal for good (from the trash) with 204 at once, and removes the bytes by a job that retries until they are gone', async () => {
    const id = await upload(alice, 'на удаление');
    const rec = await processed(t, alice, 'audio', id);
    const own = files().filter((f) => f.startsWith(`u/${alice.id}/audio/`));
    expect(own).toHaveLength(2); // the recording and its MP3

    storage.refusing = true; // as a read-only folder would
    onTestFinished(() => {
      storage.refusing = false;
    });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/audio/${id}/`, headers: alice.headers })).statusCode).toBe(204);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/media/trash/audio/${id}/`, headers: alice.headers });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/media/audio/${id}/`, headers: alice.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/media/trash/', headers: alice.headers })).json()).toEqual([]);
    await settle(t);
    // The job failed and waits to try again; the bytes are still there, and so is the job.
    expect(files()).toEqual(expect.arrayContaining(own));
    const job = await t.db.selectFrom('jobs').selectAll().where('kind', '=', 'purge-files').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ attempts: 1, lease_until: null, last_error: stringContaining('EACCES') });
    expect(job.run_after > t.clock.now().toISOString()).toBe(true);

    storage.refusing = false;
    t.clock.advance(5_000);
    await settle(t);
    expect(files().filter((f) => f.startsWith(`u/${alice.id}/audio/`))).toEqual([]);
    expect(await t.db.selectFrom('jobs').selectAll().where('kind', '=', 'purge-files').execute()).toEqual([]);
    expect((await t.app.inject({ url: rec.audio_file as string })).statusCode).toBe(404);
  });

  it('removes what an upload cut off by a crash stored, once its journal entry’s lease has run out', async () => {
    // What a process killed mid-upload leaves: its journal entry (a held purge-files job) and the bytes.
    const base = `u/${alice.id}/audio/Crashed00000000A`;
    mkdirSync(path.join(root, path.dirname(base)), { recursive: true });
    writeFileSync(path.join(root, `${base}.upload.0123456789ab.part`), 'half an upload');
    const now = t.clock.now();
    await t.db
      .insertInto('jobs')
      .values({
        kind: 'purge-files',
        lane: 'housekeeping',
        payload: JSON.stringify({ keys: [`${base}.upload`], prefixes: [`${base}.`, `${base}-`] }),
        run_after: now.toISOString(),
        claim: 'c0ffee000001',
        lease_until: new Date(now.getTime() + 15_000).toISOString(),
        attempts: 0,
        created_at: now.toISOString(),
      })
      .execute();
    await settle(t);
    expect(files()).toContain(`${base}.upload.0123456789ab.part`); // its process might still be uploading

    t.clock.advance(15_001);
    await settle(t);
    expect(files().filter((f) => f.startsWith(base))).toEqual([]);
    expect(await t.db.selectFrom('jobs').selectAll().where('kind', '=', 'purge-files').execute()).toEqual([]);
  });

  it('keeps the reason of a failed processing for the card, and tries again on request (202, processing, then ready)', async () => {
    flaky.failures = 1;
    const id = await upload(alice, 'со второго раза');
    const failed = await processed(t, alice, 'audio', id);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'Не удалось обработать аудиозапись', duration: null });
    expect(bodyOf(await t.app.inject({ url: '/api/media/audio/', headers: alice.headers }), z.array(audioRecordSchema))[0]).toMatchObject({
      id,
      status: 'failed',
      failure_reason: 'Не удалось обработать аудиозапись',
    });

    const retry = await t.app.inject({ method: 'POST', url: `/api/media/audio/${id}/retry/`, headers: alice.headers });
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json()).toMatchObject({ id, status: 'processing', failure_reason: null });
    const ready = await processed(t, alice, 'audio', id);
    expect(ready).toMatchObject({ status: 'ready', failure_reason: null });
    expect(Math.abs(ready.duration! - 1)).toBeLessThan(0.1);

    const again = await t.app.inject({ method: 'POST', url: `/api/media/audio/${id}/retry/`, headers: alice.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Повторить можно только обработку, которая не удалась.' });
    const none = await t.app.inject({ method: 'POST', url: '/api/media/audio/999999/retry/', headers: alice.headers });
    expect(none.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/media/audio/${id}/retry/` })).statusCode).toBe(401);
  });

  it('tries a job again when it fails for a reason it cannot name, and gives the record up as failed after three tries', async () => {
    expect(PROCESSING_ATTEMPTS).toBe(3);
    const put = storage.put.bind(storage);
    // Storing every MP3 fails in a way that says neither the file's fault nor the storage unavailable (which
    // would be tried again for as long as it lasts: tests/server/jobs/faults.test.ts).
    storage.put = (key, ...rest) =>
      key.endsWith('.mp3')
        ? Promise.reject(Object.assign(new Error('EBADF: bad file descriptor, write'), { code: 'EBADF' }))
        : put(key, ...rest);
    try {
      const id = await upload(alice, 'полный диск');
      await settle(t);
      const job = () => t.db.selectFrom('jobs').selectAll().where('media_id', '=', id).executeTakeFirst();
      expect(await job()).toMatchObject({ attempts: 1, failures: 0, lease_until: null, last_error: stringContaining('EBADF') });
      const rec = bodyOf(await t.app.inject({ url: `/api/media/audio/${id}/`, headers: alice.headers }), audioRecordSchema);
      expect(rec.status).toBe('processing');

      t.clock.advance(5_000);
      await settle(t);
      expect(await job()).toMatchObject({ attempts: 2 });
      t.clock.advance(10_000);
      await settle(t);
      expect(await job()).toBeUndefined();
      expect((await t.app.inject({ url: `/api/media/audio/${id}/`, headers: alice.headers })).json()).toMatchObject({
        status: 'failed',
        failure_reason: 'Не удалось обработать аудиозапись',
      });
      // Nothing the failed tries stored is left: only the recording itself.
      const { original_key: originalKey } = await t.db
        .selectFrom('media')
        .select('original_key')
        .where('id', '=', rec.id)
        .executeTakeFirstOrThrow();
      const base = originalKey.replace(/\.webm$/, '');
      expect(files().filter((f) => f.startsWith(base))).toEqual([`${base}.webm`]);
    } finally {
      storage.put = put;
    }
  });
});
