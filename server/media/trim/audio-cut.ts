import { demuxerFor, type Detected } from '../content-types.ts';
import { FfmpegError, inputArgs, runFfmpeg } from '../processing/ffmpeg.ts';

/**
 * The muxer that writes each stored audio container again, for a cut that copies the codec's packets
 * (no re-encoding, so no loss). A container missing here is always re-encoded.
 */
const MUXERS: Record<string, string> = {
  webm: 'webm',
  ogg: 'ogg',
  m4a: 'mp4',
  aac: 'adts',
  mp3: 'mp3',
  wav: 'wav',
};

/** What a cut that could not copy becomes: Opus in WebM, what browsers record. */
export const REENCODED: Detected = { ext: 'webm', mime: 'audio/webm' };

export interface CutRequest {
  /** The stored original's local file, and the container the content check accepted (it is opened as that only). */
  input: string;
  stored: Detected;
  /** Seconds from the start: the part kept. */
  start: number;
  end: number;
  /** Where to write the cut (no extension: the caller adds the one returned). */
  output: string;
  /** Re-encode rather than copy the packets. */
  reencode: boolean;
}

/**
 * Cuts audio by time with ffmpeg, opening the user's file exactly as the processing does (its
 * accepted container's demuxer only, local file protocol only, the demuxer it reports checked).
 */
export class AudioCutter {
  constructor(
    private readonly bin: string,
    private readonly timeoutMs = 5 * 60_000,
  ) {}

  /** Writes the part [start, end) of `input`; returns the cut's path and type. */
  async cut(req: CutRequest): Promise<Detected & { path: string }> {
    const demuxer = demuxerFor(req.stored.ext);
    if (!demuxer) throw new FfmpegError(`no demuxer for container ${JSON.stringify(req.stored.ext)}`, '');
    const muxer = MUXERS[req.stored.ext];
    const copy = !req.reencode && muxer !== undefined;
    const type = copy ? req.stored : REENCODED;
    const output = `${req.output}.${type.ext}`;
    const codec = copy
      ? ['-c:a', 'copy', '-f', muxer, ...(muxer === 'mp4' ? ['-movflags', '+faststart'] : [])]
      : ['-c:a', 'libopus', '-b:a', '128k', '-f', 'webm'];
    // -ss before the input seeks there (exactly when decoding, to the packet when copying); -t counts
    // from it. Timestamps start again at zero, so players show the cut from 00:00.
    await runFfmpeg(
      this.bin,
      [
        '-v',
        'info',
        '-nostats',
        '-ss',
        req.start.toFixed(3),
        ...inputArgs(req.input, demuxer),
        '-t',
        (req.end - req.start).toFixed(3),
        '-map',
        '0:a:0',
        '-vn',
        ...codec,
        '-avoid_negative_ts',
        'make_zero',
        '-y',
        `file:${output}`,
      ],
      { timeoutMs: this.timeoutMs, opens: demuxer },
    );
    return { ...type, path: output };
  }
}
