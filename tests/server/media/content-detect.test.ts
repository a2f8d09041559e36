import { Readable } from 'node:stream';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectStream } from '../../../server/media/content-types.ts';
import { StorageUnavailable } from '../../../server/storage/storage.ts';

/**
 * The upload's content check reads the stored bytes back from the storage. A file whose bytes say nothing known
 * is the uploader's (400); bytes the storage did not give are the storage's trouble (503), not a verdict on the
 * file: once, under load, a small PNG read back from the test S3 server was refused as «not an image».
 */
describe('detectStream, the upload’s content check', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 90 } } })
      .png()
      .toBuffer();
  });

  it('knows a whole PNG, given in small pieces', async () => {
    const pieces = Array.from({ length: Math.ceil(png.length / 7) }, (_, i) => png.subarray(i * 7, i * 7 + 7));
    await expect(detectStream(Readable.from(pieces, { objectMode: false }), png.length)).resolves.toEqual({
      ext: 'png',
      mime: 'image/png',
    });
  });

  it('finds no type in a whole file of bytes it does not know, however short', async () => {
    for (const bytes of [Buffer.from('not an image at all'), Buffer.alloc(3, 7), Buffer.alloc(0)])
      await expect(detectStream(Readable.from([bytes], { objectMode: false }), bytes.length)).resolves.toBeNull();
  });

  it('blames the storage, not the file, when the read ends before the file’s size with too little to know it', async () => {
    // (Given the PNG's first 16 bytes, the type is known from them: the header check after reads the whole file.)
    for (const given of [0, 5, 7]) {
      const read = detectStream(Readable.from(given ? [png.subarray(0, given)] : [], { objectMode: false }), png.length);
      await expect(read, `${given} of ${png.length} bytes`).rejects.toBeInstanceOf(StorageUnavailable);
    }
  });

  it('passes on the storage’s own read error', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('socket hang up'));
      },
    });
    await expect(detectStream(failing, png.length)).rejects.toThrow('socket hang up');
  });
});
