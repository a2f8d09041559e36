import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TRIM_MESSAGES, TRIM_NOT_A_NUMBER, audioRecordSchema } from '../../../../contract/media.ts';
import { AudioCutter } from '../../../../server/media/trim/audio-cut.ts';
import { untrimmedTitle } from '../../../../server/media/trim/job.ts';
import {
  adtsDisguisedPlaylist,
  audioFixtures,
  createUser,
  decodedDuration,
  ffmpegBuilds,
  pathOf,
  tempDir,
} from '../../support/media-fixtures.ts';
import { matching, stringMatching } from '../../support/inject-json.ts';
import { processed, settle } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { storedFiles } from '../../support/test-storage.ts';
import { tusClient } from '../../support/tus.ts';
import { acceptedUpload } from '../../support/uploads.ts';

type Files = Awaited<ReturnType<typeof audioFixtures>>;
type User = Awaited<ReturnType<typeof createUser>>;
/** A recording as these tests read it: the contract's record, with its duration, checksum and file URLs there. */
const audioSchema = audioRecordSchema.extend({
  duration: z.number(),
  sha256: z.string(),
  audio_file: z.string(),
});
type Audio = z.infer<typeof audioSchema>;

/** Trimming a recording: the cut replaces it, the untrimmed version waits in the trash. */
describe('trimming a recording', () => {
  let t: TestApp;
  let fx: Files;
  let dir: string;
  let alice: User;
  let bob: User;

  beforeAll(async () => {
    t = await createTestApp();
    dir = await tempDir();
    fx = await audioFixtures(dir, 6);
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
  });
  afterAll(() => t.close());

  const upload = async (user: User, file: string, title: string): Promise<Audio> =>
    matching(
      audioSchema,
      await processed(
        t,
        user,
        'audio',
        await acceptedUpload(t, user, 'audio', { title }, { filename: path.basename(file), data: readFileSync(file) }),
      ),
    );
  const trim = (user: User, id: number, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/media/audio/${id}/trim/`, headers: user.headers, payload: payload as object });
  /** A served file (by its signed URL) written to disk, for ffmpeg to decode. */
  /** A URL's bytes in a file of `dir`; with `user`, the URL is an API route of theirs (the original's download). */
  const fetched = async (url: string, name: string, user?: User) => {
    const res = await t.app.inject(user ? { url, headers: user.headers } : { url: pathOf(url) });
    expect(res.statusCode).toBe(200);
    const file = path.join(dir, name);
    writeFileSync(file, res.rawPayload);
    return file;
  };
  const trash = async (user: User) =>
    (await t.app.inject({ url: '/api/media/trash/', headers: user.headers })).json<(Audio & { kind: string; purge_at: string })[]>();

  it('cuts 2–4 s out of a 6 s recording: 202 at once, then the record lasts 2 s, its MP3 and original too', async () => {
    const rec = await upload(alice, fx.pipedWebm, 'Диктофон');
    expect(rec.duration).toBeGreaterThan(5.5);

    const res = await trim(alice, rec.id, { start: 2, end: 4 });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<Audio>()).toMatchObject({ id: rec.id, status: 'processing' });

    const done: Audio = matching(audioSchema, await processed(t, alice, 'audio', rec.id));
    expect(done.status).toBe('ready');
    expect(done.title).toBe('Диктофон');
    expect(done.duration).toBeGreaterThan(1.8);
    expect(done.duration).toBeLessThan(2.3);
    // Cut by copying the Opus packets: still a WebM, with a checksum of its own bytes.
    expect(done.mime_type).toBe('audio/webm');
    expect(done.sha256).not.toBe(rec.sha256);
    const mp3 = await decodedDuration(await fetched(done.audio_file, 'cut.mp3'));
    expect(mp3).toBeGreaterThan(1.8);
    expect(mp3).toBeLessThan(2.3);
    const original = await decodedDuration(await fetched(`${done.download_url}?format=original`, 'cut.webm', alice));
    expect(original).toBeGreaterThan(1.8);
    expect(original).toBeLessThan(2.3);
    // The files the record had before are not served as its own any more.
    expect((await t.app.inject({ url: pathOf(rec.audio_file) })).statusCode).toBe(404);
  });

  it('puts the untrimmed version in the trash as «… (до обрезки)», from where it comes back whole', async () => {
    const rec = await upload(alice, fx.wav, 'Лекция');
    expect((await trim(alice, rec.id, { start: 1, end: 3.5 })).statusCode).toBe(202);
    const done: Audio = matching(audioSchema, await processed(t, alice, 'audio', rec.id));
    expect(done.duration).toBeGreaterThan(2.3);
    expect(done.duration).toBeLessThan(2.7);

    const untrimmed = (await trash(alice)).find((item) => item.title === 'Лекция (до обрезки)');
    expect(untrimmed).toMatchObject({ kind: 'audio', status: 'ready', sha256: rec.sha256 });
    expect(untrimmed!.id).not.toBe(rec.id);
    expect(untrimmed!.duration).toBeGreaterThan(5.5);

    const restored = await t.app.inject({ method: 'POST', url: `/api/media/audio/${untrimmed!.id}/restore/`, headers: alice.headers });
    expect(restored.statusCode, restored.body).toBe(200);
    const back = restored.json<Audio>();
    const played = await decodedDuration(await fetched(back.audio_file, 'untrimmed.mp3'));
    expect(played).toBeGreaterThan(5.5);
    const list = (await t.app.inject({ url: '/api/media/audio/', headers: alice.headers })).json<Audio[]>().map((r) => r.id);
    expect(list).toEqual(expect.arrayContaining([rec.id, untrimmed!.id]));

    // Removed for good, the untrimmed copy takes only its own files: the cut keeps playing.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/audio/${back.id}/`, headers: alice.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/trash/audio/${back.id}/`, headers: alice.headers })).statusCode).toBe(
      204,
    );
    await settle(t);
    const again: Audio = matching(audioSchema, await processed(t, alice, 'audio', rec.id));
    expect((await t.app.inject({ url: pathOf(again.audio_file) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${again.download_url}?format=original`, headers: alice.headers })).statusCode).toBe(200);
  });

  it('cuts every container it takes, keeping the container', async () => {
    for (const [file, mime] of [
      [fx.ogg, 'audio/ogg'],
      [fx.m4a, 'audio/mp4'],
      [fx.mp3, 'audio/mpeg'],
      [fx.aac, 'audio/aac'],
    ] as const) {
      const rec = await upload(alice, file, path.basename(file));
      expect((await trim(alice, rec.id, { start: '0', end: '2' })).statusCode).toBe(202);
      const done: Audio = matching(audioSchema, await processed(t, alice, 'audio', rec.id));
      expect(done.status, `${file}: ${done.failure_reason}`).toBe('ready');
      expect(done.mime_type).toBe(mime);
      const played = await decodedDuration(await fetched(done.audio_file, `cut-${path.basename(file)}.mp3`));
      expect(played, file).toBeGreaterThan(1.7);
      expect(played, file).toBeLessThan(2.4);
    }
  });

  it('refuses a part outside the recording or under a second, with the field that is wrong', async () => {
    const rec = await upload(alice, fx.webm, 'Проверка');
    const cases: [unknown, Record<string, unknown[]>][] = [
      [{ end: 2 }, { start: ['Обязательное поле.'] }],
      [{ start: 'abc', end: 2 }, { start: [TRIM_NOT_A_NUMBER] }],
      [{ start: -1, end: 2 }, { start: ['Начало не может быть меньше нуля.'] }],
      [{ start: 3, end: 2 }, { end: [TRIM_MESSAGES.endBeforeStart] }],
      [{ start: 1, end: 60 }, { end: [stringMatching(/^Конец не может быть дальше конца записи \(6(,\d)? с\)\.$/)] }],
      [{ start: 1, end: 1.5 }, { non_field_errors: [TRIM_MESSAGES.tooShort] }],
    ];
    for (const [payload, body] of cases) {
      const res = await trim(alice, rec.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(body);
    }
    expect((await processed(t, alice, 'audio', rec.id)).status).toBe('ready');
  });

  it("answers 404 for another user's recording, and 409 while the recording is still processing", async () => {
    const rec = await upload(alice, fx.pipedWebm, 'Чужая');
    expect((await trim(bob, rec.id, { start: 0, end: 2 })).statusCode).toBe(404);
    expect((await trim(alice, 999_999, { start: 0, end: 2 })).statusCode).toBe(404);

    expect((await trim(alice, rec.id, { start: 0, end: 2 })).statusCode).toBe(202);
    // The first trim has the record processing until its job ends: a second one is refused meanwhile.
    await t.db.updateTable('media').set({ status: 'processing' }).where('id', '=', rec.id).execute();
    const again = await trim(alice, rec.id, { start: 0, end: 1.5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: TRIM_MESSAGES.notReady });
    await settle(t);
  });

  it('a trim whose process died is taken over: what the dead run stored is removed, and the cut is made once', async () => {
    const rec = await upload(alice, fx.mp3, 'Оборванная');
    const dead = 'deadbeef0001';
    // The dead run's claim ran out while it held the job, leaving half its work stored.
    const leftover = `u/${alice.id}/audio/trim-${dead}.mp3`;
    await t.storage.put(leftover, Readable.from([Buffer.from('half a cut')]));
    await t.db.updateTable('media').set({ status: 'processing' }).where('id', '=', rec.id).execute();
    const past = new Date(t.clock.now().getTime() - 1000).toISOString();
    await t.db
      .insertInto('jobs')
      .values({
        kind: 'trim-audio',
        lane: 'short',
        media_id: rec.id,
        payload: JSON.stringify({ start: 1, end: 3 }),
        run_after: past,
        created_at: past,
        claim: dead,
        lease_until: past,
        attempts: 1,
      })
      .execute();
    await settle(t);

    const done: Audio = matching(audioSchema, await processed(t, alice, 'audio', rec.id));
    expect(done.status).toBe('ready');
    expect(done.duration).toBeGreaterThan(1.8);
    expect(done.duration).toBeLessThan(2.3);
    const files = await storedFiles(t);
    expect(files).not.toContain(leftover);
    expect(files.filter((f) => f.includes(`/trim-${dead}`))).toEqual([]);
    expect((await trash(alice)).filter((item) => item.title === 'Оборванная (до обрезки)')).toHaveLength(1);
  });

  it('leaves the record whole when ffmpeg cannot cut it: failed with the reason, nothing of the cut stored, «Повторить» brings it back', async () => {
    const rec = await upload(alice, fx.ogg, 'Испорченная');
    const row = await t.db.selectFrom('media').selectAll().where('id', '=', rec.id).executeTakeFirstOrThrow();
    const good = readFileSync(fx.ogg);
    // The stored bytes turn to noise after the upload (a disk fault): ffmpeg fails on them, copying or decoding.
    await t.storage.put(row.original_key, Readable.from([Buffer.alloc(good.length, 7)]));

    expect((await trim(alice, rec.id, { start: 1, end: 3 })).statusCode).toBe(202);
    const failed = await processed(t, alice, 'audio', rec.id);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: TRIM_MESSAGES.failed, duration: rec.duration, sha256: rec.sha256 });
    await settle(t);
    // Every stored file of hers is one a record names: nothing of the failed cut is left.
    const files = (await storedFiles(t)).filter((f) => f.startsWith(`u/${alice.id}/`));
    const rows = await t.db.selectFrom('media').select(['original_key', 'playable_key']).where('user_id', '=', alice.id).execute();
    const named = new Set(rows.flatMap((r) => [r.original_key, r.playable_key]));
    expect(files.filter((f) => !named.has(f))).toEqual([]);
    expect(files).toContain(row.original_key);
    expect(files).not.toContain(row.playable_key);
    expect((await trash(alice)).some((item) => item.title === 'Испорченная (до обрезки)')).toBe(false);

    await t.storage.put(row.original_key, Readable.from([good]));
    const retry = await t.app.inject({ method: 'POST', url: `/api/media/audio/${rec.id}/retry/`, headers: alice.headers });
    expect(retry.statusCode).toBe(202);
    const back: Audio = matching(audioSchema, await processed(t, alice, 'audio', rec.id));
    expect(back.status).toBe('ready');
    expect(back.duration).toBeGreaterThan(5.5);
  });
});

describe('trimming with a quota', () => {
  it('refuses (413, the free space named) a cut that cannot fit beside the untrimmed version, which stays in the trash', async () => {
    const dir = await tempDir();
    const { wav } = await audioFixtures(dir, 6);
    const size = readFileSync(wav).length;
    // Room for the recording and its MP3, and little more: a third of it again does not fit.
    const t = await createTestApp({ env: { USER_QUOTA_BYTES: String(size + 150_000) } });
    try {
      const user = await createUser(t, 'carol');
      const id = await acceptedUpload(t, user, 'audio', { title: 'Большая' }, { filename: 'tone.wav', data: readFileSync(wav) });
      const rec: Audio = matching(audioSchema, await processed(t, user, 'audio', id));
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/media/audio/${rec.id}/trim/`,
        headers: user.headers,
        payload: { start: 2, end: 4 },
      });
      expect(refused.statusCode).toBe(413);
      expect(refused.json<{ detail: string }>().detail).toMatch(/^Не хватает места в хранилище: свободно .+ из .+\.$/);
      expect((await processed(t, user, 'audio', rec.id)).status).toBe('ready');
    } finally {
      await t.close();
    }
  });
  it('counts the owner’s unfinished uploads: a cut that fits alone is refused while one holds the room', async () => {
    const dir = await tempDir();
    const { wav } = await audioFixtures(dir, 6);
    const size = readFileSync(wav).length;
    const t = await createTestApp({ env: { USER_QUOTA_BYTES: String(2 * size + 150_000), MAX_PHOTO_BYTES: String(2 * size) } });
    try {
      const user = await createUser(t, 'dave');
      const id = await acceptedUpload(t, user, 'audio', { title: 'Запись' }, { filename: 'tone.wav', data: readFileSync(wav) });
      const rec: Audio = matching(audioSchema, await processed(t, user, 'audio', id));
      const usage = (await t.app.inject({ url: '/api/media/usage/', headers: user.headers })).json<{
        total_bytes: number;
        quota_bytes: number;
      }>();
      // An unfinished upload leaves 100 kB, less than a third of the recording.
      const staged = await tusClient(t.app).create(user.headers, usage.quota_bytes - usage.total_bytes - 100_000, {
        kind: 'photo',
        title: 'Не до конца',
        filename: 'big.jpg',
      });
      expect(staged.statusCode, staged.body).toBe(201);
      const trim = () =>
        t.app.inject({ method: 'POST', url: `/api/media/audio/${rec.id}/trim/`, headers: user.headers, payload: { start: 2, end: 4 } });
      const refused = await trim();
      expect(refused.statusCode).toBe(413);
      expect(refused.json<{ detail: string }>().detail).toMatch(/приходится на незавершённые загрузки/);
      expect((await tusClient(t.app).terminate(user.headers, staged.headers.location as string)).statusCode).toBe(204);
      expect((await trim()).statusCode).toBe(202);
    } finally {
      await t.close();
    }
  });
});

describe('the untrimmed copy', () => {
  it('names the untrimmed copy «<title> (до обрезки)», within the title limit', () => {
    expect(untrimmedTitle('Лекция')).toBe('Лекция (до обрезки)');
    expect(untrimmedTitle('  ')).toBe('Запись (до обрезки)');
    const long = untrimmedTitle('я'.repeat(255));
    expect([...long]).toHaveLength(255);
    expect(long.endsWith(' (до обрезки)')).toBe(true);
  });
});

/** The cut opens a user's file as the processing does: its accepted container only, from the local disk only. */
describe.each(ffmpegBuilds())('the audio cutter with $name', ({ name, bin }) => {
  let dir: string;
  let fx: Files;
  beforeAll(async () => {
    dir = await tempDir();
    fx = await audioFixtures(dir, 4);
  });

  it('re-encodes to Opus in WebM when asked (when a copy cannot cut the codec)', async () => {
    const cut = await new AudioCutter(bin).cut({
      input: fx.m4a,
      stored: { ext: 'm4a', mime: 'audio/mp4' },
      start: 1,
      end: 3,
      output: path.join(dir, 'reencoded'),
      reencode: true,
    });
    expect(cut).toMatchObject({ ext: 'webm', mime: 'audio/webm' });
    const seconds = await decodedDuration(cut.path);
    expect(seconds, name).toBeGreaterThan(1.8);
    expect(seconds, name).toBeLessThan(2.2);
  });

  it('never cuts another file named by a stored "AAC" that ffmpeg would read as a playlist', async () => {
    const disguised = path.join(dir, 'voice.aac');
    writeFileSync(disguised, adtsDisguisedPlaylist(fx.mp3));
    for (const reencode of [false, true]) {
      const cut = new AudioCutter(bin).cut({
        input: disguised,
        stored: { ext: 'aac', mime: 'audio/aac' },
        start: 0,
        end: 2,
        output: path.join(dir, `hostile-${reencode}`),
        reencode,
      });
      await expect(cut).rejects.toThrow();
    }
  });
});
