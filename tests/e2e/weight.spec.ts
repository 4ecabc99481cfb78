import path from 'node:path';
import { expect, test, type Response } from '@playwright/test';
import { describeFirstLoad, LANDING_FIRST_LOAD_BUDGET, landingFirstLoad } from '../../scripts/bench/first-load';

// The weight ratchet: the landing page's first load (its JavaScript and CSS, in brotli, as the
// server sends them) stays within the budget written in scripts/bench/first-load.ts. It runs
// here, on the build `npm run test:e2e` has just made (scripts/build-if-changed.ts), so
// `npm test` builds the web app once. The weight is counted from the build's files; a phone's
// first visit checks that the count leaves out nothing the browser really loads.

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

test("the landing page's first load stays within its weight budget", async ({ page }) => {
  const load = await landingFirstLoad(path.resolve('dist/web'));

  const loaded = new Set<string>();
  page.on('request', (request) => {
    if (['script', 'stylesheet'].includes(request.resourceType())) loaded.add(new URL(request.url()).pathname);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const counted = new Set(load.files.map((f) => f.url));
  expect(
    [...loaded].filter((url) => !counted.has(url)),
    'loaded by the page but not counted',
  ).toEqual([]);
  // The other way: every module counted is loaded (the theme script and the first stylesheet
  // are written into the page by the server, so the browser asks for neither by name).
  const modules = [...counted].filter((url) => url.startsWith('/assets/') && url.endsWith('.js'));
  expect(
    modules.filter((url) => !loaded.has(url)),
    'counted but not loaded',
  ).toEqual([]);

  console.log(`Landing page, first load (JS and CSS, brotli quality 11):\n${describeFirstLoad(load)}`);
  expect(
    load.brotli,
    `the landing page's first load weighs more than its budget (scripts/bench/first-load.ts):\n${describeFirstLoad(load)}`,
  ).toBeLessThanOrEqual(LANDING_FIRST_LOAD_BUDGET);
});

// zod and the shared schemas (about 23 KB in brotli, and a long task to evaluate) are for forms
// and the server: a visitor's public page shows texts from the zod-free `*-texts.ts` files. One
// import of a schema file from a shared component brings them back to every public page.
test('no public page loads the validation library', async ({ page }) => {
  const { events } = (await (await page.request.get('/api/events')).json()) as { events: { id: string }[] };
  const scripts = new Map<string, string>();
  for (const route of ['/', '/events', `/events/${events[0]!.id}`, '/community', '/podcasts']) {
    const loaded: Promise<void>[] = [];
    const onResponse = (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      const url = new URL(response.url()).pathname;
      loaded.push(response.text().then((text) => void scripts.set(url, text)));
    };
    page.on('response', onResponse);
    await page.goto(route, { waitUntil: 'networkidle' });
    await expect(page.locator('html[data-app]'), route).toBeAttached();
    await Promise.all(loaded);
    page.off('response', onResponse);
  }
  // What the screens load up front; chunks loaded later (below the fold, on a press) are not
  // looked at.
  expect(scripts.size).toBeGreaterThan(3);
  const withZod = [...scripts].filter(([, text]) => text.includes('ZodError')).map(([url]) => url);
  expect(withZod, 'scripts with zod in them').toEqual([]);
});
