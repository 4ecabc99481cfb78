import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { IMAGE_WIDTHS, imageWidths } from '../../shared/image-widths';
import { IMAGE_FORMATS, NOT_AN_IMAGE } from '../../shared/images';
import { tooLarge, unprocessable } from './errors';
import type { Bucket, Storage } from './storage';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000; // well below sharp's 268 MP default

/** Only what the message names: not the other formats the decoder happens to read (SVG, TIFF,
 * PDF), so the rule and the message say the same thing (shared/images.ts). */
const ACCEPTED_FORMATS = new Set<string>(IMAGE_FORMATS);
export { NOT_AN_IMAGE };
export const IMAGE_TOO_LARGE = `Images must be ${MAX_IMAGE_BYTES / 1024 / 1024} MB or smaller.`;

/** The format sharp reads in the bytes' header: AVIF is HEIF with AV1 inside. */
async function formatOf(bytes: Buffer): Promise<string | null> {
  const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  if (meta.format === 'heif') return meta.compression === 'av1' ? 'avif' : 'heif';
  return meta.format ?? null;
}

export interface ImageOptions {
  /** Longest side after resizing; smaller images are not enlarged. */
  maxSize?: number;
  /** Crop to a centred square of maxSize (avatars). */
  square?: boolean;
  /** Folder inside the bucket, e.g. the member's id. */
  folder?: string;
}

/** Accepts only bytes that sharp can decode as an image, whatever the name or header
 * claimed; re-encodes to WebP (which drops EXIF, GPS and other metadata), names the file
 * itself and returns the public URL. A picture wider than some of IMAGE_WIDTHS also gets a copy
 * at each of them, stored first and named after it (shared/image-widths.ts); removeImage
 * removes them with it. */
export async function storeImage(
  storage: Storage,
  bucket: Bucket,
  bytes: Buffer,
  options: ImageOptions = {},
): Promise<string> {
  if (bytes.length === 0) throw unprocessable('INVALID_IMAGE', 'The file is empty.');
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge('IMAGE_TOO_LARGE', IMAGE_TOO_LARGE);
  const maxSize = options.maxSize ?? 1600;
  let encoded: Buffer;
  let width: number;
  let copies: { width: number; body: Buffer }[];
  try {
    if (!ACCEPTED_FORMATS.has((await formatOf(bytes)) ?? '')) throw new Error('format not accepted');
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    const resized = options.square
      ? image.resize(maxSize, maxSize, { fit: 'cover', position: 'attention' })
      : image.resize(maxSize, maxSize, { fit: 'inside', withoutEnlargement: true });
    // Decoded once; the picture and its narrower copies are encoded from the same pixels.
    const { data, info } = await resized.raw().toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    width = info.width;
    encoded = await pixels().webp({ quality: 82 }).toBuffer();
    copies = await Promise.all(
      IMAGE_WIDTHS.filter((w) => w < width).map(async (w) => ({
        width: w,
        // Copies serve dense phone screens, where quality 75 (image CDNs' usual default) looks the
        // same and weighs a fifth less; the slowest effort saves a few percent more, once, here.
        body: await pixels().resize({ width: w }).webp({ quality: 75, effort: 6 }).toBuffer(),
      })),
    );
  } catch {
    throw unprocessable('INVALID_IMAGE', NOT_AN_IMAGE);
  }
  const base = `${Date.now()}-${randomBytes(6).toString('hex')}`;
  const name = copies.length > 0 ? `${base}-w${width}.webp` : `${base}.webp`;
  const key = options.folder ? `${options.folder}/${name}` : name;
  // The copies first: a picture's URL is never handed out before its copies exist.
  const stored: string[] = [];
  try {
    for (const copy of imageWidths(key)?.copies ?? []) {
      const body = copies.find((c) => c.width === copy.width)!.body;
      await storage.put(bucket, copy.path, body, 'image/webp');
      stored.push(copy.path);
    }
    return await storage.put(bucket, key, encoded, 'image/webp');
  } catch (error) {
    await Promise.allSettled(stored.map((copyKey) => storage.remove(bucket, copyKey)));
    throw error;
  }
}

/** Removes a picture stored by storeImage (bucket/key) and its narrower copies, if it has any. */
export async function removeImage(storage: Storage, bucket: Bucket, key: string): Promise<void> {
  await storage.remove(bucket, key);
  await Promise.all((imageWidths(key)?.copies ?? []).map((copy) => storage.remove(bucket, copy.path)));
}

/** Deletes a file we stored in `bucket` earlier. Files that are not ours (seeded elsewhere, or in
 * another bucket) are left alone; a failure is logged, since the write it follows has happened. */
export async function removeStoredImage(
  storage: Storage,
  bucket: Bucket,
  url: string | null | undefined,
  log: FastifyBaseLogger,
) {
  const location = url ? storage.locate(url) : null;
  if (!location || location.bucket !== bucket) return;
  await removeImage(storage, location.bucket, location.key).catch((err) =>
    log.warn({ err, url }, 'could not remove image'),
  );
}
