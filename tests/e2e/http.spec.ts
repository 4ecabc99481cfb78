import { expect, test } from '@playwright/test';

// What uptime monitors, link checkers, browsers and phones ask of the server by name.

test('HEAD on a page answers as GET does, without the body', async ({ request }) => {
  for (const path of ['/', '/events', '/community', '/login']) {
    const get = await request.get(path);
    const head = await request.head(path);
    expect(head.status(), path).toBe(200);
    expect(head.headers()['content-type'], path).toBe(get.headers()['content-type']);
    expect((await head.body()).length, path).toBe(0);
  }
});

test('/favicon.ico and /apple-touch-icon.png are icons, not the page', async ({ request }) => {
  const ico = await request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const icoBytes = await ico.body();
  // ICONDIR: reserved 0, type 1 (icon), then the number of images.
  expect([...icoBytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(icoBytes.readUInt16LE(4)).toBeGreaterThanOrEqual(2);

  const touch = await request.get('/apple-touch-icon.png');
  expect(touch.status()).toBe(200);
  expect(touch.headers()['content-type']).toBe('image/png');
  const png = await touch.body();
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  // IHDR: width and height, big-endian, at bytes 16 and 20.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]);

  const page = await (await request.get('/')).text();
  expect(page).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');
});
