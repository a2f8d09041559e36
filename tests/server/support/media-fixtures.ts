import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { newUserRow } from '../../../server/accounts/users.ts';
import { AuthRepository } from '../../../server/auth/repository.ts';
import { Sessions } from '../../../server/auth/sessions.ts';
import type { Clock } from '../../../server/clock.ts';
import type { Config } from '../../../server/config.ts';
import type { Db } from '../../../server/db/kysely.ts';
import { resolveFfmpeg } from '../../../server/media/processing/ffmpeg.ts';

const run = promisify(execFile);
export const ffmpegBin = resolveFfmpeg(process.env.FFMPEG_PATH);

/** Runs ffmpeg quietly; fixtures are generated per run, never committed. */
export async function ffmpeg(args: string[]): Promise<void> {
  await run(ffmpegBin, ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], { maxBuffer: 64 * 1024 * 1024 });
}

export async function tempDir(prefix = 'kopilka-fx-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];

/** A 3 s (by default) 440 Hz tone in every container the audio API accepts. */
export async function audioFixtures(dir: string, seconds = 3) {
  const files = {
    webm: path.join(dir, 'tone.webm'),
    ogg: path.join(dir, 'tone.ogg'),
    m4a: path.join(dir, 'tone.m4a'),
    aac: path.join(dir, 'tone.aac'),
    mp3: path.join(dir, 'tone.mp3'),
    wav: path.join(dir, 'tone.wav'),
    /** Written to a pipe: like Chromium's MediaRecorder output, its header has no duration. */
    pipedWebm: path.join(dir, 'piped.webm'),
  };
  await Promise.all([
    ffmpeg([...tone(seconds), '-c:a', 'libopus', files.webm]),
    ffmpeg([...tone(seconds), '-c:a', 'libvorbis', files.ogg]),
    ffmpeg([...tone(seconds), '-c:a', 'aac', files.m4a]),
    ffmpeg([...tone(seconds), '-c:a', 'aac', '-f', 'adts', files.aac]),
  ]);
  await Promise.all([
    ffmpeg([...tone(seconds), '-c:a', 'libmp3lame', files.mp3]),
    ffmpeg([...tone(seconds), '-c:a', 'pcm_s16le', files.wav]),
    pipeToFile([...tone(seconds), '-c:a', 'libopus', '-f', 'webm', 'pipe:1'], files.pipedWebm),
  ]);
  return files;
}

/** ffmpeg writing to stdout (non-seekable, so no duration or cues get written back into the header). */
async function pipeToFile(args: string[], out: string): Promise<void> {
  const { spawn } = await import('node:child_process');
  const { createWriteStream } = await import('node:fs');
  const { pipeline } = await import('node:stream/promises');
  const child = spawn(ffmpegBin, ['-hide_banner', '-nostdin', '-v', 'error', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
  });
  await Promise.all([pipeline(child.stdout, createWriteStream(out)), done]);
}

let copies = 0;

/**
 * The same media under another title tag (a stream copy): a file of its own, for tests that store
 * one recording several times for one user (the same bytes twice are refused as already kept).
 */
export async function distinctCopy(file: string): Promise<Buffer> {
  copies += 1;
  const copy = file.replace(/(\.\w+)$/, `-copy${copies}$1`);
  await ffmpeg(['-i', file, '-map', '0', '-c', 'copy', '-metadata', `title=copy ${copies}`, copy]);
  return readFileSync(copy);
}

/** Duration as ffmpeg reads it after decoding the whole file (independent of our code). */
export async function decodedDuration(file: string): Promise<number> {
  const { stderr } = await run(ffmpegBin, ['-hide_banner', '-nostdin', '-i', file, '-f', 'null', '-'], { maxBuffer: 64 * 1024 * 1024 });
  const times = [...stderr.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
  const last = times.at(-1);
  if (!last) throw new Error('ffmpeg printed no time');
  return Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]);
}

/** What the helpers below take of a test app (test-app.ts): its database, config and clock. */
type AppParts = { db: Db; config: Pick<Config, 'secretKey'>; clock: Clock };

/** A user row straight in the database (no dependency on the accounts API) and a bearer token for it. */
export async function createUser(t: AppParts, name = `u${Math.random().toString(36).slice(2, 10)}`) {
  return insertConfirmedUser(t.db, t.config.secretKey, t.clock, name);
}

/** A confirmed user `name` inserted into `db`, with a session whose access token is signed with `secretKey`. */
export async function insertConfirmedUser(db: Db, secretKey: string, clock: Clock, name: string) {
  const now = clock.now().toISOString();
  const row = await db
    .insertInto('users')
    .values(
      newUserRow(
        {
          email: `${name}@example.com`,
          username: name,
          first_name: 'Тест',
          last_name: 'Пользователь',
          password_hash: 'not-a-real-hash',
          is_email_verified: 1,
        },
        now,
      ),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return startSession(db, secretKey, clock, row.id);
}

/** A new session of the user, valid from the test clock's now: its id, bearer token and the header carrying it. */
export async function signIn(t: AppParts, userId: number) {
  return startSession(t.db, t.config.secretKey, t.clock, userId);
}

async function startSession(db: Db, secretKey: string, clock: Clock, userId: number) {
  const { access: token } = (await new Sessions(new AuthRepository(db), secretKey, clock).start(userId, 0))!;
  return { id: userId, token, headers: { authorization: `Bearer ${token}` } };
}

export interface FilePart {
  field: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body for app.inject. */
export function multipart(
  fields: Record<string, string>,
  file?: FilePart,
  opts: { fileFirst?: boolean } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kopilka${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  const addFields = () => {
    for (const [name, value] of Object.entries(fields)) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
  };
  if (!opts.fileFirst) addFields();
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  if (opts.fileFirst) addFields();
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under dir (relative paths), to prove nothing is left behind. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries: string[];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(path.relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

/** Path + query of a signed URL (root-relative or absolute), for app.inject. */
export const pathOf = (url: string) => {
  const u = new URL(url, 'http://origin.invalid');
  return u.pathname + u.search;
};

/**
 * The ffmpeg builds the product may run, each once: the one on PATH (Debian's) and the static build
 * @ffmpeg-installer/ffmpeg ships as the fallback (an old 4.x).
 */
export function ffmpegBuilds(): { name: string; bin: string }[] {
  const require = createRequire(import.meta.url);
  const fallback = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const onPath = resolveFfmpeg();
  return onPath === fallback
    ? [{ name: 'the npm fallback ffmpeg', bin: fallback }]
    : [
        { name: 'the ffmpeg on PATH', bin: onPath },
        { name: 'the npm fallback ffmpeg', bin: fallback },
      ];
}

/**
 * ID3v2.4 header with the footer flag set and a size of 0. file-type skips 10 bytes (the header),
 * ffmpeg skips 20 (header and footer): the two read different bytes as the start of the file.
 */
const ID3_FOOTER_ZERO = Buffer.from('49443304001000000000', 'hex');

/** An HLS playlist whose one segment is a local file. */
const playlistOf = (target: string) => `#EXTM3U\n#EXT-X-TARGETDURATION:7\n#EXTINF:7,\nfile://${target}\n#EXT-X-ENDLIST\n`;

/**
 * The hostile "audio" file: file-type sees ID3 then an ADTS frame header (audio/aac); ffmpeg, left to
 * probe, sees an HLS playlist that plays `target` (another user's stored file).
 */
export function adtsDisguisedPlaylist(target: string): Buffer {
  return Buffer.concat([ID3_FOOTER_ZERO, Buffer.from([0xff, 0xf1, 0x50, 0x80]), Buffer.alloc(6), Buffer.from(playlistOf(target))]);
}

/**
 * The hostile "video" file: file-type sees ID3, then an Ogg page whose first packet (28 bytes in) is a
 * Theora identification header (video/ogg); ffmpeg, left to probe, sees from byte 20 an HLS playlist
 * (the line holding `\x80theora` starts with '#', so the playlist parser skips it) that plays `target`.
 */
export function theoraDisguisedPlaylist(target: string): Buffer {
  const oggPage = Buffer.from([0x4f, 0x67, 0x67, 0x53, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00]); // "OggS", version 0, first page
  const file = Buffer.concat([
    ID3_FOOTER_ZERO,
    oggPage,
    Buffer.from('#EXTM3U\n#', 'latin1'),
    Buffer.alloc(9, 0x2d),
    Buffer.from('\x80theora\x03\x02\x01\n', 'latin1'),
    Buffer.from(playlistOf(target).slice('#EXTM3U\n'.length)),
  ]);
  if (file.toString('latin1', 38, 45) !== '\x80theora') throw new Error('the Theora header must sit 28 bytes into the Ogg page');
  return file;
}
