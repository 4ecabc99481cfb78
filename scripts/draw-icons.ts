// Draws the icons browsers, bookmarks and phones' home screens ask for by name, from the one
// drawing in src/web/public/favicon.svg: /favicon.ico (16, 32 and 48 px, PNG inside, as every
// browser since 2010 reads), /icon-192.png and /icon-512.png (the manifest's) and /apple-touch-icon.png (180 px, square and opaque: iOS rounds the
// corners itself), and the podcast feed's cover (/podcast-cover.jpg). Run it after changing the drawing: `npx tsx scripts/draw-icons.ts`.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve('src/web/public');
const svg = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');

const png = (drawing: string, size: number) =>
  sharp(Buffer.from(drawing), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An ICO file holding PNG images: a 6-byte header, a 16-byte entry per image, the images. */
function ico(images: { size: number; data: Buffer }[]) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

const sizes = [16, 32, 48];
const images = await Promise.all(sizes.map(async (size) => ({ size, data: await png(svg, size) })));
await writeFile(path.join(publicDir, 'favicon.ico'), ico(images));
await writeFile(path.join(publicDir, 'apple-touch-icon.png'), await png(svg.replace('rx="8"', 'rx="0"'), 180));
// The web app manifest's icons (manifest.webmanifest), square and opaque like the one above.
for (const size of [192, 512])
  await writeFile(path.join(publicDir, `icon-${size}.png`), await png(svg.replace('rx="8"', 'rx="0"'), size));
// The podcast's cover for its feed (Apple asks for a square JPEG or PNG of 1400 to 3000 px):
// the mark on the brand colour with sound rings around it, and no words (the apps print the title).
const rings = [17, 22, 27]
  .map(
    (r, i) =>
      `<circle cx="16" cy="16" r="${r / 2}" fill="none" stroke="#fff" stroke-opacity="${0.35 - i * 0.1}" stroke-width="0.6"/>`,
  )
  .join('');
const cover = svg
  .replace('rx="8"', 'rx="0"')
  .replace('<path', `${rings}<g transform="translate(8 8) scale(0.5)"><path`)
  .replace('</svg>', '</g></svg>');
await writeFile(
  path.join(publicDir, 'podcast-cover.jpg'),
  await sharp(Buffer.from(cover), { density: (72 * 1400) / 32 })
    .resize(1400, 1400)
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer(),
);
console.log('wrote src/web/public/favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png and podcast-cover.jpg');
