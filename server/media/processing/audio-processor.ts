import { demuxerFor } from '../content-types.ts';
import { BlockPeaks } from './block-peaks.ts';
import { extraFds, FfmpegError, runFfmpeg } from './ffmpeg.ts';
import { JOB_NICENESS, LOG_OPENED, userInput } from './ffmpeg-jobs.ts';
import type { AudioAnalysis, MediaInput, MediaProcessor, ProcessorOptions } from './types.ts';
import type { Semaphore } from './semaphore.ts';

/** Number of waveform peaks in an audio record (the player draws them as bars). */
export const WAVEFORM_PEAKS = 300;

/**
 * How many short recordings share one ffmpeg run at most. Starting ffmpeg costs more than decoding
 * and encoding a few seconds of sound (its libraries load on every start), so a run of eight costs
 * about a third of eight runs; more gains little and delays the first of them.
 */
export const AUDIO_BATCH = 8;

/** A shared run that takes longer than this is stopped and its inputs done one per run. */
const AUDIO_BATCH_TIMEOUT_MS = 60_000;

interface AudioRequest {
  input: MediaInput;
  mp3Output?: string;
  resolve: (analysis: AudioAnalysis) => void;
  reject: (err: unknown) => void;
}

const PCM_RATE = 8000;

/** Audio jobs: one decode per input for its duration, waveform peaks and MP3, short inputs in shared runs. */
export class AudioProcessor implements Pick<MediaProcessor, 'analyzeAudio'> {
  private readonly timeoutMs: number;
  private readonly batchSize: number;
  /** Small audio inputs waiting for a slot; the first slot free takes them all into one run. */
  private readonly waiting: AudioRequest[] = [];

  /** `slots`: the ffmpeg slots of audio jobs, shared with the upload's checks. */
  constructor(
    private readonly bin: string,
    private readonly slots: Semaphore,
    opts: ProcessorOptions = {},
  ) {
    this.timeoutMs = opts.audioTimeoutMs ?? 5 * 60_000;
    this.batchSize = opts.audioBatch ?? AUDIO_BATCH;
  }

  analyzeAudio(input: MediaInput, opts: { mp3Output?: string; batch?: boolean } = {}): Promise<AudioAnalysis> {
    if (!opts.batch || this.batchSize < 2) return this.slots.run(() => this.analyzeOne(input, opts.mp3Output));
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, mp3Output: opts.mp3Output, resolve, reject });
      // Whichever slot frees first takes every small input waiting then (up to the batch size).
      void this.slots.run(async () => {
        const batch = this.waiting.splice(0, this.batchSize);
        if (batch.length) await this.analyzeBatch(batch).catch((err: unknown) => batch.forEach((r) => r.reject(err)));
      });
    });
  }

  /** One input, one run: its MP3 on the output file, its samples on stdout. */
  private async analyzeOne(input: MediaInput, mp3Output: string | undefined): Promise<AudioAnalysis> {
    const blocks = new BlockPeaks();
    const { demuxer, args: inArgs, stdin } = userInput(input);
    const args = [...LOG_OPENED, ...inArgs, ...audioOutputArgs(0, 'pipe:1', mp3Output, input.container)];
    await runFfmpeg(this.bin, args, {
      onStdout: (c) => blocks.push(c),
      timeoutMs: this.timeoutMs,
      opens: demuxer,
      stdin,
      niceness: JOB_NICENESS,
    });
    return analysisOf(blocks);
  }

  /**
   * Several inputs, one run: input N is opened exactly as alone (its own forced demuxer, format and
   * protocol whitelists) and only its own outputs read it: its MP3 file and its samples on a
   * descriptor of its own. If the run fails, each input runs alone, so each gets its own outcome.
   */
  private async analyzeBatch(batch: AudioRequest[]): Promise<void> {
    if (batch.length > 1) {
      try {
        const blocks = batch.map(() => new BlockPeaks());
        // Streamed inputs on descriptors 3, 4, …, then one descriptor per input for its samples.
        const fds = extraFds(batch.filter((r) => !('path' in r.input)).length, batch.length);
        const streamFds = [...fds.inputs];
        for (const r of batch) if (!demuxerFor(r.input.container)) throw new Error('no demuxer'); // before any stream opens
        const opened = batch.map((r) => ('path' in r.input ? userInput(r.input) : userInput(r.input, streamFds.shift())));
        const pcmFds = fds.outputs;
        const args = [
          ...LOG_OPENED,
          ...opened.flatMap((o) => o.args),
          ...batch.flatMap((r, i) => audioOutputArgs(i, `pipe:${pcmFds[i]}`, r.mp3Output, r.input.container)),
        ];
        await runFfmpeg(this.bin, args, {
          timeoutMs: Math.min(this.timeoutMs, AUDIO_BATCH_TIMEOUT_MS),
          niceness: JOB_NICENESS,
          opens: opened.map((o) => o.demuxer),
          inputs: opened.flatMap((o) => (o.stdin ? [o.stdin] : [])),
          outputs: blocks.map((b) => (c: Buffer) => b.push(c)),
        });
        batch.forEach((r, i) => {
          try {
            r.resolve(analysisOf(blocks[i]!));
          } catch (err) {
            r.reject(err);
          }
        });
        return;
      } catch {
        // One of them stopped the shared run (a broken or hostile file, a stream that failed): each alone.
      }
    }
    for (const r of batch) await this.analyzeOne(r.input, r.mp3Output).then(r.resolve, r.reject);
  }
}

/**
 * Outputs of input `index`: its samples (mono f32le at PCM_RATE) on `pcm`, and its MP3 when asked for. The
 * MP3 is what is served by URL, so it carries none of the input's tags (where it was recorded, comments,
 * titles, chapters, cover art: `-map_metadata -1`, `-map_chapters -1`, the audio stream alone); without
 * that ffmpeg copies the first input's tags into every output, so in a shared run another user's too. An
 * MP3 input keeps its frames as they are (a copy: no second encoding), only its ID3 and APE tags go.
 */
function audioOutputArgs(index: number, pcm: string, mp3Output: string | undefined, container: string): string[] {
  const audio = ['-map', `${index}:a:0`, '-vn'];
  const args = [...audio, '-ac', '1', '-ar', String(PCM_RATE), '-f', 'f32le', pcm];
  const codec = container === 'mp3' ? ['-c:a', 'copy'] : ['-c:a', 'libmp3lame', '-b:a', '128k'];
  if (mp3Output) args.push(...audio, '-map_metadata', '-1', '-map_chapters', '-1', ...codec, '-f', 'mp3', '-y', mp3Output);
  return args;
}

/** Duration and peaks from the decoded samples; none decoded fails the input. */
function analysisOf(blocks: BlockPeaks): AudioAnalysis {
  if (blocks.samples === 0) throw new FfmpegError('no audio samples decoded', '');
  return { duration: Math.round((blocks.samples / PCM_RATE) * 1000) / 1000, peaks: blocks.reduce(WAVEFORM_PEAKS) };
}
