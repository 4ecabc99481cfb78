import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { decodeQr } from '../../src/server/test/qr';
import { appStarted, DEMO_ADMIN, expectNoAxeViolationsInBothThemes } from './fixtures';

// Name badges (issue 36): the admin downloads the next demo mixer's badges from its admin page;
// the PDF is drawn by pdf.js in this Chromium, and the QR code on the first badge, decoded from
// those pixels, opens that member's connect page.

const PDFJS = path.resolve('node_modules/pdfjs-dist/build');
const VIEWER = 'http://pdf.test/';

/** Page `n` of the PDF as a PNG, drawn by pdf.js at `scale` (1 = 72 px an inch), with its text. */
async function renderPdf(page: Page, pdf: Buffer, n: number, scale: number) {
  await page.route(`${VIEWER}**`, async (route) => {
    const file = new URL(route.request().url()).pathname.slice(1);
    if (file === '')
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>pdf</title><canvas></canvas>' });
    return route.fulfill({ contentType: 'text/javascript', body: await readFile(path.join(PDFJS, file)) });
  });
  await page.goto(VIEWER);
  const drawn = await page.evaluate(
    async ({ data, n, scale }) => {
      const pdfjs = await import('/pdf.min.mjs' as string);
      pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.min.mjs';
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const doc = await pdfjs.getDocument({ data: bytes }).promise;
      const pdfPage = await doc.getPage(n);
      const viewport = pdfPage.getViewport({ scale });
      const canvas = document.querySelector('canvas')!;
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      await pdfPage.render({ canvasContext: canvas.getContext('2d')!, viewport }).promise;
      const text = (await pdfPage.getTextContent()).items.map((i: { str?: string }) => i.str ?? '').join('\n');
      return { png: canvas.toDataURL('image/png').split(',')[1]!, pages: doc.numPages as number, text };
    },
    { data: pdf.toString('base64'), n, scale },
  );
  return { ...drawn, png: Buffer.from(drawn.png, 'base64') };
}

test('the next mixer’s badges download from its admin page, and a badge’s QR code opens its member’s connect page', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await appStarted(page);
  const origin = new URL(page.url()).origin;
  expect((await page.request.post('/api/auth/sign-in', { data: DEMO_ADMIN, headers: { origin } })).status()).toBe(200);
  const { events } = (await (await page.request.get('/api/events?status=upcoming&pageSize=1')).json()) as {
    events: { id: string; name: string }[];
  };
  const next = events[0]!;

  await page.goto(`/events/${next.id}/edit`);
  const badges = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Name badges' }) });
  await expect(badges).toBeVisible();
  await expect(badges.getByLabel('Layout')).toHaveValue('insert');
  await expectNoAxeViolationsInBothThemes(page, 'the event admin page with its badges');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    badges.getByRole('button', { name: 'Download badges (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^badges-.+\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Drawn at 2x; the first badge (4 x 3 in, 1/4 in from the left, 1 in from the top) cut out.
  const scale = 2;
  const sheet = await renderPdf(page, pdf, 1, scale);
  await testInfo.attach('badges-page-1', { body: sheet.png, contentType: 'image/png' });
  const { default: sharp } = await import('sharp');
  const first = await sharp(sheet.png)
    .extract({ left: 18 * scale, top: 72 * scale, width: 288 * scale, height: 216 * scale })
    .png()
    .toBuffer();
  const url = await decodeQr(first);
  expect(url, 'the first badge carries a QR code').toMatch(new RegExp(`^${origin}/connect/[A-Za-z0-9_-]{22}$`));

  // It opens that member's connect page, whose name is on the sheet.
  await page.unrouteAll();
  await page.goto(url!);
  const name = page.getByRole('heading', { level: 1 });
  await expect(name).not.toHaveText('Connect code not valid');
  expect(sheet.text).toContain((await name.textContent())!.trim());
});

test('the door screen reprints one person’s badge', async ({ page }) => {
  await page.goto('/');
  await appStarted(page);
  const origin = new URL(page.url()).origin;
  expect((await page.request.post('/api/auth/sign-in', { data: DEMO_ADMIN, headers: { origin } })).status()).toBe(200);
  const { events } = (await (await page.request.get('/api/events?status=upcoming&pageSize=1')).json()) as {
    events: { id: string }[];
  };
  const door = (await (await page.request.get(`/api/events/${events[0]!.id}/door`)).json()) as {
    tickets: { name: string; status: string; kind: string }[];
  };
  const person = door.tickets.find((t) => t.status === 'attending' && t.kind === 'member')!;
  await page.goto(`/events/${events[0]!.id}/check-in`);
  await page.getByLabel('Search by name').fill(person.name);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Print badge for ${person.name}` }).click(),
  ]);
  const pdf = await readFile((await download.path())!);
  const sheet = await renderPdf(page, pdf, 1, 1);
  expect(sheet.pages).toBe(1);
  expect(sheet.text).toContain(person.name);
  // The whole list, with the same choices as the admin page, is on the door screen too.
  await page.unrouteAll();
  await page.goto(`/events/${events[0]!.id}/check-in`);
  await expect(
    page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Name badges' }) })
      .getByLabel('Who'),
  ).toBeVisible();
});
