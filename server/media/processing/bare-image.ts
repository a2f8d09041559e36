/**
 * Whether an image file holds its picture and nothing else, so that serving its own bytes serves no
 * metadata: a JPEG, PNG or WebP whose every block is one the picture needs (or its colour profile), and
 * which ends where its format says it ends. sharp reports EXIF, XMP, IPTC and PNG text, but not a JPEG's
 * comment or unknown APPn segment, a PNG's private chunk, nor bytes after the end (another picture, a note
 * with a place), which every viewer ignores and a download would carry. Anything else is re-encoded.
 */
export function isBareImage(bytes: Buffer, format: string): boolean {
  switch (format) {
    case 'jpeg':
      return bareJpeg(bytes);
    case 'png':
      return barePng(bytes);
    case 'webp':
      return bareWebp(bytes);
    default:
      return false;
  }
}

const startsWith = (data: Buffer, text: string) => data.subarray(0, text.length).equals(Buffer.from(text, 'latin1'));

/** A JPEG segment the picture needs: tables, frame and scan headers, restart interval, JFIF, ICC, Adobe. */
function jpegSegmentAllowed(marker: number, data: Buffer): boolean {
  if (marker >= 0xc0 && marker <= 0xcf) return marker !== 0xc8; // SOFn, DHT, DAC (0xc8 is reserved)
  if (marker >= 0xdb && marker <= 0xdf) return true; // DQT, DNL, DRI, DHP, EXP
  if (marker === 0xda) return true; // SOS
  if (marker === 0xe0) return startsWith(data, 'JFIF\0') || startsWith(data, 'JFXX\0');
  if (marker === 0xe2) return startsWith(data, 'ICC_PROFILE\0');
  if (marker === 0xee) return startsWith(data, 'Adobe');
  return false; // COM, EXIF, XMP, IPTC, maker notes, MPF and every other APPn
}

/** SOI, segments the picture needs, their entropy-coded scans, EOI, and not one byte after it. */
function bareJpeg(b: Buffer): boolean {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return false;
  let i = 2;
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) return false;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // a fill byte before the marker
      continue;
    }
    i += 2;
    if (marker === 0xd9) return i === b.length; // EOI: the end, and nothing after it
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // RSTn, TEM: no length
    if (i + 2 > b.length) return false;
    const length = b.readUInt16BE(i);
    if (length < 2 || i + length > b.length) return false;
    if (!jpegSegmentAllowed(marker, b.subarray(i + 2, i + length))) return false;
    i += length;
    if (marker !== 0xda) continue;
    // The scan's entropy-coded data runs to the next marker: an 0xFF not followed by a stuffed 0x00 or a restart.
    for (;;) {
      const ff = b.indexOf(0xff, i);
      if (ff < 0 || ff + 1 >= b.length) return false;
      const next = b[ff + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i = ff + 2;
      else if (next === 0xff) i = ff + 1;
      else {
        i = ff;
        break;
      }
    }
  }
  return false;
}

/** PNG chunks that hold the picture or how to show it; text, EXIF, time and private chunks are not among them. */
const PNG_CHUNKS = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
  'hIST',
  'acTL',
  'fcTL',
  'fdAT',
]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function barePng(b: Buffer): boolean {
  if (!b.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let i = 8;
  while (i + 12 <= b.length) {
    const length = b.readUInt32BE(i);
    const type = b.toString('latin1', i + 4, i + 8);
    const end = i + 12 + length;
    if (end > b.length || !PNG_CHUNKS.has(type)) return false;
    if (type === 'IEND') return end === b.length;
    i = end;
  }
  return false;
}

/** WebP chunks of the picture (lossy, lossless, extended header, alpha, animation) and its colour profile. */
const WEBP_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);

function bareWebp(b: Buffer): boolean {
  if (b.length < 12 || !startsWith(b, 'RIFF') || b.toString('latin1', 8, 12) !== 'WEBP') return false;
  if (b.readUInt32LE(4) + 8 !== b.length) return false; // bytes past the RIFF container's end
  let i = 12;
  while (i + 8 <= b.length) {
    const type = b.toString('latin1', i, i + 4);
    const size = b.readUInt32LE(i + 4);
    if (!WEBP_CHUNKS.has(type) || i + 8 + size > b.length) return false;
    // An animation frame holds chunks of its own after its 16-byte header: the picture's only.
    if (type === 'ANMF' && !webpFrameBare(b.subarray(i + 8 + 16, i + 8 + size))) return false;
    i += 8 + size + (size % 2); // chunks are padded to an even size
  }
  return i === b.length;
}

function webpFrameBare(b: Buffer): boolean {
  let i = 0;
  while (i + 8 <= b.length) {
    const type = b.toString('latin1', i, i + 4);
    const size = b.readUInt32LE(i + 4);
    if (!['ALPH', 'VP8 ', 'VP8L'].includes(type)) return false;
    i += 8 + size + (size % 2);
  }
  return i === b.length;
}
