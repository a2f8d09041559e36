import sharp from 'sharp';

/**
 * A realistic photo library, as the face reviews look at it: 40 photos taken over three years on 29 days (a day
 * holds one to four), in the four shapes a phone and a camera make, each with the EXIF a phone writes (the camera,
 * the lens, the exposure, when it was taken with the zone's offset). Small pictures, so 40 are processed in
 * seconds; their shapes are what the timeline's layout reads (`width`, `height`). Used by the browser tests
 * (tests/e2e/support/photo-library.ts) and `npm run screenshots`.
 */

export const SHAPES = {
  landscape: [640, 480],
  portrait: [480, 640],
  square: [512, 512],
  panorama: [1200, 400],
} as const;
export type Shape = keyof typeof SHAPES;

export interface LibraryPhoto {
  title: string;
  shape: Shape;
  /** EXIF's `YYYY:MM:DD HH:MM:SS`, the camera's wall clock. */
  taken: string;
  offset: string;
  jpeg: Buffer;
}

/** Days back from today the photos were taken on (29 of them over three years), and how many that day. */
const DAYS: readonly (readonly [number, number])[] = [
  [0, 3],
  [1, 1],
  [4, 2],
  [9, 1],
  [16, 2],
  [30, 1],
  [45, 3],
  [61, 1],
  [90, 1],
  [120, 2],
  [150, 1],
  [200, 1],
  [240, 2],
  [300, 1],
  [365, 1],
  [400, 2],
  [430, 1],
  [500, 1],
  [560, 2],
  [600, 1],
  [650, 1],
  [700, 1],
  [760, 2],
  [800, 1],
  [850, 1],
  [900, 1],
  [960, 1],
  [1020, 1],
  [1080, 1],
];

/** The shapes in the order a phone's camera roll mixes them: mostly landscape and portrait, a square, now and then a panorama. */
const SHAPE_CYCLE: readonly Shape[] = ['landscape', 'portrait', 'landscape', 'square', 'portrait', 'landscape', 'panorama', 'portrait'];
const OFFSETS = ['+03:00', '+05:00', '+07:00', '+08:00'];
const TITLES = ['Обед', 'Кот на подоконнике', 'Первый снег', 'Закат', 'Озеро', 'Горы', 'Дача', 'Вокзал'];

const pad = (n: number) => String(n).padStart(2, '0');

/** The library's photos, newest first, dated from `now` back (the camera's wall clock). */
export async function realisticPhotos(now = new Date()): Promise<LibraryPhoto[]> {
  const photos: LibraryPhoto[] = [];
  let n = 0;
  for (const [back, count] of DAYS) {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - back));
    for (let k = 0; k < count; k++, n++) {
      const shape = SHAPE_CYCLE[n % SHAPE_CYCLE.length]!;
      const [width, height] = SHAPES[shape];
      // Earlier in the day for later photos of it: newest first within a day, as the timeline runs.
      const taken = `${day.getUTCFullYear()}:${pad(day.getUTCMonth() + 1)}:${pad(day.getUTCDate())} ${pad(18 - k * 2)}:${pad((n * 7) % 60)}:00`;
      const offset = OFFSETS[n % OFFSETS.length]!;
      const hue = (n * 47) % 360;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
        <rect width="100%" height="100%" fill="hsl(${hue},55%,70%)"/>
        <circle cx="${width * 0.7}" cy="${height * 0.3}" r="${Math.min(width, height) * 0.12}" fill="hsl(${(hue + 40) % 360},80%,85%)"/>
        <path d="M0 ${height * 0.7} Q ${width * 0.3} ${height * 0.5} ${width * 0.6} ${height * 0.7} T ${width} ${height * 0.65} V ${height} H 0 Z" fill="hsl(${(hue + 180) % 360},40%,35%)"/>
      </svg>`;
      const jpeg = await sharp(Buffer.from(svg))
        .jpeg({ quality: 80 })
        .withExif({
          IFD0: { Make: 'Apple', Model: 'iPhone 13' },
          IFD2: {
            DateTimeOriginal: taken,
            OffsetTimeOriginal: offset,
            ExposureTime: '1/125',
            FNumber: '16/10',
            ISOSpeedRatings: '100',
            FocalLength: '51/10',
            LensModel: 'iPhone 13 back dual wide camera 5.1mm f/1.6',
          },
        })
        .toBuffer();
      photos.push({ title: `${TITLES[n % TITLES.length]} ${n + 1}`, shape, taken, offset, jpeg });
    }
  }
  return photos;
}
