import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoRecordSchema } from '../../../../contract/media.ts';
import { bodyOf, matching } from '../../support/inject-json.ts';
import { createUser, multipart, pathOf } from '../../support/media-fixtures.ts';
import { processed } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/**
 * Whatever format a photo comes in, nothing the API serves for it (the full-size file, the preview,
 * the thumbnail, the default download) carries its metadata, where phones write the location. Only
 * `?format=original` gives the uploaded bytes back.
 */

const XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="55,45.348N" exif:GPSLongitude="37,37.038E" exif:UserComment="KOPILKA-XMP"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
const EXIF = {
  IFD0: { Make: 'KOPILKA-EXIF' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 21/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 2/1' },
};
/** Byte strings that only metadata puts in these files. */
const MARKERS = ['KOPILKA', 'GPS', 'xmpmeta', 'XMP DataXMP', 'Exif\0\0', '55,45.348N'];

const frame = (r: number) => sharp({ create: { width: 96, height: 64, channels: 3, background: { r, g: 90, b: 160 } } });

/** A three-frame animated GIF with an XMP application extension and a comment carrying a location. */
async function locatedGif(): Promise<Buffer> {
  const frames = await Promise.all([30, 130, 230].map((r) => frame(r).raw().toBuffer()));
  const gif = await sharp(Buffer.concat(frames), { raw: { width: 96, height: 192, channels: 3, pageHeight: 64 } })
    .gif({ loop: 0, delay: [200, 200, 200] })
    .toBuffer();
  // Blocks go after the header, the logical screen descriptor and its global colour table (if any).
  const packed = gif[10]!;
  const at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  // XMP in GIF: the packet written raw, then the 258-byte "magic trailer" that ends it as sub-blocks.
  const trailer = Buffer.from([0x01, ...Array.from({ length: 256 }, (_, i) => 255 - i), 0x00]);
  const xmpBlock = Buffer.concat([Buffer.from([0x21, 0xff, 0x0b]), Buffer.from('XMP DataXMP'), Buffer.from(XMP), trailer]);
  const text = Buffer.from('KOPILKA comment: GPS 55.7558 37.6173');
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, text.length]), text, Buffer.from([0x00])]);
  return Buffer.concat([gif.subarray(0, at), xmpBlock, comment, gif.subarray(at)]);
}

/** A PNG whose only metadata is a text chunk (no EXIF, no XMP) holding a location. */
async function pngWithTextChunk(): Promise<Buffer> {
  const png = await frame(60).png().toBuffer();
  const data = Buffer.from('Comment\0KOPILKA GPS 55.7558 37.6173', 'latin1');
  const type = Buffer.from('tEXt');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  const afterIhdr = 8 + 8 + 13 + 4;
  return Buffer.concat([png.subarray(0, afterIhdr), len, type, data, crc, png.subarray(afterIhdr)]);
}

async function expectNoMetadata(what: string, bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  const present = { exif: Boolean(meta.exif), xmp: Boolean(meta.xmp), iptc: Boolean(meta.iptc), comments: meta.comments ?? [] };
  expect({ what, ...present }).toEqual({ what, exif: false, xmp: false, iptc: false, comments: [] });
  const latin1 = bytes.toString('latin1');
  expect({ what, found: MARKERS.filter((m) => latin1.includes(m)) }).toEqual({ what, found: [] });
}

describe('photo location', () => {
  let t: TestApp;
  let alice: User;

  const upload = (data: Buffer, filename: string) => {
    const body = multipart({ title: filename }, { field: 'file', filename, data });
    return t.app.inject({
      method: 'POST',
      url: '/api/media/photo/',
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
  });
  afterAll(() => t.close());

  /** Uploads, then checks every URL the API serves for the photo; returns the served full-size bytes. */
  async function uploadAndCheck(original: Buffer, filename: string, mime: string): Promise<Buffer> {
    const latin1 = original.toString('latin1');
    expect(latin1.includes('KOPILKA')).toBe(true); // the test file does carry the location
    const res = await upload(original, filename);
    expect(res.statusCode, res.body).toBe(201);
    const rec = matching(photoRecordSchema, await processed(t, alice, 'photo', bodyOf(res, photoRecordSchema).id));
    expect(rec).toMatchObject({ mime_type: mime, status: 'ready' });

    const served: Record<string, Buffer> = {};
    for (const [what, url] of [
      ['file', pathOf(rec.file!)],
      ['preview', pathOf(rec.preview!)],
      ['thumbnail', pathOf(rec.thumbnail!)],
    ] as const) {
      const r = await t.app.inject({ url });
      expect(r.statusCode).toBe(200);
      served[what] = r.rawPayload;
    }
    const download = await t.app.inject({ url: rec.download_url!, headers: alice.headers });
    expect(download.statusCode).toBe(200);
    served.download = download.rawPayload;
    for (const [what, bytes] of Object.entries(served)) await expectNoMetadata(`${filename}: ${what}`, bytes);

    const exact = await t.app.inject({ url: `${rec.download_url}?format=original`, headers: alice.headers });
    expect(exact.statusCode).toBe(200);
    expect(exact.headers['content-type']).toBe(mime);
    expect(exact.rawPayload.equals(original)).toBe(true);
    return served.file!;
  }

  it('serves an animated GIF without its XMP and comment, still animated', async () => {
    const gif = await locatedGif();
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(3);
    const file = await uploadAndCheck(gif, 'located.gif', 'image/gif');
    const meta = await sharp(file, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', pages: 3, width: 96, pageHeight: 64 });
  });

  it('serves an AVIF without its EXIF (GPS) and XMP', async () => {
    const avif = await frame(200).avif().withExif(EXIF).withXmp(XMP).toBuffer();
    const meta = await sharp(avif).metadata();
    expect(Boolean(meta.exif && meta.xmp)).toBe(true);
    const file = await uploadAndCheck(avif, 'located.avif', 'image/avif');
    expect(await sharp(file).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 96, height: 64 });
  });

  it('serves a PNG without a text chunk that holds a location', async () => {
    const png = await pngWithTextChunk();
    expect((await sharp(png).metadata()).comments).toEqual([{ keyword: 'Comment', text: 'KOPILKA GPS 55.7558 37.6173' }]);
    const file = await uploadAndCheck(png, 'located.png', 'image/png');
    expect((await sharp(file).metadata()).format).toBe('png');
  });

  it('serves JPEG and WebP without EXIF (GPS) and XMP', async () => {
    for (const [fmt, mime] of [
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
    ] as const) {
      const data = await frame(90).toFormat(fmt).withExif(EXIF).withXmp(XMP).toBuffer();
      const file = await uploadAndCheck(data, `located.${fmt}`, mime);
      expect((await sharp(file).metadata()).format).toBe(fmt);
    }
  });

  /** A chunk of a PNG: length, type, data, CRC. */
  const pngChunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
    return Buffer.concat([head, Buffer.from(type, 'latin1'), data, crc]);
  };
  const hidden = Buffer.from('KOPILKA GPS 55.7558 37.6173', 'latin1');

  it('serves no bytes past a JPEG’s end or in its comment, though it has no metadata block', async () => {
    const bare = await frame(120).jpeg().toBuffer();
    expect(bare.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    // Bytes after the end marker (another picture, a note with a place) that every viewer ignores.
    const trailing = Buffer.concat([bare, hidden]);
    let file = await uploadAndCheck(trailing, 'trailing.jpg', 'image/jpeg');
    expect(file.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    // A comment segment (COM) right after the start: sharp reports no metadata for it.
    const comment = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xfe, 0, hidden.length + 2]), hidden, bare.subarray(2)]);
    expect((await sharp(comment).metadata()).exif).toBeUndefined();
    file = await uploadAndCheck(comment, 'comment.jpg', 'image/jpeg');
    expect((await sharp(file).metadata()).format).toBe('jpeg');
  });

  it('serves no bytes past a PNG’s end or in a chunk of its own, nor past a WebP’s', async () => {
    const png = await frame(140).png().toBuffer();
    await uploadAndCheck(Buffer.concat([png, hidden]), 'trailing.png', 'image/png');
    const privateChunk = Buffer.concat([png.subarray(0, 33), pngChunk('prVt', hidden), png.subarray(33)]);
    await uploadAndCheck(privateChunk, 'private.png', 'image/png');
    const webp = await frame(160).webp().toBuffer();
    await uploadAndCheck(Buffer.concat([webp, hidden]), 'trailing.webp', 'image/webp');
  });

  it('still serves a photo that carries nothing but its picture as it was uploaded', async () => {
    const pictures = [
      ['jpeg', 'image/jpeg', await frame(180).jpeg().toBuffer()],
      ['progressive jpeg', 'image/jpeg', await frame(190).jpeg({ progressive: true }).toBuffer()],
      ['png', 'image/png', await frame(200).png().toBuffer()],
      ['webp', 'image/webp', await frame(210).webp().toBuffer()],
    ] as const;
    for (const [what, mime, bare] of pictures) {
      const res = await upload(bare, `bare-${what}`);
      expect(res.statusCode, res.body).toBe(201);
      const rec = matching(photoRecordSchema, await processed(t, alice, 'photo', bodyOf(res, photoRecordSchema).id));
      expect(rec.mime_type).toBe(mime);
      const served = await t.app.inject({ url: pathOf(rec.file!) });
      expect(served.rawPayload.equals(bare), what).toBe(true);
    }
  });
});
