import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { ApiError } from '../errors.ts';
import { StorageLimitError, UPLOAD_SUFFIX, userPrefix, type Storage } from '../storage/storage.ts';

export const AVATAR_SIZE = 512;
export const NOT_AN_IMAGE = 'Загрузите корректное изображение';
export const avatarTooLarge = (limit: number) =>
  new ApiError(413, { photo: [`Файл слишком большой. Максимальный размер — ${Math.floor(limit / (1024 * 1024)) || 1} МБ.`] });

/**
 * Streams an uploaded avatar into storage under a byte limit, checks it is an image by decoding it
 * (sharp), turns it upright per EXIF, drops all metadata, crops to at most 512×512 and keeps a WebP.
 * Returns the new key. Nothing is left behind when it fails.
 */
export async function storeAvatar(storage: Storage, userId: number, source: Readable, maxBytes: number): Promise<string> {
  const dir = `${userPrefix(userId)}avatar/`;
  const uploadKey = `${dir}${randomBytes(12).toString('hex')}${UPLOAD_SUFFIX}`;
  try {
    try {
      await storage.put(uploadKey, source, { maxBytes });
    } catch (err) {
      if (err instanceof StorageLimitError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw avatarTooLarge(maxBytes);
      throw err;
    }
    let webp: Buffer;
    try {
      webp = await sharp(await storage.localPath(uploadKey), { limitInputPixels: 50_000_000, failOn: 'error' })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new ApiError(400, { photo: [NOT_AN_IMAGE] });
    }
    const key = `${dir}${randomBytes(12).toString('hex')}.webp`;
    await storage.put(key, Readable.from([webp]));
    return key;
  } finally {
    await storage.delete(uploadKey).catch(() => {});
  }
}
