import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { hashPassword } from '../server/accounts/passwords.ts';
import { newUserRow } from '../server/accounts/users.ts';
import { createDb, type Db } from '../server/db/kysely.ts';
import { migrate } from '../server/db/migrate.ts';
import type { NewMedia } from '../server/db/types.ts';
import { resolveFfmpeg } from '../server/media/processing/ffmpeg.ts';
import { compactPeaks } from '../server/media/processing/peaks.ts';
import { WAVEFORM_PEAKS } from '../server/media/processing/audio-processor.ts';

/**
 * A user's library of years, written straight into a DATA_DIR (SQLite, media on local disk) in seconds:
 * `photos` photo rows in bursts over three years (most with the camera's time and +03:00, some without
 * a zone, some in another zone, some with no date at all), and `recordings` recordings over two years
 * (some today and yesterday). Their files are real but shared: a few dozen distinct thumbnails, previews
 * and originals, and one MP3, named by every row that uses them (the files a row names are served to its
 * owner like any other). Deterministic for a given `seed` and `now`. For the timeline's benchmarks.
 */
export interface SeedOptions {
  dataDir: string;
  /** The DATA_DIR's database, migrated. */
  db: Db;
  userId: number;
  photos?: number;
  recordings?: number;
  /** The newest records are from just before this moment (default: now). */
  now?: Date;
  seed?: number;
}

export interface SeedReport {
  photos: number;
  recordings: number;
  /** Distinct months of the photos (their wall clocks; UTC for those without a camera date). */
  photoMonths: number;
  seconds: number;
}

/** Distinct pictures the photo rows share. */
const PICTURES = 16;
const ROWS_PER_INSERT = 500;

export async function seedLibrary(opts: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const { db, userId } = opts;
  const photoCount = opts.photos ?? 20_000;
  const recordingCount = opts.recordings ?? 5_000;
  const now = (opts.now ?? new Date()).getTime();
  let state = opts.seed ?? 20_261_126;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

  const media = path.join(opts.dataDir, 'media');
  const pictures = await writePictures(media, userId);
  const mp3 = await writeRecording(media, userId);

  // Photos: bursts (a walk, a birthday) going back from now, gaps between them drawn so that the whole
  // library spans about three years.
  const span = 3 * 365 * 86_400_000;
  const burstMean = 12;
  const gapMean = span / (photoCount / burstMean);
  const photoRows: NewMedia[] = [];
  const months = new Set<string>();
  let at = now - 3_600_000;
  while (photoRows.length < photoCount) {
    at -= Math.round(-Math.log(1 - random()) * gapMean);
    const size = Math.min(photoCount - photoRows.length, 1 + Math.floor(random() * 2 * burstMean));
    const form = random();
    for (let i = 0; i < size; i++) {
      const instant = at - i * (5_000 + Math.floor(random() * 120_000));
      const n = photoRows.length;
      const picture = pictures[n % PICTURES]!;
      const uploaded = Math.min(now - 60_000, instant + Math.floor(random() * 3 * 86_400_000));
      const taken = form < 0.75 ? zoned(instant, 3) : form < 0.85 ? zoned(instant, 3, false) : form < 0.9 ? zoned(instant, 7) : null;
      const created = new Date(taken ? uploaded : instant).toISOString();
      months.add((taken ?? created).slice(0, 7));
      photoRows.push({
        user_id: userId,
        kind: 'photo',
        title: n % 5 === 0 ? `Фото ${n}` : '',
        description: '',
        status: 'ready',
        original_key: picture.original,
        mime_type: 'image/jpeg',
        size: picture.originalSize,
        original_name: `IMG_${String(n).padStart(5, '0')}.jpg`,
        thumbnail_key: picture.thumbnail,
        preview_key: picture.preview,
        width: picture.width,
        height: picture.height,
        taken_at: taken,
        renditions_size: picture.renditionsSize,
        created_at: created,
        updated_at: created,
      });
    }
  }

  // Recordings: a few today and yesterday, then thinning out over two years.
  const audioRows: NewMedia[] = [];
  for (let n = 0; n < recordingCount; n++) {
    const back = n < 6 ? n * 3 * 3_600_000 : Math.pow(random(), 2) * 2 * 365 * 86_400_000;
    const created = new Date(now - 600_000 - back).toISOString();
    const duration = 3 + Math.floor(random() * 597);
    audioRows.push({
      user_id: userId,
      kind: 'audio',
      title: `Запись ${n + 1}`,
      description: n % 7 === 0 ? 'Заметка на ходу' : '',
      status: 'ready',
      original_key: mp3.key,
      mime_type: 'audio/mpeg',
      size: mp3.size,
      original_name: 'recording.mp3',
      playable_key: mp3.key,
      playable_mime: 'audio/mpeg',
      duration,
      waveform: JSON.stringify(
        compactPeaks(Array.from({ length: WAVEFORM_PEAKS }, (_, i) => Math.min(1, Math.abs(Math.sin((i + n) / 7)) * 0.6 + random() * 0.4))),
      ),
      renditions_size: 0,
      created_at: created,
      updated_at: created,
    });
  }

  await db.transaction().execute(async (trx) => {
    for (const rows of [photoRows, audioRows])
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
        await trx
          .insertInto('media')
          .values(rows.slice(i, i + ROWS_PER_INSERT))
          .execute();
  });
  return {
    photos: photoRows.length,
    recordings: audioRows.length,
    photoMonths: months.size,
    seconds: (performance.now() - started) / 1000,
  };
}

/** `taken_at` of an instant as a camera `hours` east of UTC shows it, with its offset or (`withOffset` false) without. */
function zoned(instant: number, hours: number, withOffset = true): string {
  const wall = new Date(instant + hours * 3_600_000).toISOString().slice(0, 19);
  return withOffset ? `${wall}+${String(hours).padStart(2, '0')}:00` : wall;
}

interface Picture {
  original: string;
  thumbnail: string;
  preview: string;
  originalSize: number;
  renditionsSize: number;
  width: number;
  height: number;
}

/** PICTURES distinct pictures (colour, number, landscape or portrait) as an original JPEG, a thumbnail and a preview. */
async function writePictures(media: string, userId: number): Promise<Picture[]> {
  const folder = `u/${userId}/photo`;
  mkdirSync(path.join(media, folder), { recursive: true });
  const made: Picture[] = [];
  for (let i = 0; i < PICTURES; i++) {
    const [width, height] = i % 4 === 3 ? [1200, 1600] : [1600, 1200];
    const hue = Math.round((i * 360) / PICTURES);
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
        `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/>` +
        `<stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,30%)"/></linearGradient></defs>` +
        `<rect width="100%" height="100%" fill="url(#g)"/>` +
        `<text x="50%" y="55%" font-size="${height / 4}" text-anchor="middle" fill="white" font-family="sans-serif">${i + 1}</text></svg>`,
    );
    const original = await sharp(svg).jpeg({ quality: 80 }).toBuffer();
    const thumbnail = await sharp(original).resize({ width: 400, height: 400, fit: 'inside' }).webp({ quality: 78, effort: 0 }).toBuffer();
    const preview = await sharp(original).webp({ quality: 85, effort: 0 }).toBuffer();
    const key = (name: string) => `${folder}/bench-${String(i).padStart(2, '0')}${name}`;
    const picture: Picture = {
      original: key('.jpg'),
      thumbnail: key('-thumb.webp'),
      preview: key('-preview.webp'),
      originalSize: original.length,
      renditionsSize: thumbnail.length + preview.length,
      width,
      height,
    };
    writeFileSync(path.join(media, picture.original), original);
    writeFileSync(path.join(media, picture.thumbnail), thumbnail);
    writeFileSync(path.join(media, picture.preview), preview);
    made.push(picture);
  }
  return made;
}

/** One 3-second MP3 the recordings share. */
async function writeRecording(media: string, userId: number): Promise<{ key: string; size: number }> {
  const key = `u/${userId}/audio/bench-tone.mp3`;
  const file = path.join(media, key);
  mkdirSync(path.dirname(file), { recursive: true });
  await promisify(execFile)(resolveFfmpeg(undefined), [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:duration=3',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    file,
  ]);
  return { key, size: readFileSync(file).length };
}

/** The account the command line makes: sign in with these. */
export const SEED_EMAIL = 'bench@example.com';
export const SEED_PASSWORD = 'bench-password';

/**
 * `npx tsx bench/seed-library.ts DATA_DIR [photos] [recordings]`: a DATA_DIR (made, migrated) with a
 * confirmed account bench@example.com / bench-password holding the library; then `DATA_DIR=… npm start`.
 */
async function main(argv: string[]): Promise<void> {
  const dataDir = path.resolve(argv[0] ?? (await mkdtemp(path.join(os.tmpdir(), 'kopilka-seed-'))));
  mkdirSync(dataDir, { recursive: true });
  const db = createDb({ dialect: 'sqlite', file: path.join(dataDir, 'kopilka.sqlite') });
  try {
    await migrate(db);
    const at = new Date().toISOString();
    const { id } = await db
      .insertInto('users')
      .values(
        newUserRow(
          {
            email: SEED_EMAIL,
            username: 'bench',
            first_name: 'Бенч',
            last_name: 'Пользователь',
            password_hash: await hashPassword(SEED_PASSWORD),
            is_email_verified: 1,
          },
          at,
        ),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const report = await seedLibrary({
      dataDir,
      db,
      userId: id,
      photos: argv[1] ? Number(argv[1]) : undefined,
      recordings: argv[2] ? Number(argv[2]) : undefined,
    });
    console.log(
      `${dataDir}: ${report.photos} photos over ${report.photoMonths} months and ${report.recordings} recordings in ${report.seconds.toFixed(1)} s; ` +
        `sign in as ${SEED_EMAIL} / ${SEED_PASSWORD} after DATA_DIR=${dataDir} npm start`,
    );
  } catch (err) {
    if (!argv[0]) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
