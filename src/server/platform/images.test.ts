import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { storeImage } from './images';
import { localStorage } from './storage';
import { HttpError } from './errors';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pm-images-'));
});
afterAll(async () => rm(root, { recursive: true, force: true }));

const jpegWithExif = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Artist: 'Secret Person', ImageDescription: 'home address' } } })
    .toBuffer();

describe('storeImage', () => {
  it('re-encodes a real image to WebP without metadata, names it itself and returns its URL', async () => {
    const storage = localStorage(root);
    const input = await jpegWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const url = await storeImage(storage, 'avatars', input, { folder: 'user-1', maxSize: 256, square: true });
    expect(url).toMatch(/^\/uploads\/avatars\/user-1\/\d+-[0-9a-f]{12}\.webp$/);
    const file = path.join(root, url.replace('/uploads/', ''));
    const meta = await sharp(await readFile(file)).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(storage.locate(url)).toEqual({ bucket: 'avatars', key: url.split('/avatars/')[1] });

    await storage.remove('avatars', storage.locate(url)!.key);
    await expect(stat(file)).rejects.toThrow();
  });

  it('refuses bytes that are not an image, whatever they claim to be', async () => {
    const storage = localStorage(root);
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>')]);
    const error = await storeImage(storage, 'avatars', fake).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.statusCode).toBe(422);
    expect(error.code).toBe('INVALID_IMAGE');
  });

  it('refuses images with too many pixels (decompression bombs)', async () => {
    const storage = localStorage(root);
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const error = await storeImage(storage, 'event-images', huge).catch((e) => e);
    expect(error.statusCode).toBe(422);
  });

  it('never writes outside the bucket', async () => {
    const storage = localStorage(root);
    await expect(storage.put('avatars', '../../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
    expect(storage.locate('/uploads/avatars/../secret')).toBeNull();
    expect(storage.locate('https://elsewhere.example/avatars/a.webp')).toBeNull();
  });
});
