import { expect, test, type Page } from '@playwright/test';

// No layout shift on the public routes: skeletons and reserved room are the size of what replaces
// them, and the countdown and the footer stay put while code and data arrive (issue 12: CLS at
// most 0.05). The API and the screens' code are slowed down so every loading state is painted
// before its content replaces it, as on a phone.

const MAX_CLS = 0.05;
const DELAY_MS = 400;

type Shift = { value: number; sources: string[] };

/** Records every layout shift from the first paint on (before any of the page's scripts run). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node;
          if (!(node instanceof Element)) return node?.nodeName ?? '?';
          return `${node.tagName.toLowerCase()}.${[...node.classList].slice(0, 4).join('.')}`;
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Holds back API answers and lazily loaded code, so loading states are seen first. */
async function slowDown(page: Page) {
  await page.route(/\/(api\/|assets\/).*/, async (route) => {
    const url = route.request().url();
    // The entry chunk and the stylesheet come with the page; only what follows is held back.
    if (/\/assets\/index-[^/]*\.(js|css)$/.test(url)) return route.continue();
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    await route.continue();
  });
}

async function settledShifts(page: Page): Promise<Shift[]> {
  await page.waitForLoadState('networkidle');
  // Loading states in view have given way to content (the landing page loads its lower part later).
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.animate-pulse, .animate-spin')].every(
        (element) => element.getBoundingClientRect().top >= window.innerHeight,
      ),
    undefined,
    { timeout: 15_000 },
  );
  // A few ticks of the countdown, and late images, get their chance to move things.
  await page.waitForTimeout(2500);
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

async function firstEventPath(page: Page) {
  const response = await page.request.get('/api/landing');
  const landing = (await response.json()) as { nextEvent: { id: string } | null; events: { id: string }[] };
  const id = landing.nextEvent?.id ?? landing.events[0]?.id;
  expect(id, 'the demo content has an event').toBeTruthy();
  return `/events/${id}`;
}

const viewports = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

for (const viewport of viewports) {
  test(`the public routes do not shift while they load (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const routes = ['/', '/events', await firstEventPath(page), '/community', '/podcasts'];
    await recordShifts(page);
    await slowDown(page);

    const results: Record<string, { cls: number; shifts: Shift[] }> = {};
    for (const route of routes) {
      await page.goto(route);
      const shifts = await settledShifts(page);
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      results[route] = { cls, shifts };
      test.info().annotations.push({ type: 'CLS', description: `${route}: ${cls.toFixed(4)}` });
    }

    for (const [route, { cls, shifts }] of Object.entries(results)) {
      expect(cls, `layout shift on ${route}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_CLS);
    }
  });
}
