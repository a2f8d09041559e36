import type { Readable } from 'node:stream';
import type { MediaInfo as MediaInfoWire } from '../../../contract/media.ts';
import { notFound } from '../../http/errors.ts';
import { withoutInvisible } from '../files/content-disposition.ts';
import type { Storage } from '../../storage/storage.ts';
import { cameraFacts, NO_CAMERA_FACTS } from '../processing/exif-info.ts';
import { IMAGE_HEAD_BYTES } from '../processing/image-processor.ts';
import type { MediaKindSpec } from '../kinds.ts';
import type { MediaRepository } from './repository.ts';

export interface MediaInfoDeps {
  repo: MediaRepository;
  storage: Storage;
}

/**
 * The viewer's «Сведения» beyond the record (GET /api/media/{kind}/{id}/info/): the file's name as uploaded and,
 * for a photo, its camera, lens and exposure, read when asked from the head of the stored original (where EXIF
 * lives; a megabyte at most), so no column holds them and nothing is migrated. The owner's own, outside the trash.
 */
export class MediaInfo {
  constructor(private readonly d: MediaInfoDeps) {}

  async of(userId: number, kind: MediaKindSpec, id: number): Promise<MediaInfoWire> {
    const row = await this.d.repo.findOwned(userId, kind.name, id);
    if (!row) throw notFound();
    const facts = kind.name === 'photo' ? await this.photoFacts(row.original_key, row.size) : NO_CAMERA_FACTS;
    // The name as uploaded, without control or direction characters (as a download's name loses them).
    return { file_name: withoutInvisible(row.original_name), ...facts };
  }

  private async photoFacts(key: string, size: number) {
    if (size <= 0) return NO_CAMERA_FACTS;
    const head = await readAll(this.d.storage.read(key, { start: 0, end: Math.min(size, IMAGE_HEAD_BYTES) - 1 }));
    try {
      const { default: sharp } = await import('sharp');
      const meta = await sharp(head, { failOn: 'none', limitInputPixels: false }).metadata();
      return meta.exif ? cameraFacts(meta.exif) : NO_CAMERA_FACTS;
    } catch {
      // A head sharp cannot read (a format whose EXIF comes later): nothing to say.
      return NO_CAMERA_FACTS;
    }
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
