import { availableParallelism } from 'node:os';
import { AudioProcessor } from './audio-processor.ts';
import { resolveFfmpeg } from './ffmpeg.ts';
import { ImageProcessor } from './image-processor.ts';
import { Semaphore } from './semaphore.ts';
import type { AudioAnalysis, ImageInfo, MediaInput, MediaProcessor, OriginalSource, ProcessorOptions, VideoInfo } from './types.ts';
import { VideoProcessor } from './video-processor.ts';

export function createProcessor(opts: ProcessorOptions = {}): MediaProcessor {
  return new FfmpegProcessor(opts);
}

/**
 * The MediaProcessor of the app: one processor per kind (audio-processor.ts, video-processor.ts,
 * image-processor.ts), with the slots they share.
 */
export class FfmpegProcessor implements MediaProcessor {
  readonly bin: string;
  private readonly audio: AudioProcessor;
  private readonly video: VideoProcessor;
  private readonly image: ImageProcessor;

  constructor(opts: ProcessorOptions = {}) {
    this.bin = resolveFfmpeg(opts.ffmpegPath);
    const slots = opts.concurrency ?? availableParallelism();
    // Audio jobs and the upload's video check share these; video jobs and photo jobs have their own.
    const ffmpegSlots = new Semaphore(slots);
    this.audio = new AudioProcessor(this.bin, ffmpegSlots, opts);
    this.video = new VideoProcessor(this.bin, ffmpegSlots, new Semaphore(opts.backgroundConcurrency ?? 1), opts);
    this.image = new ImageProcessor(new Semaphore(slots), opts);
  }

  analyzeAudio(input: MediaInput, opts: { mp3Output?: string; batch?: boolean } = {}): Promise<AudioAnalysis> {
    return this.audio.analyzeAudio(input, opts);
  }

  checkVideo(input: MediaInput): Promise<void> {
    return this.video.checkVideo(input);
  }

  probeVideo(input: MediaInput): Promise<VideoInfo> {
    return this.video.probeVideo(input);
  }

  videoPoster(input: MediaInput, output: string, atSeconds: number): Promise<void> {
    return this.video.videoPoster(input, output, atSeconds);
  }

  videoToMp4(input: MediaInput, output: string, opts: { remux: boolean; hasAudio: boolean }): Promise<void> {
    return this.video.videoToMp4(input, output, opts);
  }

  checkImage(input: OriginalSource): Promise<void> {
    return this.image.checkImage(input);
  }

  processImage(input: string, outputs: { thumbnail: string; preview: string; full?: string }): Promise<ImageInfo> {
    return this.image.processImage(input, outputs);
  }

  photoTakenAt(input: OriginalSource, headBytes?: number): Promise<string | null | undefined> {
    return this.image.photoTakenAt(input, headBytes);
  }
}
