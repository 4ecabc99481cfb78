import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { unprocessable } from './errors';
import type { Bucket, Storage } from './storage';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000; // well below sharp's 268 MP default

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
 * itself and returns the public URL. */
export async function storeImage(
  storage: Storage,
  bucket: Bucket,
  bytes: Buffer,
  options: ImageOptions = {},
): Promise<string> {
  if (bytes.length === 0) throw unprocessable('INVALID_IMAGE', 'The file is empty.');
  if (bytes.length > MAX_IMAGE_BYTES) throw unprocessable('IMAGE_TOO_LARGE', 'Images must be 10 MB or smaller.');
  const maxSize = options.maxSize ?? 1600;
  let encoded: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    const resized = options.square
      ? image.resize(maxSize, maxSize, { fit: 'cover', position: 'attention' })
      : image.resize(maxSize, maxSize, { fit: 'inside', withoutEnlargement: true });
    encoded = await resized.webp({ quality: 82 }).toBuffer();
  } catch {
    throw unprocessable('INVALID_IMAGE', 'Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).');
  }
  const name = `${Date.now()}-${randomBytes(6).toString('hex')}.webp`;
  const key = options.folder ? `${options.folder}/${name}` : name;
  return storage.put(bucket, key, encoded, 'image/webp');
}
