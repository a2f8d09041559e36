import { Transform, type Readable } from 'node:stream';
import { fileTypeFromTokenizer } from 'file-type';
import { fromStream } from 'strtok3/core';
import { StorageUnavailable } from '../storage/storage.ts';

/** What the bytes are, by magic numbers (never by the client's file name or Content-Type). */
export interface Detected {
  ext: string;
  mime: string;
}

/**
 * Detects from a stream of the stored bytes, reading only as far as the detection needs (the rest is
 * never fetched: the stream is destroyed). `size` is the whole file's, so every detector bounds its
 * reads by the file as it would reading the file from disk.
 *
 * Bytes that cannot be parsed are "no known type" (null: the uploader's file). Bytes that cannot be read are
 * the storage's failure, and so is a read that ends before `size` bytes with no error: what was stored is
 * whole (its size was counted as it went in), so a shorter read says nothing of the file.
 */
export async function detectStream(source: Readable, size: number): Promise<Detected | null> {
  let readError: Error | undefined;
  let received = 0;
  let ended = false;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      ended = true;
      done();
    },
  });
  source.once('error', (err: Error) => {
    readError = err;
    counted.destroy(err);
  });
  source.pipe(counted);
  let found: Awaited<ReturnType<typeof fileTypeFromTokenizer>>;
  try {
    found = await fileTypeFromTokenizer(fromStream(counted, { fileInfo: { size } }));
  } catch {
    if (readError) throw readError;
    found = undefined;
  } finally {
    source.destroy();
    counted.destroy();
  }
  if (found) return { ext: found.ext, mime: found.mime };
  if (ended && received < size) throw new StorageUnavailable(new Error(`the stored file gave ${received} of its ${size} bytes`));
  return null;
}

/** Audio containers we take, normalised to the extension we store and the type we serve. */
export function acceptAudio(d: Detected): Detected | null {
  switch (d.ext) {
    case 'webm':
      return { ext: 'webm', mime: 'audio/webm' };
    case 'ogg':
    case 'opus':
    case 'oga':
      return { ext: 'ogg', mime: 'audio/ogg' };
    case 'm4a':
    case 'mp4':
      return { ext: 'm4a', mime: 'audio/mp4' };
    case 'aac':
      return { ext: 'aac', mime: 'audio/aac' };
    case 'mp3':
      return { ext: 'mp3', mime: 'audio/mpeg' };
    case 'wav':
      return { ext: 'wav', mime: 'audio/wav' };
    default:
      return null;
  }
}

export function acceptVideo(d: Detected): Detected | null {
  switch (d.ext) {
    case 'webm':
      return { ext: 'webm', mime: 'video/webm' };
    case 'mp4':
    case 'm4v':
      return { ext: 'mp4', mime: 'video/mp4' };
    case 'mov':
      return { ext: 'mov', mime: 'video/quicktime' };
    case 'ogv':
    case 'ogg':
      return { ext: 'ogv', mime: 'video/ogg' };
    case 'mkv':
      return null;
    default:
      return null;
  }
}

export function acceptPhoto(d: Detected): Detected | null {
  switch (d.ext) {
    case 'jpg':
      return { ext: 'jpg', mime: 'image/jpeg' };
    case 'png':
      return { ext: 'png', mime: 'image/png' };
    case 'webp':
      return { ext: 'webp', mime: 'image/webp' };
    case 'gif':
      return { ext: 'gif', mime: 'image/gif' };
    case 'heic':
      return { ext: 'heic', mime: 'image/heic' };
    case 'avif':
      return { ext: 'avif', mime: 'image/avif' };
    default:
      return null;
  }
}

/**
 * The ffmpeg demuxer for each stored audio/video extension (what accept*() returns). ffmpeg opens a
 * user's file only as this demuxer: left to probe, it may read the bytes as something file-type did
 * not (an HLS playlist behind an ID3 tag, say) and open other files. Every name here exists in the
 * ffmpeg on PATH and in the old static fallback build (`ffmpeg -demuxers`).
 */
const DEMUXERS: Record<string, string> = {
  webm: 'matroska',
  ogg: 'ogg',
  ogv: 'ogg',
  m4a: 'mov',
  mp4: 'mov',
  mov: 'mov',
  aac: 'aac',
  mp3: 'mp3',
  wav: 'wav',
};

/** The demuxer ffmpeg must use for a stored container, or null when ffmpeg must not open it at all. */
export function demuxerFor(container: string): string | null {
  return Object.hasOwn(DEMUXERS, container) ? DEMUXERS[container]! : null;
}

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  avif: 'image/avif',
};
const AUDIO_TYPES: Record<string, string> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
};
const VIDEO_TYPES: Record<string, string> = {
  webm: 'video/webm',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  ogv: 'video/ogg',
  mp3: 'audio/mpeg',
};

/**
 * Content-Type of a stored key, from its extension and the folder it sits in
 * (`u/1/audio/x.webm` is audio/webm, `u/1/video/x.webm` video/webm). Unknown → octet-stream.
 */
export function mimeForKey(key: string): string {
  const parts = key.split('/');
  const folder = parts[2] ?? '';
  const ext = (parts.at(-1)!.split('.').pop() ?? '').toLowerCase();
  if (IMAGE_TYPES[ext]) return IMAGE_TYPES[ext];
  if (folder === 'video' && VIDEO_TYPES[ext]) return VIDEO_TYPES[ext];
  if (AUDIO_TYPES[ext]) return AUDIO_TYPES[ext];
  if (VIDEO_TYPES[ext]) return VIDEO_TYPES[ext];
  return 'application/octet-stream';
}
