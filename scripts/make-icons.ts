// Draws the app's icons (a coin going into a piggy bank's slot on the brand colour) as PNGs for the
// web app manifest: `tsx scripts/make-icons.ts` rewrites public/icons/icon-{192,512}.png.
import path from 'node:path';
import sharp from 'sharp';

const BRAND = '#1b479c';

const svg = (size: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="0" fill="${BRAND}"/>
  <ellipse cx="50" cy="60" rx="30" ry="22" fill="#ffffff"/>
  <rect x="38" y="40" width="24" height="4" rx="2" fill="${BRAND}"/>
  <circle cx="50" cy="24" r="10" fill="#facc15"/>
  <rect x="30" y="76" width="8" height="10" rx="2" fill="#ffffff"/>
  <rect x="62" y="76" width="8" height="10" rx="2" fill="#ffffff"/>
</svg>`;

for (const size of [192, 512]) {
  const file = path.resolve('public', 'icons', `icon-${size}.png`);
  await sharp(Buffer.from(svg(size)))
    .png({ compressionLevel: 9, palette: true })
    .toFile(file);
  console.log(file);
}
