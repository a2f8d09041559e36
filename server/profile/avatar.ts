import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { ApiError } from '../http/errors.ts';
import { StorageLimitError, StorageUnavailable, UPLOAD_SUFFIX, userPrefix, type Storage } from '../storage/storage.ts';

export const AVATAR_SIZE = 512;
/** Most pixels an uploaded avatar may have: a bigger one is refused before it is decoded. */
const AVATAR_MAX_PIXELS = 50_000_000;
/** Longest the avatar's decode, crop and encode may take. */
const AVATAR_TIMEOUT_SECONDS = 30;
export const NOT_AN_IMAGE = 'Загрузите корректное изображение';
const TOO_MANY_PIXELS = `Изображение слишком большое (максимум ${AVATAR_MAX_PIXELS / 1_000_000} мегапикселей)`;
export const avatarTooLarge = (limit: number) =>
  new ApiError(413, { photo: [`Файл слишком большой. Максимальный размер — ${Math.floor(limit / (1024 * 1024)) || 1} МБ.`] });

/** A new avatar's base name (`u/<id>/avatar/<24 hex>`): its upload and its WebP are `<base>.upload` and `<base>.webp`. */
export const newAvatarBase = (userId: number) => `${userPrefix(userId)}avatar/${randomBytes(12).toString('hex')}`;

/**
 * Streams an uploaded avatar into storage under a byte limit, checks it is an image of at most
 * AVATAR_MAX_PIXELS by decoding it (sharp, within a time limit), turns it upright per EXIF, drops all
 * metadata, crops to at most 512×512 and keeps a WebP under `base` (see newAvatarBase).
 * Returns the new key. Nothing is left behind when it fails.
 */
export async function storeAvatar(storage: Storage, base: string, source: Readable, maxBytes: number): Promise<string> {
  const uploadKey = `${base}${UPLOAD_SUFFIX}`;
  // With the storage unavailable the upload is not removed now (that would wait for its timeout before the
  // answer): the caller's journal entry removes it once it can.
  let unavailable = false;
  try {
    try {
      await storage.put(uploadKey, source, { maxBytes });
    } catch (err) {
      if (err instanceof StorageLimitError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw avatarTooLarge(maxBytes);
      throw err;
    }
    const webp = await storage.withLocalFile(uploadKey, async (file) => {
      try {
        // The header first: an image over the pixel bound gets its own answer and is never decoded.
        const { width = 0, height = 0 } = await sharp(file, { limitInputPixels: false, failOn: 'error' }).metadata();
        if (width * height > AVATAR_MAX_PIXELS) throw new ApiError(400, { photo: [TOO_MANY_PIXELS] });
        return await sharp(file, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' })
          .timeout({ seconds: AVATAR_TIMEOUT_SECONDS })
          .rotate()
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch (err) {
        if (err instanceof ApiError) throw err;
        throw new ApiError(400, { photo: [NOT_AN_IMAGE] });
      }
    });
    const key = `${base}.webp`;
    await storage.put(key, Readable.from([webp]));
    return key;
  } catch (err) {
    unavailable = err instanceof StorageUnavailable;
    throw err;
  } finally {
    if (!unavailable) await storage.delete(uploadKey).catch(() => {});
  }
}
