import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../server/clock.ts';
import { createDb } from '../../../server/db/kysely.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { ffmpeg, insertConfirmedUser, listFiles, multipart, tempDir } from '../support/media-fixtures.ts';
import { HOME_ONLY_EXPORT, writeExport } from '../support/web-export.ts';
import { freePort, startApiProcess, type ApiProcess } from '../../support/processes.ts';
import { until } from '../../support/until.ts';

/**
 * `kill -9` of the real server process (server/process/api.ts, as `npm start` runs it) while an upload
 * streams in, a video job runs and a deletion has just been answered; then a new start. Once its
 * jobs have run, nothing is left without a row, no row lacks its bytes, and no work folder remains.
 */
const SECRET_KEY = 'process-kill-test-secret-key-0123456789abcdef';
/** Short claims, so the killed process's jobs are taken over within the test's patience. */
const LEASE_SECONDS = '3';

describe('a server killed with SIGKILL mid-upload (a recording, an avatar), mid-job and just after a deletion', () => {
  let dir: string;
  let dataDir: string;
  let port: number;
  let server: ApiProcess | null = null;
  let headers: Record<string, string>;
  let userId: number;
  const fx = { video: '', wav: '', mp3: '' };

  const media = () => path.join(dataDir, 'media');
  const workFolders = () => (existsSync(path.join(dataDir, 'work', 'jobs')) ? readdirSync(path.join(dataDir, 'work', 'jobs')) : []);
  const url = (p: string) => `http://127.0.0.1:${port}${p}`;

  async function start(): Promise<void> {
    server = startApiProcess({
      PORT: String(port),
      DATA_DIR: dataDir,
      OUT_DIR: path.join(dir, 'out'),
      SECRET_KEY,
      JOB_LEASE_SECONDS: LEASE_SECONDS,
    });
    // A minute: on two cores shared with other test runs, tsx's start alone has taken over 20 s.
    await until('the server to answer', async () => (await fetch(url('/api/health/')).catch(() => null))?.ok === true, 60_000);
  }

  async function kill(): Promise<void> {
    await server!.stop('SIGKILL');
    server = null;
  }

  const post = async (kind: string, field: string, file: string, title: string) => {
    const body = multipart({ title }, { field, filename: path.basename(file), data: readFileSync(file) });
    const res = await fetch(url(`/api/media/${kind}/`), {
      method: 'POST',
      headers: { ...headers, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };

  /** Starts a multipart upload of `field` and keeps it open after `bytes` (a WAV header first): the process is killed while it streams in. */
  function hangingUpload(pathname: string, field: string, bytes: number): http.ClientRequest {
    const boundary = '----kopilkakill';
    const req = http.request(url(pathname), {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(bytes * 4) },
    });
    req.on('error', () => {}); // the server dies under it
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="long.wav"\r\n\r\n`);
    const wav = readFileSync(fx.wav);
    req.write(wav.subarray(0, 44));
    req.write(Buffer.alloc(bytes, 1));
    return req;
  }

  /** Every key a row names (records and avatars), and the state of records and jobs, read from the database file. */
  function database() {
    const db = new Database(path.join(dataDir, 'kopilka.sqlite'), { readonly: true });
    try {
      const records = db
        .prepare('SELECT id, status, original_key, playable_key, thumbnail_key, preview_key, poster_key FROM media')
        .all() as {
        id: number;
        status: string;
        [column: string]: string | number | null;
      }[];
      const keys = new Set<string>();
      for (const r of records)
        for (const k of ['original_key', 'playable_key', 'thumbnail_key', 'preview_key', 'poster_key']) if (r[k]) keys.add(r[k] as string);
      for (const u of db.prepare('SELECT photo_key FROM users WHERE photo_key IS NOT NULL').all() as { photo_key: string }[])
        keys.add(u.photo_key);
      const jobs = db.prepare('SELECT kind, dedupe_key FROM jobs').all() as { kind: string; dedupe_key: string | null }[];
      return { records, keys, jobs };
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    dir = await tempDir('kopilka-kill-');
    dataDir = path.join(dir, 'data');
    writeExport(path.join(dir, 'out'), HOME_ONLY_EXPORT);
    port = await freePort();

    fx.wav = path.join(dir, 'tone.wav');
    fx.mp3 = path.join(dir, 'tone.mp3');
    // MPEG-4 Part 2, quick to make and converted to H.264 by the server: long enough that the
    // conversion is still running when the process is killed.
    fx.video = path.join(dir, 'long.mp4');
    await Promise.all([
      ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'pcm_s16le', fx.wav]),
      ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libmp3lame', fx.mp3]),
      ffmpeg(['-f', 'lavfi', '-i', 'testsrc=duration=10:size=1280x720:rate=25', '-c:v', 'mpeg4', '-q:v', '5', fx.video]),
    ]);

    // The account, straight in the database the server will open.
    mkdirSync(dataDir, { recursive: true });
    const db = createDb({ dialect: 'sqlite', file: path.join(dataDir, 'kopilka.sqlite') });
    await migrate(db);
    const user = await insertConfirmedUser(db, SECRET_KEY, systemClock, 'kill');
    userId = user.id;
    headers = user.headers;
    await db.destroy();
  });

  afterAll(async () => {
    if (server) await kill();
  });

  it('leaves no bytes without a row, no row without its bytes and no work folder once started again', { timeout: 120_000 }, async () => {
    await start();
    // A recording saved and processed, to be deleted just before the kill.
    const doomed = await post('audio', 'audio_file', fx.mp3, 'на удаление');
    await until('the recording to be processed', async () => database().records.find((r) => r.id === doomed)?.status === 'ready');

    // A video whose conversion is under way: its run's work folder holds the poster, the MP4 is being made.
    const video = await post('video', 'file', fx.video, 'длинное');
    await until('the video job to be under way', () =>
      workFolders().some((f) => listFiles(path.join(dataDir, 'work', 'jobs', f)).length > 0),
    );
    // Uploads streaming in, a recording and an avatar: their bytes are being written.
    const upload = hangingUpload('/api/media/audio/', 'audio_file', 8 * 1024 * 1024);
    const avatar = hangingUpload('/api/auth/profile/photo/', 'photo', 2 * 1024 * 1024);
    await until('the uploads to be written', () => {
      const files = listFiles(media());
      return files.some((f) => f.includes('/audio/') && f.includes('.upload')) && files.some((f) => f.includes('/avatar/'));
    });
    // To the trash, then out of it for good: its bytes go by a purge job.
    expect((await fetch(url(`/api/media/audio/${doomed}/`), { method: 'DELETE', headers })).status).toBe(204);
    expect((await fetch(url(`/api/media/trash/audio/${doomed}/`), { method: 'DELETE', headers })).status).toBe(204);

    await kill();
    upload.destroy();
    avatar.destroy();
    const left = database();
    expect(left.records.find((r) => r.id === video)?.status).toBe('processing');
    expect(workFolders().length).toBeGreaterThan(0);
    expect(listFiles(media()).some((f) => f.includes('.upload'))).toBe(true);

    await start();
    // The killed process's claims run out after a few seconds; its jobs are then taken over.
    await until(
      'the new process to finish what the killed one left',
      () => {
        const now = database();
        // Only the recurring jobs (the reconciliation, the trash's purge …) stay, each one row for good.
        return now.records.every((r) => r.status === 'ready') && now.jobs.every((j) => j.dedupe_key !== null);
      },
      90_000,
    );
    const end = database();
    expect(end.records.map((r) => r.id).sort()).toEqual([video]);
    const stored = listFiles(media());
    expect(
      stored.filter((f) => !end.keys.has(f)),
      'bytes without a row',
    ).toEqual([]);
    expect(
      [...end.keys].filter((k) => !stored.includes(k)),
      'rows without their bytes',
    ).toEqual([]);
    expect(stored.filter((f) => f.startsWith(`u/${userId}/video/`))).toHaveLength(3); // original, MP4, poster
    expect(workFolders()).toEqual([]);
    expect(server!.stderr()).not.toMatch(/unhandled|uncaught/i);
  });
});
