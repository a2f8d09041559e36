import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioRecordSchema } from '../../../contract/media.ts';
import { STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE_DETAIL } from '../../../server/http/errors.ts';
import { bodyOf, matching } from '../support/inject-json.ts';
import { audioFixtures, createUser, ffmpeg, multipart, pathOf, tempDir } from '../support/media-fixtures.ts';
import { processed, settle } from '../support/processing.ts';
import { makeReadOnly } from '../support/read-only-folder.ts';
import { s3Switch, type S3Switch } from '../support/s3-switch.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { tusClient } from '../support/tus.ts';
import { storedFiles } from '../support/test-storage.ts';
import type { Storage } from '../../../server/storage/storage.ts';

type User = Awaited<ReturnType<typeof createUser>>;
type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

/**
 * When the media storage cannot be used (a folder that refuses writes, a bucket that is stopped or stops
 * answering), every request that needs it answers 503 with a Russian message and Retry-After, whatever the
 * kind of upload or download, logged once with the storage's own words; never a generic 500, a «broken
 * form» 400, or a wait for as long as the bucket stays silent. One mechanism for both backends: the
 * adapters raise StorageUnavailable, the error handler answers it.
 */

interface Fixtures {
  wav: Buffer;
  jpeg: Buffer;
  webm: Buffer;
}

async function fixtures(): Promise<Fixtures> {
  const dir = await tempDir('kopilka-unavailable-');
  const audio = await audioFixtures(dir, 1);
  const webm = path.join(dir, 'clip.webm');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=15', '-c:v', 'libvpx', '-b:v', '100k', webm]);
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4080c0' } })
    .jpeg()
    .toBuffer();
  return { wav: readFileSync(audio.wav), jpeg, webm: readFileSync(webm) };
}

/** Every way a file goes in: the three kinds' multipart uploads, the avatar, and a tus creation. */
function uploads(t: TestApp, files: Fixtures) {
  const post = (user: User, url: string, field: string, filename: string, contentType: string, data: Buffer) => {
    const body = multipart({ title: 'во время сбоя' }, { field, filename, contentType, data });
    return t.app.inject({ method: 'POST', url, headers: { ...user.headers, ...body.headers }, payload: body.payload });
  };
  const tus = tusClient(t.app);
  return {
    audio: (u: User) => post(u, '/api/media/audio/', 'audio_file', 'tone.wav', 'audio/wav', files.wav),
    photo: (u: User) => post(u, '/api/media/photo/', 'file', 'photo.jpg', 'image/jpeg', files.jpeg),
    video: (u: User) => post(u, '/api/media/video/', 'file', 'clip.webm', 'video/webm', files.webm),
    avatar: (u: User) => post(u, '/api/auth/profile/photo/', 'photo', 'me.jpg', 'image/jpeg', files.jpeg),
    tus: (u: User) =>
      tus.create(u.headers, files.jpeg.length, { kind: 'photo', title: 'во время сбоя', filename: 'photo.jpg' }, files.jpeg),
  };
}

/** Log lines as the app writes them (JSON), and how many of them report the storage unavailable. */
function logLines() {
  const lines: { msg?: string; err?: { message?: string; cause?: unknown } }[] = [];
  return {
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
    take: () => lines.splice(0).filter((l) => l.msg === 'media storage unavailable'),
  };
}

function expectUnavailable(res: Answer, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
  if (!what.includes('HEAD')) expect(res.json(), what).toEqual({ detail: STORAGE_UNAVAILABLE_DETAIL });
  expect(res.headers['retry-after'], what).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
}

describe('a media folder that refuses writes (read-only disk)', () => {
  let t: TestApp;
  let files: Fixtures;
  let alice: User;
  let undo = () => {};
  const log = logLines();

  beforeAll(async () => {
    files = await fixtures();
    t = await createTestApp({ storageKind: 'local', env: { LOG_LEVEL: 'error' }, app: { logStream: log.stream } });
    alice = await createUser(t, 'alice');
  });
  afterAll(async () => {
    undo();
    await t.close();
  });

  it('answers every upload 503 with the storage message and Retry-After, logged once with the cause; reads go on', async () => {
    const before = await uploads(t, files).audio(alice);
    expect(before.statusCode, before.body).toBe(201);
    const kept = matching(audioRecordSchema, await processed(t, alice, 'audio', bodyOf(before, audioRecordSchema).id));
    const media = path.join(t.dataDir, 'media');
    mkdirSync(media, { recursive: true });
    undo = makeReadOnly(media);
    log.take();

    for (const [what, send] of Object.entries(uploads(t, files))) {
      const res = await send(alice);
      const reported = log.take();
      expectUnavailable(res, what);
      expect(reported, what).toHaveLength(1);
      expect(JSON.stringify(reported[0]!.err), what).toMatch(/EROFS|EACCES/);
    }
    // A refused tus creation leaves no upload behind; no record, avatar or journal entry either.
    expect(await t.db.selectFrom('uploads').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('media').select('id').execute()).toEqual([{ id: kept.id }]);
    expect((await t.db.selectFrom('users').select('photo_key').where('id', '=', alice.id).executeTakeFirstOrThrow()).photo_key).toBeNull();

    // What is stored stays readable: the recording still downloads, and plays.
    expect((await t.app.inject({ url: pathOf(kept.audio_file as string) })).statusCode).toBe(200);
    const download = await t.app.inject({ url: `/api/media/audio/${kept.id}/download/?format=original`, headers: alice.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(files.wav)).toBe(true);
  });
});

describe('a bucket that stops answering, or is stopped', () => {
  let t: TestApp;
  let files: Fixtures;
  let s3: S3Switch;
  const log = logLines();
  /** The bucket's time limit here: a silent bucket fails a request after a second without a byte. */
  const TIMEOUT_MS = 1_000;

  beforeAll(async () => {
    files = await fixtures();
    s3 = await s3Switch();
    t = await createTestApp({
      env: { ...s3.env, S3_TIMEOUT_SECONDS: String(TIMEOUT_MS / 1000), S3_CONNECT_TIMEOUT_SECONDS: '1', LOG_LEVEL: 'error' },
      app: { logStream: log.stream },
    });
  });
  afterAll(async () => {
    await s3.set('pass');
    await t.close();
    await s3.close();
  });

  /** Each request that needs the bucket, timed. */
  async function everyRequest(alice: User, kept: { id: number; audio_file: string }, staged: string) {
    const tus = tusClient(t.app);
    const requests: [string, () => Promise<Answer>][] = [
      ...Object.entries(uploads(t, files)).map(([what, send]) => [what, () => send(alice)] as [string, () => Promise<Answer>]),
      ['signed /media/ link', () => t.app.inject({ url: pathOf(kept.audio_file) })],
      ['download', () => t.app.inject({ url: `/api/media/audio/${kept.id}/download/`, headers: alice.headers })],
      ['tus HEAD', () => tus.head(alice.headers, staged)],
      ['tus PATCH', () => tus.patch(alice.headers, staged, 0, files.jpeg)],
    ];
    const answers: { what: string; res: Answer; ms: number; logged: number }[] = [];
    for (const [what, send] of requests) {
      const started = performance.now();
      const res = await send();
      answers.push({ what, res, ms: performance.now() - started, logged: log.take().length });
    }
    return answers;
  }

  it.each(['freeze', 'refuse'] as const)(
    'answers every upload and download 503 within the time limit (%s), logged once each, and works again after',
    async (fault) => {
      await s3.set('pass');
      const alice = await createUser(t);
      const first = await uploads(t, files).audio(alice);
      expect(first.statusCode, first.body).toBe(201);
      const kept = (await processed(t, alice, 'audio', bodyOf(first, audioRecordSchema).id)) as { id: number; audio_file: string };
      const staged = (await tusClient(t.app).create(alice.headers, files.jpeg.length + 1, { kind: 'photo', title: 'частями' })).headers
        .location as string;
      expect(staged).toMatch(/^\/api\/uploads\//);
      const uploadsBefore = (await t.db.selectFrom('uploads').select('id').execute()).map((r) => r.id);

      await s3.set(fault);
      log.take();
      for (const { what, res, ms, logged } of await everyRequest(alice, kept, staged)) {
        expectUnavailable(res, what);
        // Within the limit (a connection that is made, then nothing), plus the time of the request itself.
        expect(ms, what).toBeLessThan(TIMEOUT_MS + 1_500);
        expect(logged, what).toBe(1);
      }
      expect((await t.db.selectFrom('uploads').select('id').execute()).map((r) => r.id)).toEqual(uploadsBefore);

      await s3.set('pass');
      expect((await t.app.inject({ url: pathOf(kept.audio_file) })).statusCode).toBe(200);
      const download = await t.app.inject({ url: `/api/media/audio/${kept.id}/download/?format=original`, headers: alice.headers });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(files.wav)).toBe(true);
      expect((await tusClient(t.app).head(alice.headers, staged)).statusCode).toBe(200);
    },
  );
});

/** Reads of the stored bytes that end, with no error, after their first 2 bytes (too few to tell a JPEG): a body cut short. */
const cuttingReads = (s: Storage): Storage =>
  new Proxy(s, {
    get(target, prop, receiver) {
      if (prop === 'read')
        return (key: string, range?: { start: number; end: number }) => {
          const whole = target.read(key, range);
          async function* firstBytes() {
            let given = 0;
            for await (const chunk of whole) {
              const part = (chunk as Buffer).subarray(0, 2 - given);
              given += part.length;
              if (part.length) yield part;
              if (given >= 2) break;
            }
            whole.destroy();
          }
          return Readable.from(firstBytes(), { objectMode: false });
        };
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });

describe('a storage that gives back less than it keeps', () => {
  let t: TestApp;
  let files: Fixtures;
  let alice: User;

  beforeAll(async () => {
    files = await fixtures();
    t = await createTestApp({ wrapStorage: cuttingReads });
    alice = await createUser(t, 'alice');
  });
  afterAll(() => t.close());

  it('answers 503, not «not an image», when the content check gets a short read; its journal removes what it stored', async () => {
    const res = await uploads(t, files).photo(alice);
    expectUnavailable(res, 'photo upload read back short');
    // As for any upload the storage failed: its journal entry goes to the worker, which removes its bytes. A run
    // that meets the storage's trouble is tried again seconds later, which settle() (what is due now) does not wait
    // for: the worker is settled until the bytes are gone.
    await expect
      .poll(
        async () => {
          await settle(t);
          return storedFiles(t);
        },
        { timeout: 15_000 },
      )
      .toEqual([]);
  });
});
