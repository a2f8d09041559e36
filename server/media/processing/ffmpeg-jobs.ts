// What the audio and video processors share when they run ffmpeg on a user's file.
import type { Readable } from 'node:stream';
import { demuxerFor } from '../content-types.ts';
import { FfmpegError, inputArgs, pipeInputArgs } from './ffmpeg.ts';
import type { MediaInput } from './types.ts';

/**
 * The niceness of the ffmpeg runs of processing jobs (the header checks of uploads run at the
 * process's own): with every core busy, an upload's answer comes before the renditions of earlier ones.
 */
export const JOB_NICENESS = 10;

/**
 * Log level for runs on a user's file: info, the level at which ffmpeg names the demuxer it
 * opened (checked by runFfmpeg), without the progress lines.
 */
export const LOG_OPENED = ['-v', 'info', '-nostats'];

/**
 * The input arguments and demuxer for a user's file; a container ffmpeg has no demuxer for here is
 * refused. A stream is read from stdin, or from descriptor `fd` (RunOptions.inputs).
 */
export function userInput(input: MediaInput, fd = 0): { demuxer: string; args: string[]; stdin?: Readable } {
  const demuxer = demuxerFor(input.container);
  if (!demuxer) throw new FfmpegError(`no demuxer for container ${JSON.stringify(input.container)}`, '');
  if ('path' in input) return { demuxer, args: inputArgs(input.path, demuxer) };
  return { demuxer, args: pipeInputArgs(demuxer, fd), stdin: input.open() };
}
