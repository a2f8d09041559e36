import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Metadata, Sharp } from 'sharp';
import type { ImageInfo, MediaProcessor, OriginalSource, ProcessorOptions } from './types.ts';
import { isBareImage } from './bare-image.ts';
import type { Semaphore } from './semaphore.ts';
import { exifTakenAt } from './taken-at.ts';

/** How much of a streamed image the upload's check reads for its header (EXIF and ICC blocks come first, and are rarely bigger). */
export const IMAGE_HEAD_BYTES = 1024 * 1024;

/** Photos (one frame) may have at most this many pixels: a bigger one is refused before it is decoded. */
export const MAX_PHOTO_PIXELS = 100_000_000;

/** The image has more pixels than the processor takes. */
export class ImageTooLargeError extends Error {
  constructor(readonly maxPixels: number) {
    super(`image over ${maxPixels} pixels`);
  }
}

/** Images, through sharp (libvips): the upload's header check, the photo job's renditions, the date taken. */
export class ImageProcessor implements Pick<MediaProcessor, 'checkImage' | 'processImage' | 'photoTakenAt'> {
  private readonly maxImagePixels: number;
  private readonly imageTimeoutSeconds: number;

  /** `slots`: the photo jobs' own (header reads take none). */
  constructor(
    private readonly slots: Semaphore,
    opts: ProcessorOptions = {},
  ) {
    this.maxImagePixels = opts.maxImagePixels ?? MAX_PHOTO_PIXELS;
    this.imageTimeoutSeconds = opts.imageTimeoutSeconds ?? 120;
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
    return this.slots.run(async () => {
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
      // whose every metadata block sharp reads, has none of them, and holds nothing but its picture to its
      // very end (bare-image.ts: no comment, private block or bytes after the end); then it is served as is.
      let full: ImageInfo['full'] = null;
      if (outputs.full && !(servableAsIs(meta) && isBareImage(await readFile(input), meta.format ?? ''))) {
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
