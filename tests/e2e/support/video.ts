import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpeg } from '../../../server/media/processing/ffmpeg.ts';

/**
 * A 2 s H.264 MP4 of `size` (WxH) in one colour, made by ffmpeg; with `filmedAt`, its container says it was filmed
 * then (creation_time, UTC).
 */
export function clip(size: string, hue: number, filmedAt?: string): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kopilka-clip-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    execFileSync(resolveFfmpeg(process.env.FFMPEG_PATH), [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `color=c=0x${hue.toString(16).padStart(6, '0')}:size=${size}:rate=10:duration=2`],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', ...(filmedAt ? ['-metadata', `creation_time=${filmedAt}`] : []), file],
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
