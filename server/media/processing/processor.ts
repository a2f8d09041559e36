import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import type { Metadata, Sharp } from 'sharp';
import { demuxerFor } from '../content-types.ts';
import {
  extraFds,
  FfmpegError,
  inputArgs,
  lastProgressTime,
  pipeInputArgs,
  parseProbe,
  resolveFfmpeg,
  runFfmpeg,
  type ProbeInfo,
} from './ffmpeg.ts';
import { Semaphore } from './semaphore.ts';
import { containerTakenAt, exifTakenAt } from './taken-at.ts';

/** Number of waveform peaks in an audio record (the player draws them as bars). */
export const WAVEFORM_PEAKS = 300;

export interface AudioAnalysis {
  /** True length in seconds, from the decoded samples (webm from browsers has none in its header). */
  duration: number;
  /** WAVEFORM_PEAKS values 0..1 (1 = loudest moment of the recording). */
  peaks: number[];
}

export interface VideoInfo {
  duration: number | null;
  /** Display size (rotation applied). */
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  /** ffmpeg's demuxer name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm". */
  format: string;
  /** When it was filmed, from the container's tags, as `taken_at` (lib/contract/taken-at.ts); null when they say nothing. */
  takenAt: string | null;
}

export interface ImageInfo {
  width: number;
  height: number;
  /**
   * When it was taken, from its EXIF, as `taken_at` (lib/contract/taken-at.ts): the camera's wall clock,
   * with its offset when the EXIF has one; null when the EXIF names no date.
   */
  takenAt: string | null;
  format: string;
  /** The metadata-free full-size copy written to outputs.full, or null when the original is served as it is. */
  full: { ext: string; mime: string } | null;
}

/**
 * A user's stored audio or video file: its local path and the container the content check accepted
 * (the stored extension: webm, ogg, m4a, mp4, …). ffmpeg reads it as that container and nothing else.
 */
export type MediaInput = OriginalSource & { container: string };

/**
 * The stored original as a step reads it: its local file (`path`), or a fresh stream of its bytes for
 * each run (`open`), where the step reads it once through and the storage keeps no local files.
 */
export type OriginalSource = { path: string } | { open: () => Readable };

/**
 * Media processing behind one interface so tests can swap it. Paths are local files
 * (Storage.withLocalFile for inputs, temp files for outputs). Every method runs under a
 * small semaphore and off the event loop (child processes, libvips threads), within a time limit.
 */
export interface MediaProcessor {
  /**
   * Decodes once: duration + waveform peaks, and an MP3 (libmp3lame 128 kbps) at mp3Output when given.
   * `batch`: the input is small (a short recording), so it may share one ffmpeg run with other such
   * inputs waiting at the same time; a shared run that fails is done again one input per run, so
   * a broken file fails only itself.
   */
  analyzeAudio(input: MediaInput, opts?: { mp3Output?: string; batch?: boolean }): Promise<AudioAnalysis>;
  /**
   * Reads only the container's header (quick, whatever the file's size) and fails unless it holds a
   * video stream: what is refused here is refused during the upload, before any record exists.
   */
  checkVideo(input: MediaInput): Promise<void>;
  probeVideo(input: MediaInput): Promise<VideoInfo>;
  /** A JPEG frame (at most 1280 px wide) near `atSeconds`. */
  videoPoster(input: MediaInput, output: string, atSeconds: number): Promise<void>;
  /** H.264/AAC MP4 with +faststart; stream copy when the codecs already fit (`remux`). */
  videoToMp4(input: MediaInput, output: string, opts: { remux: boolean; hasAudio: boolean }): Promise<void>;
  /**
   * Reads only the image's header (quick, no decoding): fails unless it has a size, with
   * ImageTooLargeError over the pixel bound. What is refused here is refused during the upload. A
   * stream is read only as far as IMAGE_HEAD_BYTES: a header that lies further on is left to the job.
   */
  checkImage(input: OriginalSource): Promise<void>;
  /**
   * Orients, strips metadata, writes a thumbnail and a preview (WebP). `full`: where to write the
   * full-size copy without metadata, whenever the original may carry some (its type is returned).
   * Refuses (ImageTooLargeError) an image over the pixel bound.
   */
  processImage(input: string, outputs: { thumbnail: string; preview: string; full?: string }): Promise<ImageInfo>;
  /**
   * When a stored photo was taken (its EXIF, read as processImage reads it), without processing it: from
   * its header only. A stream is read only as far as `headBytes` (default IMAGE_HEAD_BYTES); `undefined`
   * when that part does not settle it (a format other than JPEG may keep its EXIF after the pixels, a
   * header may be longer): ask again with the file.
   */
  photoTakenAt(input: OriginalSource, headBytes?: number): Promise<string | null | undefined>;
}

export interface ProcessorOptions {
  ffmpegPath?: string;
  /** How many ffmpeg processes of audio jobs and upload checks may run at once (default: one per core). */
  concurrency?: number;
  /** How many ffmpeg processes of video jobs may run at once (default 1): a long transcode never delays audio. */
  backgroundConcurrency?: number;
  audioTimeoutMs?: number;
  /** Most small audio inputs in one ffmpeg run (default AUDIO_BATCH; 1 runs each alone). */
  audioBatch?: number;
  videoTimeoutMs?: number;
  /** Most pixels of one image frame (default MAX_PHOTO_PIXELS). */
  maxImagePixels?: number;
  /** Time limit of each sharp pipeline, in whole seconds (default 120). */
  imageTimeoutSeconds?: number;
}

export function createProcessor(opts: ProcessorOptions = {}): MediaProcessor {
  return new FfmpegProcessor(opts);
}

/**
 * How many short recordings share one ffmpeg run at most. Starting ffmpeg costs more than decoding
 * and encoding a few seconds of sound (its libraries load on every start), so a run of eight costs
 * about a third of eight runs; more gains little and delays the first of them.
 */
export const AUDIO_BATCH = 8;

/**
 * The niceness of the ffmpeg runs of processing jobs (the header checks of uploads run at the
 * process's own): with every core busy, an upload's answer comes before the renditions of earlier ones.
 */
export const JOB_NICENESS = 10;

/** A shared run that takes longer than this is stopped and its inputs done one per run. */
const AUDIO_BATCH_TIMEOUT_MS = 60_000;

interface AudioRequest {
  input: MediaInput;
  mp3Output?: string;
  resolve: (analysis: AudioAnalysis) => void;
  reject: (err: unknown) => void;
}

const PCM_RATE = 8000;
/** Samples per block kept while decoding; the blocks are reduced to WAVEFORM_PEAKS at the end. */
const BLOCK = 40;

export class FfmpegProcessor implements MediaProcessor {
  readonly bin: string;
  private readonly ffmpegSlots: Semaphore;
  private readonly videoSlots: Semaphore;
  private readonly imageSlots: Semaphore;
  private readonly audioTimeoutMs: number;
  private readonly audioBatch: number;
  /** Small audio inputs waiting for a slot; the first slot free takes them all into one run. */
  private readonly audioWaiting: AudioRequest[] = [];
  private readonly videoTimeoutMs: number;
  private readonly maxImagePixels: number;
  private readonly imageTimeoutSeconds: number;

  constructor(opts: ProcessorOptions = {}) {
    this.bin = resolveFfmpeg(opts.ffmpegPath);
    const slots = opts.concurrency ?? availableParallelism();
    this.ffmpegSlots = new Semaphore(slots);
    this.videoSlots = new Semaphore(opts.backgroundConcurrency ?? 1);
    this.imageSlots = new Semaphore(slots);
    this.audioTimeoutMs = opts.audioTimeoutMs ?? 5 * 60_000;
    this.audioBatch = opts.audioBatch ?? AUDIO_BATCH;
    this.videoTimeoutMs = opts.videoTimeoutMs ?? 3 * 60 * 60_000;
    this.maxImagePixels = opts.maxImagePixels ?? MAX_PHOTO_PIXELS;
    this.imageTimeoutSeconds = opts.imageTimeoutSeconds ?? 120;
  }

  analyzeAudio(input: MediaInput, opts: { mp3Output?: string; batch?: boolean } = {}): Promise<AudioAnalysis> {
    if (!opts.batch || this.audioBatch < 2) return this.ffmpegSlots.run(() => this.analyzeOne(input, opts.mp3Output));
    return new Promise((resolve, reject) => {
      this.audioWaiting.push({ input, mp3Output: opts.mp3Output, resolve, reject });
      // Whichever slot frees first takes every small input waiting then (up to the batch size).
      void this.ffmpegSlots.run(async () => {
        const batch = this.audioWaiting.splice(0, this.audioBatch);
        if (batch.length) await this.analyzeBatch(batch).catch((err: unknown) => batch.forEach((r) => r.reject(err)));
      });
    });
  }

  /** One input, one run: its MP3 on the output file, its samples on stdout. */
  private async analyzeOne(input: MediaInput, mp3Output: string | undefined): Promise<AudioAnalysis> {
    const blocks = new BlockPeaks();
    const { demuxer, args: inArgs, stdin } = userInput(input);
    const args = [...LOG_OPENED, ...inArgs, ...audioOutputArgs(0, 'pipe:1', mp3Output)];
    await runFfmpeg(this.bin, args, {
      onStdout: (c) => blocks.push(c),
      timeoutMs: this.audioTimeoutMs,
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
          ...batch.flatMap((r, i) => audioOutputArgs(i, `pipe:${pcmFds[i]}`, r.mp3Output)),
        ];
        await runFfmpeg(this.bin, args, {
          timeoutMs: Math.min(this.audioTimeoutMs, AUDIO_BATCH_TIMEOUT_MS),
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

  checkVideo(input: MediaInput): Promise<void> {
    // The upload's own slots, not the background ones: a long transcode never holds up an upload.
    return this.ffmpegSlots.run(async () => {
      await this.probeHeader(input);
    });
  }

  probeVideo(input: MediaInput): Promise<VideoInfo> {
    return this.videoSlots.run(async () => {
      const info = await this.probeHeader(input);
      let duration = info.duration;
      if (duration === null || !(duration > 0)) {
        // Browser recordings (webm) carry no duration: read the packets through (stream copy, fast).
        const { demuxer, args, stdin } = userInput(input);
        const run = await runFfmpeg(this.bin, [...args, '-map', '0', '-c', 'copy', '-f', 'null', '-'], {
          timeoutMs: this.videoTimeoutMs,
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
    return this.videoSlots.run(async () => {
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
    return this.videoSlots.run(async () => {
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
        { timeoutMs: this.videoTimeoutMs, opens: demuxer, stdin, niceness: JOB_NICENESS },
      );
    });
  }

  async checkImage(input: OriginalSource): Promise<void> {
    // No slot: reading a header takes milliseconds, and an upload never waits for photo jobs.
    if ('path' in input) {
      await this.imageHeader(input.path);
      return;
    }
    const { bytes, whole } = await readHead(input.open(), IMAGE_HEAD_BYTES);
    try {
      await this.imageHeader(bytes, whole);
    } catch (err) {
      // Only what the bytes read prove is refused: a header cut off by the limit is the job's to judge.
      if (whole || err instanceof ImageTooLargeError) throw err;
    }
  }

  /**
   * The header only, whatever the size: the pixel bound is checked here, before anything is decoded.
   * `whole`: false when `input` is only the start of the file.
   */
  private async imageHeader(input: string | Buffer, whole = true): Promise<Metadata> {
    const { default: sharp } = await import('sharp');
    const meta = await sharp(input, { failOn: whole ? 'error' : 'none', limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('image has no size');
    if (meta.width * meta.height > this.maxImagePixels) throw new ImageTooLargeError(this.maxImagePixels);
    return meta;
  }

  processImage(input: string, outputs: { thumbnail: string; preview: string; full?: string }): Promise<ImageInfo> {
    return this.imageSlots.run(async () => {
      const { default: sharp } = await import('sharp');
      const meta = await this.imageHeader(input);
      const orientation = meta.orientation ?? 1;
      const swap = orientation >= 5;
      const open = (animated: boolean) =>
        sharp(input, { failOn: 'error', animated, limitInputPixels: this.maxImagePixels }).timeout({ seconds: this.imageTimeoutSeconds });
      // rotate() applies the EXIF orientation; sharp writes no metadata unless asked, so GPS is gone.
      const still = () => open(false).rotate();
      await still()
        .resize({ width: 400, height: 400, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toFile(outputs.thumbnail);
      await still()
        .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toFile(outputs.preview);
      // What is served as the full-size photo carries no metadata either (location lives there): a
      // re-encoded copy (orientation applied, colour profile kept), unless the original is in a format
      // whose every metadata block sharp reads and has none of them; then the original bytes are served.
      let full: ImageInfo['full'] = null;
      if (outputs.full && !servableAsIs(meta)) {
        const copy = fullCopyFormat(meta);
        const pages = meta.pages ?? 1;
        // Animation is kept when every frame together stays within the pixel bound; else the first frame.
        const animate = pages > 1 && copy.animated && orientation === 1 && meta.width * meta.height * pages <= this.maxImagePixels;
        await copy.encode((animate ? open(true) : still()).keepIccProfile()).toFile(outputs.full);
        full = { ext: copy.ext, mime: copy.mime };
      }
      return {
        full,
        width: swap ? meta.height : meta.width,
        height: swap ? meta.width : meta.height,
        takenAt: meta.exif ? exifTakenAt(meta.exif) : null,
        format: meta.format ?? '',
      };
    });
  }

  async photoTakenAt(input: OriginalSource, headBytes = IMAGE_HEAD_BYTES): Promise<string | null | undefined> {
    const { default: sharp } = await import('sharp');
    // The header only: no slot, as for the upload's check.
    if ('path' in input) {
      const meta = await sharp(input.path, { failOn: 'none', limitInputPixels: false }).metadata();
      return meta.exif ? exifTakenAt(meta.exif) : null;
    }
    const { bytes, whole } = await readHead(input.open(), headBytes);
    try {
      const meta = await sharp(bytes, { failOn: 'none', limitInputPixels: false }).metadata();
      if (meta.exif) return exifTakenAt(meta.exif);
      // A JPEG's EXIF comes before its pixels (right after the start of the file): none there is none at all.
      return whole || meta.format === 'jpeg' ? null : undefined;
    } catch (err) {
      if (whole) throw err;
      return undefined;
    }
  }
}

/** How much of a streamed image the upload's check reads for its header (EXIF and ICC blocks come first, and are rarely bigger). */
export const IMAGE_HEAD_BYTES = 1024 * 1024;

/** At most `limit` bytes from the start of `stream` (then destroyed); `whole` when the stream ended within them. */
async function readHead(stream: Readable, limit: number): Promise<{ bytes: Buffer; whole: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= limit) return { bytes: Buffer.concat(chunks).subarray(0, limit), whole: false };
    }
    return { bytes: Buffer.concat(chunks), whole: true };
  } finally {
    stream.destroy();
  }
}

/** Photos (one frame) may have at most this many pixels: a bigger one is refused before it is decoded. */
export const MAX_PHOTO_PIXELS = 100_000_000;

/** The image has more pixels than the processor takes. */
export class ImageTooLargeError extends Error {
  constructor(readonly maxPixels: number) {
    super(`image over ${maxPixels} pixels`);
  }
}

/**
 * Formats whose metadata blocks (EXIF, XMP, IPTC, PNG text) sharp reads completely: an original in
 * one of them with none is served as uploaded. Anything else (GIF's XMP and comment extensions,
 * HEIF's items) is always re-encoded.
 */
const AS_IS_FORMATS = new Set(['jpeg', 'png', 'webp']);

function servableAsIs(meta: Metadata): boolean {
  return AS_IS_FORMATS.has(meta.format ?? '') && !meta.exif && !meta.xmp && !meta.iptc && !meta.comments?.length;
}

interface FullCopyFormat {
  ext: string;
  mime: string;
  /** Whether the format keeps an animation. */
  animated: boolean;
  encode(image: Sharp): Sharp;
}

/** The served full-size copy keeps the original's format where sharp writes it; anything else becomes a JPEG. */
function fullCopyFormat(meta: Metadata): FullCopyFormat {
  switch (meta.format) {
    case 'jpeg':
      return { ext: 'jpg', mime: 'image/jpeg', animated: false, encode: (i) => i.jpeg({ quality: 92, mozjpeg: true }) };
    case 'png':
      return { ext: 'png', mime: 'image/png', animated: false, encode: (i) => i.png() };
    case 'webp':
      return { ext: 'webp', mime: 'image/webp', animated: true, encode: (i) => i.webp({ quality: 92 }) };
    case 'gif':
      return { ext: 'gif', mime: 'image/gif', animated: true, encode: (i) => i.gif() };
    case 'heif':
      // AVIF; a low effort, so a photo is ready soon after its upload (the default is several times slower).
      if (meta.compression === 'av1')
        return { ext: 'avif', mime: 'image/avif', animated: false, encode: (i) => i.avif({ quality: 70, effort: 2 }) };
      break;
  }
  return {
    ext: 'jpg',
    mime: 'image/jpeg',
    animated: false,
    encode: (i) => i.flatten({ background: '#ffffff' }).jpeg({ quality: 92, mozjpeg: true }),
  };
}

/**
 * Log level for runs on a user's file: info, the level at which ffmpeg names the demuxer it
 * opened (checked by runFfmpeg), without the progress lines.
 */
const LOG_OPENED = ['-v', 'info', '-nostats'];

/**
 * The input arguments and demuxer for a user's file; a container ffmpeg has no demuxer for here is
 * refused. A stream is read from stdin, or from descriptor `fd` (RunOptions.inputs).
 */
function userInput(input: MediaInput, fd = 0): { demuxer: string; args: string[]; stdin?: Readable } {
  const demuxer = demuxerFor(input.container);
  if (!demuxer) throw new FfmpegError(`no demuxer for container ${JSON.stringify(input.container)}`, '');
  if ('path' in input) return { demuxer, args: inputArgs(input.path, demuxer) };
  return { demuxer, args: pipeInputArgs(demuxer, fd), stdin: input.open() };
}

/** Outputs of input `index`: its samples (mono f32le at PCM_RATE) on `pcm`, and its MP3 when asked for. */
function audioOutputArgs(index: number, pcm: string, mp3Output: string | undefined): string[] {
  const audio = ['-map', `${index}:a:0`, '-vn'];
  const args = [...audio, '-ac', '1', '-ar', String(PCM_RATE), '-f', 'f32le', pcm];
  if (mp3Output) args.push(...audio, '-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', '-y', mp3Output);
  return args;
}

/** Duration and peaks from the decoded samples; none decoded fails the input. */
function analysisOf(blocks: BlockPeaks): AudioAnalysis {
  if (blocks.samples === 0) throw new FfmpegError('no audio samples decoded', '');
  return { duration: Math.round((blocks.samples / PCM_RATE) * 1000) / 1000, peaks: blocks.reduce(WAVEFORM_PEAKS) };
}

/** Keeps the peak of every BLOCK samples of a mono f32le stream, whatever the chunk boundaries. */
export class BlockPeaks {
  samples = 0;
  private peaks = new Float32Array(4096);
  private count = 0;
  private current = 0;
  private inBlock = 0;
  private carry: Buffer | null = null;

  push(chunk: Buffer): void {
    let buf = chunk;
    if (this.carry) {
      buf = Buffer.concat([this.carry, chunk]);
      this.carry = null;
    }
    const whole = buf.length - (buf.length % 4);
    for (let off = 0; off < whole; off += 4) {
      const v = Math.abs(buf.readFloatLE(off));
      if (v > this.current && Number.isFinite(v)) this.current = v;
      if (++this.inBlock === BLOCK) this.flush();
    }
    this.samples += whole / 4;
    if (whole < buf.length) this.carry = Buffer.from(buf.subarray(whole));
  }

  private flush(): void {
    if (this.count === this.peaks.length) {
      const bigger = new Float32Array(this.peaks.length * 2);
      bigger.set(this.peaks);
      this.peaks = bigger;
    }
    this.peaks[this.count++] = Math.min(1, this.current);
    this.current = 0;
    this.inBlock = 0;
  }

  /** `n` peaks normalised so the loudest is 1 (silence stays 0), rounded to 3 decimals. */
  reduce(n: number): number[] {
    if (this.inBlock > 0) this.flush();
    const blocks = this.count;
    const out = new Array<number>(n).fill(0);
    if (blocks === 0) return out;
    let max = 0;
    for (let i = 0; i < n; i++) {
      const start = Math.floor((i * blocks) / n);
      const end = Math.max(start + 1, Math.floor(((i + 1) * blocks) / n));
      let peak = 0;
      for (let b = start; b < end && b < blocks; b++) if (this.peaks[b]! > peak) peak = this.peaks[b]!;
      out[i] = peak;
      if (peak > max) max = peak;
    }
    return max > 0 ? out.map((v) => Math.round((v / max) * 1000) / 1000) : out;
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
