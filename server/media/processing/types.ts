import type { Readable } from 'node:stream';

/** What media processing takes and gives, and the interface the kinds call it through (processor.ts builds the app's). */

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
  /** When it was filmed, from the container's tags, as `taken_at` (contract/taken-at.ts); null when they say nothing. */
  takenAt: string | null;
}

export interface ImageInfo {
  width: number;
  height: number;
  /**
   * When it was taken, from its EXIF, as `taken_at` (contract/taken-at.ts): the camera's wall clock,
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
   * Decodes once: duration + waveform peaks, and an MP3 (libmp3lame 128 kbps; an MP3 input's own frames,
   * copied) at mp3Output when given, without any of the input's tags.
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
