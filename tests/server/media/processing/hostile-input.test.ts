import { readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioRecordSchema, videoRecordSchema } from '../../../../contract/media.ts';
import { runFfmpeg } from '../../../../server/media/processing/ffmpeg.ts';
import { createProcessor } from '../../../../server/media/processing/processor.ts';
import {
  adtsDisguisedPlaylist,
  audioFixtures,
  createUser,
  decodedDuration,
  ffmpeg,
  ffmpegBuilds,
  pathOf,
  tempDir,
  theoraDisguisedPlaylist,
} from '../../support/media-fixtures.ts';
import { bodyOf } from '../../support/inject-json.ts';
import { processed, settle as settleJobs } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { localFileOf, storedFiles } from '../../support/test-storage.ts';
import { postMedia } from '../../support/uploads.ts';
import { mediaRowCount } from '../../support/media-rows.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/**
 * ffmpeg must only ever read the uploader's own bytes, as the container the content check accepted:
 * a file that file-type and ffmpeg's own probing read differently (here: an HLS playlist behind an
 * ID3 tag) must not make ffmpeg open another user's stored file. Run on every ffmpeg build the
 * product may use, with ordinary uploads through the same build alongside.
 */
let dir: string;
const fx = { audio: {} as Awaited<ReturnType<typeof audioFixtures>>, webm: '', mp4: '' };

beforeAll(async () => {
  dir = await tempDir();
  fx.audio = await audioFixtures(dir, 2);
  const src = ['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'];
  fx.webm = path.join(dir, 'clip.webm');
  fx.mp4 = path.join(dir, 'clip.mp4');
  await ffmpeg([...src, '-c:v', 'libvpx', '-b:v', '300k', '-c:a', 'libopus', '-shortest', fx.webm]);
  await ffmpeg([...src, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', fx.mp4]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe.each(ffmpegBuilds())('media processing with $name', ({ bin }) => {
  let t: TestApp;
  let alice: User;
  let bob: User;

  const upload = (user: User, kind: 'audio' | 'video', data: Buffer, filename: string) =>
    postMedia(t, user, kind, { title: filename }, { filename, data });
  const settle = () => settleJobs(t);
  const rowCount = () => mediaRowCount(t.db);
  const mediaFiles = () => storedFiles(t);
  /** Local path of a stored file (a copy when it lives in a bucket), from its signed URL. */
  /** The stored original's key (no URL of a record names it). */
  const originalKeyOf = async (id: number) =>
    (await t.db.selectFrom('media').select('original_key').where('id', '=', id).executeTakeFirstOrThrow()).original_key;

  beforeAll(async () => {
    t = await createTestApp({ processor: createProcessor({ ffmpegPath: bin }) });
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
  });
  afterAll(() => t.close());

  it('never lets an "AAC" that ffmpeg would read as a playlist play another user’s recording: the record fails, no MP3 is made', async () => {
    const own = await upload(alice, 'audio', readFileSync(fx.audio.mp3), 'личное.mp3');
    expect(own.statusCode, own.body).toBe(201);
    await processed(t, alice, 'audio', bodyOf(own, audioRecordSchema).id);
    const victim = await localFileOf(t.storage, await originalKeyOf(bodyOf(own, audioRecordSchema).id), dir);
    expect(readFileSync(victim).equals(readFileSync(fx.audio.mp3))).toBe(true);

    const files = await mediaFiles();
    const res = await upload(bob, 'audio', adtsDisguisedPlaylist(victim), 'voice.aac');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const rec = await processed(t, bob, 'audio', bodyOf(res, audioRecordSchema).id);
    expect(rec).toMatchObject({ status: 'failed', failure_reason: 'Не удалось обработать аудиозапись', duration: null, waveform_data: [] });
    // Only the uploaded bytes themselves are kept: nothing was made from the other user's file.
    expect((await mediaFiles()).filter((f) => !files.includes(f))).toEqual([await originalKeyOf(rec.id)]);
    expect((await t.app.inject({ url: rec.download_url!, headers: bob.headers })).statusCode).toBe(404);
  });

  it('refuses an "Ogg Theora" upload that ffmpeg would read as a playlist of another user’s video, before any record exists', async () => {
    const own = await upload(alice, 'video', readFileSync(fx.mp4), 'личное.mp4');
    expect(own.statusCode, own.body).toBe(201);
    await settle();
    // The stored original (no URL names it: what is served of a video is the MP4 made from it).
    const { original_key: ownKey } = await t.db
      .selectFrom('media')
      .select('original_key')
      .where('id', '=', own.json<{ id: number }>().id)
      .executeTakeFirstOrThrow();
    const victim = await localFileOf(t.storage, ownKey, dir);

    const rows = await rowCount();
    const files = await mediaFiles();
    const res = await upload(bob, 'video', theoraDisguisedPlaylist(victim), 'clip.ogv');
    await settle();
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json()).toEqual({ file: ['Не удалось обработать видеозапись'] });
    expect(await rowCount()).toBe(rows);
    expect(await mediaFiles()).toEqual(files);
    expect((await t.app.inject({ url: '/api/media/video/', headers: bob.headers })).json()).toEqual([]);
  });

  it('stops any run in which ffmpeg opened the input as another demuxer than the one asked for', async () => {
    const file = path.join(dir, `${path.basename(bin)}-probed.aac`);
    writeFileSync(file, adtsDisguisedPlaylist(fx.audio.mp3));
    // No forced demuxer here, so ffmpeg probes and opens the playlist: the check on what it reports catches it.
    const run = runFfmpeg(bin, ['-v', 'info', '-nostats', '-i', file, '-f', 'null', '-'], { timeoutMs: 30_000, opens: 'aac' });
    await expect(run).rejects.toThrow(/opened the input as hls/);
  });

  it('runs short recordings waiting together as one ffmpeg run, and runs them one by one when a hostile file among them fails it', async () => {
    // ffmpeg behind a script that notes each start, so the test counts the runs.
    const runs = path.join(dir, `${path.basename(bin)}-runs.log`);
    const counting = path.join(dir, `${path.basename(bin)}-counting.sh`);
    writeFileSync(counting, `#!/bin/sh\necho run >> '${runs}'\nexec '${bin}' "$@"\n`, { mode: 0o755 });
    const processor = createProcessor({ ffmpegPath: counting, concurrency: 1 });
    const started = () => readFileSync(runs, 'utf8').split('\n').filter(Boolean).length;
    const hostile = path.join(dir, `${path.basename(bin)}-batch.aac`);
    writeFileSync(hostile, adtsDisguisedPlaylist(fx.audio.mp3));
    const analyze = (file: string, container: string, i: number) => {
      const mp3Output = path.join(dir, `${path.basename(bin)}-batch-${i}.mp3`);
      return processor.analyzeAudio({ path: file, container }, { mp3Output, batch: true }).then((a) => ({ ...a, mp3Output }));
    };
    const ordinary = [
      [fx.audio.pipedWebm, 'webm'],
      [fx.audio.ogg, 'ogg'],
      [fx.audio.m4a, 'm4a'],
      [fx.audio.wav, 'wav'],
    ] as const;

    writeFileSync(runs, '');
    const together = await Promise.all(ordinary.map(([file, container], i) => analyze(file, container, i)));
    expect(started()).toBe(1);
    for (const a of together) {
      expect(Math.abs(a.duration - 2)).toBeLessThan(0.1);
      expect(a.peaks.some((p) => p > 0.5)).toBe(true);
      expect(Math.abs((await decodedDuration(a.mp3Output)) - 2)).toBeLessThan(0.2);
    }

    writeFileSync(runs, '');
    const inputs = [ordinary[0], [hostile, 'aac'] as const, ordinary[1], ordinary[2]];
    const outcomes = await Promise.allSettled(inputs.map(([file, container], i) => analyze(file, container, 10 + i)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    // The shared run, then each alone: only the hostile file failed.
    expect(started()).toBe(1 + inputs.length);
    for (const o of outcomes) if (o.status === 'fulfilled') expect(Math.abs(o.value.duration - 2)).toBeLessThan(0.1);
  });

  it('reads only ffmpeg’s own report of each input in a shared run, never a file’s tag written to look like one', async () => {
    const runs = path.join(dir, `${path.basename(bin)}-tag-runs.log`);
    const counting = path.join(dir, `${path.basename(bin)}-tag-counting.sh`);
    writeFileSync(counting, `#!/bin/sh\necho run >> '${runs}'\nexec '${bin}' "$@"\n`, { mode: 0o755 });
    writeFileSync(runs, '');
    // Its title, printed under input #0, claims that input #1 was opened as AAC.
    const tagged = path.join(dir, `${path.basename(bin)}-tagged.webm`);
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      '-c:a',
      'libopus',
      '-metadata',
      "title=x\nInput #1, aac, from 'y':",
      tagged,
    ]);
    const processor = createProcessor({ ffmpegPath: counting, concurrency: 1 });
    const both = await Promise.all(
      [tagged, fx.audio.pipedWebm].map((file) => processor.analyzeAudio({ path: file, container: 'webm' }, { batch: true })),
    );
    for (const a of both) expect(Math.abs(a.duration - 2)).toBeLessThan(0.1);
    expect(readFileSync(runs, 'utf8').split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('fails only the hostile recording of several processed at the same time', async () => {
    const carol = await createUser(t, 'carol');
    const files = await mediaFiles();
    const sent = [
      [fx.audio.pipedWebm, 'a.webm'],
      [fx.audio.ogg, 'b.ogg'],
      [Buffer.from(adtsDisguisedPlaylist(fx.audio.mp3)), 'voice.aac'],
      [fx.audio.m4a, 'c.m4a'],
      [fx.audio.wav, 'd.wav'],
    ] as const;
    const ids: number[] = [];
    for (const [file, name] of sent) {
      const res = await upload(carol, 'audio', typeof file === 'string' ? readFileSync(file) : file, name);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
      ids.push(bodyOf(res, audioRecordSchema).id);
    }
    await settle();
    const records = await Promise.all(ids.map((id) => processed(t, carol, 'audio', id)));
    expect(records.map((r) => r.status)).toEqual(['ready', 'ready', 'failed', 'ready', 'ready']);
    expect(records[2]).toMatchObject({ failure_reason: 'Не удалось обработать аудиозапись', duration: null, waveform_data: [] });
    for (const r of records.filter((r) => r.status === 'ready')) expect(Math.abs(r.duration! - 2)).toBeLessThan(0.1);
    // Each ready record has its MP3; the failed one keeps only its original.
    const added = (await mediaFiles()).filter((f) => !files.includes(f));
    expect(added.filter((f) => f.endsWith('.mp3'))).toHaveLength(4);
    expect(added).toHaveLength(4 * 2 + 1);
  });

  it('still processes ordinary recordings: a browser webm and an AAC in MP4, duration and MP3 included', async () => {
    for (const [file, mime] of [
      [fx.audio.pipedWebm, 'audio/webm'],
      [fx.audio.m4a, 'audio/mp4'],
    ] as const) {
      const res = await upload(bob, 'audio', readFileSync(file), path.basename(file));
      expect(res.statusCode, res.body).toBe(201);
      const rec = await processed(t, bob, 'audio', bodyOf(res, audioRecordSchema).id);
      expect(rec).toMatchObject({ mime_type: mime, status: 'ready' });
      expect(Math.abs(rec.duration! - 2)).toBeLessThan(0.1);
      const mp3 = path.join(dir, `${path.basename(bin)}-${rec.id}.mp3`);
      const play = await t.app.inject({ url: pathOf(rec.audio_file!) });
      expect(play.headers['content-type']).toBe('audio/mpeg');
      writeFileSync(mp3, play.rawPayload);
      expect(Math.abs((await decodedDuration(mp3)) - 2)).toBeLessThan(0.2);
    }
  });

  it('still processes ordinary videos: a webm to transcode and an H.264 MP4 to remux', async () => {
    for (const [file, mime] of [
      [fx.webm, 'video/webm'],
      [fx.mp4, 'video/mp4'],
    ] as const) {
      const res = await upload(bob, 'video', readFileSync(file), path.basename(file));
      expect(res.statusCode, res.body).toBe(201);
      await settle();
      const rec = bodyOf(
        await t.app.inject({ url: `/api/media/video/${bodyOf(res, videoRecordSchema).id}/`, headers: bob.headers }),
        videoRecordSchema,
      );
      expect(rec).toMatchObject({ mime_type: mime, status: 'ready', width: 320, height: 240 });
      expect(Math.abs(rec.duration! - 2)).toBeLessThan(0.15);
      expect(rec.playable).toMatch(/-play\.mp4\?exp=/);
      expect(rec.poster).toMatch(/-poster\.jpg\?exp=/);
      const out = path.join(dir, `${path.basename(bin)}-${rec.id}.mp4`);
      writeFileSync(out, (await t.app.inject({ url: pathOf(rec.playable!) })).rawPayload);
      expect(Math.abs((await decodedDuration(out)) - 2)).toBeLessThan(0.2);
    }
  });
});
