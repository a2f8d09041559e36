import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ffmpeg, tempDir } from './media-fixtures.ts';

const TONE_CODECS = { mp3: 'libmp3lame', wav: 'pcm_s16le' } as const;

/** The bytes of a 1 s 440 Hz tone as an MP3 or a WAV file, made by ffmpeg in a temporary folder. */
export async function toneBytes(format: keyof typeof TONE_CODECS): Promise<Buffer> {
  const file = path.join(await tempDir(), `a.${format}`);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', TONE_CODECS[format], file]);
  return readFileSync(file);
}

/** A PNG of one colour: a photo as small as a test needs. */
export function solidPng(width: number, height: number, background: sharp.Color): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}
