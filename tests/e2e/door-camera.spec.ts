import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import config from '../../playwright.config';
import { openDoor, result, setUpEvent, signInAsAdmin, ticketOf, type Setup } from './door-fixtures';

// The camera, with Chromium's fake camera playing a still picture of a ticket's QR code. The
// picture must exist before the browser starts, so the event and the code are made first.
const CAMERA_FEED = path.resolve('test-results/e2e-door-camera.y4m');
let cameraSetup: Setup | null = null;

test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${CAMERA_FEED}`,
    ],
  },
});

test.beforeAll(async () => {
  cameraSetup = await setUpEvent(String(config.use?.baseURL), [0]);
  await writeFile(CAMERA_FEED, await y4mOf(ticketOf(cameraSetup, cameraSetup.people[0]!.fullName).code));
});

test('Start camera reads a ticket held up to it, and admits once', async ({ page }) => {
  const setup = cameraSetup!;
  await signInAsAdmin(page);
  await openDoor(page, setup.eventId, 'Camera door');
  const start = page.getByRole('button', { name: 'Start camera' });
  await start.click();
  await expect(page.getByRole('button', { name: 'Stop camera' })).toBeVisible();
  await expect(result(page)).toContainText('Admitted', { timeout: 20_000 });
  await expect(result(page)).toContainText(setup.people[0]!.fullName);
  await expect(page.getByText('Checked in', { exact: true }).locator('..')).toContainText('1 / 1');
  // The ticket stays in front of the camera: it is not read again ("Already checked in").
  await expect(result(page)).toContainText('Admitted');
  await page.getByRole('button', { name: 'Stop camera' }).click();
  await expect(start).toBeVisible();
  // Leaving the page turns the camera off.
  await start.click();
  await expect(page.getByRole('button', { name: 'Stop camera' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: setup.eventName })).toBeVisible();
  const live = await page.evaluate(() =>
    [...document.querySelectorAll('video')].some((v) => v.srcObject instanceof MediaStream),
  );
  expect(live).toBe(false);
});

/** A one-frame Y4M video (what Chromium's fake camera plays) of the code as a QR image. */
async function y4mOf(code: string): Promise<Buffer> {
  const [width, height] = [640, 480];
  const png = await QRCode.toBuffer(code, { scale: 6, margin: 4 });
  const gray = await sharp(png)
    .resize({ width: height, height, fit: 'contain', background: '#ffffff' })
    .extend({ left: (width - height) / 2, right: (width - height) / 2, background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer();
  const luma = Buffer.alloc(width * height);
  // One channel per pixel after greyscale (sharp may keep three; take the first).
  const channels = gray.length / (width * height);
  for (let i = 0; i < width * height; i++) luma[i] = gray[i * channels]!;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`),
    Buffer.from('FRAME\n'),
    luma,
    chroma,
  ]);
}
