import { stat } from 'node:fs/promises';
import { FfmpegError, lastProgressTime, parseProbe, runFfmpeg, type ProbeInfo } from './ffmpeg.ts';
import { JOB_NICENESS, LOG_OPENED, userInput } from './ffmpeg-jobs.ts';
import type { MediaInput, MediaProcessor, ProcessorOptions, VideoInfo } from './types.ts';
import type { Semaphore } from './semaphore.ts';
import { containerTakenAt } from './taken-at.ts';

/** Video: the upload's header check, and the jobs' probe, poster frame and MP4. */
export class VideoProcessor implements Pick<MediaProcessor, 'checkVideo' | 'probeVideo' | 'videoPoster' | 'videoToMp4'> {
  private readonly timeoutMs: number;

  /** `checkSlots`: the upload's ffmpeg slots (shared with audio jobs); `slots`: the video jobs' own. */
  constructor(
    private readonly bin: string,
    private readonly checkSlots: Semaphore,
    private readonly slots: Semaphore,
    opts: ProcessorOptions = {},
  ) {
    this.timeoutMs = opts.videoTimeoutMs ?? 3 * 60 * 60_000;
  }

  checkVideo(input: MediaInput): Promise<void> {
    // The upload's own slots, not the background ones: a long transcode never holds up an upload.
    return this.checkSlots.run(async () => {
      await this.probeHeader(input);
    });
  }

  probeVideo(input: MediaInput): Promise<VideoInfo> {
    return this.slots.run(async () => {
      const info = await this.probeHeader(input);
      let duration = info.duration;
      if (duration === null || !(duration > 0)) {
        // Browser recordings (webm) carry no duration: read the packets through (stream copy, fast).
        const { demuxer, args, stdin } = userInput(input);
        const run = await runFfmpeg(this.bin, [...args, '-map', '0', '-c', 'copy', '-f', 'null', '-'], {
          timeoutMs: this.timeoutMs,
          opens: demuxer,
          stdin,
          niceness: JOB_NICENESS,
        });
        duration = lastProgressTime(run.stderr);
      }
      const quarter = Math.abs(info.video.rotation) % 180 === 90;
      return {
        duration: duration !== null ? Math.round(duration * 1000) / 1000 : null,
        width: quarter ? info.video.height : info.video.width,
        height: quarter ? info.video.width : info.video.height,
        videoCodec: info.video.codec,
        audioCodec: info.audio?.codec ?? null,
        format: info.format,
        takenAt: containerTakenAt(info.tags),
      };
    });
  }

  /** Opens the file as its container, header only: the streams, and the duration when the header has one. */
  private async probeHeader(input: MediaInput): Promise<ProbeInfo & { video: NonNullable<ProbeInfo['video']> }> {
    const { demuxer, args, stdin } = userInput(input);
    const { stderr } = await runFfmpeg(this.bin, args, { timeoutMs: 60_000, okCodes: [1], opens: demuxer, stdin });
    const info = parseProbe(stderr);
    const { video } = info;
    if (!video) throw new FfmpegError('no video stream', stderr);
    return { ...info, video };
  }

  videoPoster(input: MediaInput, output: string, atSeconds: number): Promise<void> {
    return this.slots.run(async () => {
      // Each attempt opens the input afresh (a stream is read once).
      const grab = (at: number) => {
        const { demuxer, args, stdin } = userInput(input);
        return runFfmpeg(
          this.bin,
          [
            ...LOG_OPENED,
            '-ss',
            at.toFixed(3),
            ...args,
            '-map',
            '0:v:0',
            '-frames:v',
            '1',
            '-vf',
            "scale='min(1280,iw)':-2",
            '-q:v',
            '3',
            '-f',
            'image2',
            '-c:v',
            'mjpeg',
            '-y',
            output,
          ],
          { timeoutMs: 120_000, opens: demuxer, stdin, niceness: JOB_NICENESS },
        );
      };
      // Past the end of the picture (sound that outlasts it) ffmpeg succeeds without writing a frame:
      // then, as when the seek fails, the first frame is the poster.
      const wrote = await grab(atSeconds).then(
        () => nonEmptyFile(output),
        () => false,
      );
      if (!wrote) await grab(0);
    });
  }

  videoToMp4(input: MediaInput, output: string, opts: { remux: boolean; hasAudio: boolean }): Promise<void> {
    return this.slots.run(async () => {
      const codecs = opts.remux
        ? ['-c', 'copy']
        : [
            '-c:v',
            'libx264',
            '-preset',
            'veryfast',
            '-crf',
            '23',
            '-pix_fmt',
            'yuv420p',
            '-vf',
            'scale=trunc(iw/2)*2:trunc(ih/2)*2',
            '-c:a',
            'aac',
            '-b:a',
            '128k',
          ];
      const { demuxer, args, stdin } = userInput(input);
      await runFfmpeg(
        this.bin,
        [
          ...LOG_OPENED,
          ...args,
          '-map',
          '0:v:0',
          ...(opts.hasAudio ? ['-map', '0:a:0'] : []),
          ...codecs,
          '-map_metadata',
          '-1',
          '-map_chapters',
          '-1',
          '-threads',
          '2',
          '-movflags',
          '+faststart',
          '-f',
          'mp4',
          '-y',
          output,
        ],
        { timeoutMs: this.timeoutMs, opens: demuxer, stdin, niceness: JOB_NICENESS },
      );
    });
  }
}

/** Whether `file` exists and has bytes. */
async function nonEmptyFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}
