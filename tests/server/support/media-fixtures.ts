import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { signAccessToken } from '../../../server/auth/access-token.ts';
import { resolveFfmpeg } from '../../../server/media/ffmpeg.ts';
import type { TestApp } from './test-app.ts';

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

/** Duration as ffmpeg reads it after decoding the whole file (independent of our code). */
export async function decodedDuration(file: string): Promise<number> {
  const { stderr } = await run(ffmpegBin, ['-hide_banner', '-nostdin', '-i', file, '-f', 'null', '-'], { maxBuffer: 64 * 1024 * 1024 });
  const times = [...stderr.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
  const last = times.at(-1);
  if (!last) throw new Error('ffmpeg printed no time');
  return Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]);
}

/** A user row straight in the database (no dependency on the accounts API) and a bearer token for it. */
export async function createUser(t: TestApp, name = `u${Math.random().toString(36).slice(2, 10)}`) {
  const now = t.clock.now().toISOString();
  const row = await t.db
    .insertInto('users')
    .values({
      email: `${name}@example.com`,
      username: name,
      first_name: 'Тест',
      last_name: 'Пользователь',
      phone: null,
      password_hash: 'not-a-real-hash',
      photo_key: null,
      is_active: 1,
      is_email_verified: 1,
      is_phone_verified: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await signAccessToken(t.config.secretKey, row.id, t.clock);
  return { id: row.id, token, headers: { authorization: `Bearer ${token}` } };
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
