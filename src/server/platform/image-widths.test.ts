import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { imageWidths } from '../../shared/image-widths';
import { removeImage, storeImage } from './images';
import { localStorage, type Bucket, type Storage } from './storage';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pm-image-widths-'));
});
afterAll(async () => rm(root, { recursive: true, force: true }));

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .png()
    .toBuffer();

const fileOf = (url: string) => path.join(root, url.replace('/uploads/', ''));
const sizeOf = async (url: string) => {
  const meta = await sharp(await readFile(fileOf(url))).metadata();
  return [meta.format, meta.width, meta.height];
};

describe('storeImage: narrower copies for small screens', () => {
  it('stores a copy at 480 and 1024 px beside a wider picture, named after it', async () => {
    const storage = localStorage(root);
    const url = await storeImage(storage, 'event-images', await picture(1200, 675), { folder: 'events' });
    expect(url).toMatch(/^\/uploads\/event-images\/events\/\d+-[0-9a-f]{12}-w1200\.webp$/);
    expect(await sizeOf(url)).toEqual(['webp', 1200, 675]);
    const widths = imageWidths(url);
    expect(widths?.width).toBe(1200);
    expect(widths?.copies.map((c) => c.width)).toEqual([480, 1024]);
    expect(await sizeOf(widths!.copies[0]!.path)).toEqual(['webp', 480, 270]);
    expect(await sizeOf(widths!.copies[1]!.path)).toEqual(['webp', 1024, 576]);
    expect(widths!.copies[1]!.path).toBe(url.replace('-w1200.webp', '-w1024.webp'));
  });

  it('makes only the copies narrower than the picture, and none for a small one', async () => {
    const storage = localStorage(root);
    const medium = await storeImage(storage, 'podcast-images', await picture(700, 700));
    expect(imageWidths(medium)?.copies.map((c) => c.width)).toEqual([480]);
    expect(await sizeOf(imageWidths(medium)!.copies[0]!.path)).toEqual(['webp', 480, 480]);

    // Avatars (400 px squares) and other small pictures keep the plain name: no copies promised.
    const small = await storeImage(storage, 'avatars', await picture(900, 600), { maxSize: 400, square: true });
    expect(small).toMatch(/\/\d+-[0-9a-f]{12}\.webp$/);
    expect(imageWidths(small)).toBeNull();
    expect(await readdir(path.dirname(fileOf(small)))).toEqual([path.basename(small)]);
  });

  it('removeImage removes the picture with its copies, and a plain one alone', async () => {
    const storage = localStorage(root);
    const url = await storeImage(storage, 'sponsor-images', await picture(1100, 500), { folder: 'gone' });
    const folder = path.join(root, 'sponsor-images', 'gone');
    expect((await readdir(folder)).length).toBe(3);
    await removeImage(storage, 'sponsor-images', storage.locate(url)!.key);
    expect(await readdir(folder)).toEqual([]);

    const plain = await storeImage(storage, 'sponsor-images', await picture(300, 200), { folder: 'gone' });
    await removeImage(storage, 'sponsor-images', storage.locate(plain)!.key);
    expect(await readdir(folder)).toEqual([]);
  });

  it('hands out no URL, and leaves no copy behind, when the picture itself cannot be stored', async () => {
    const inner = localStorage(root);
    const failing: Storage = {
      ...inner,
      put: (bucket: Bucket, key: string, body: Buffer, type: string) =>
        /-w1200\.webp$/.test(key) ? Promise.reject(new Error('disk full')) : inner.put(bucket, key, body, type),
    };
    await expect(storeImage(failing, 'forum-images', await picture(1200, 800), { folder: 'failing' })).rejects.toThrow(
      'disk full',
    );
    expect(await readdir(path.join(root, 'forum-images', 'failing'))).toEqual([]);
  });
});

describe('imageWidths', () => {
  it('promises copies only for marked names of our own shape', () => {
    expect(imageWidths('/uploads/event-images/events/1700000000000-abcdef012345.webp')).toBeNull();
    expect(imageWidths('https://example.com/photo.webp')).toBeNull();
    expect(imageWidths('/uploads/avatars/u/1700000000000-abcdef012345-w400.webp')).toBeNull();
    expect(imageWidths('https://cdn.example/b/event-images/demo/1700000000000-abcdef012345-w1600.webp')).toEqual({
      width: 1600,
      copies: [
        { width: 480, path: 'https://cdn.example/b/event-images/demo/1700000000000-abcdef012345-w480.webp' },
        { width: 1024, path: 'https://cdn.example/b/event-images/demo/1700000000000-abcdef012345-w1024.webp' },
      ],
    });
  });
});
