import { expect, test, type Page } from '@playwright/test';
import { publicRoutes } from './routes';

// A public page carries only its own first screen's rules (scripts/build/first-styles.ts): what it
// leaves out must be what the page never shows. On every public route, at a phone's and a
// desktop's width and scrolled to the end, no class on the page has a rule in the whole
// stylesheet that the page lacks. Going on to another screen brings the whole stylesheet first.

/** Classes on the page that the whole stylesheet styles but the page's own styles do not. */
async function unstyledClasses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const classesOf = (rules: CSSRuleList, into: Set<string>) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule)
          for (const [, name] of rule.selectorText.matchAll(/\.((?:\\.|[\w-])+)/g))
            into.add(name!.replace(/\\(.)/g, '$1'));
        if ('cssRules' in rule) classesOf((rule as CSSGroupingRule).cssRules, into);
      }
      return into;
    };
    const rest = document.querySelector<HTMLLinkElement>('link[data-rest]');
    if (!rest) return ['(no first stylesheet: the page carries the whole one)'];
    const whole = new CSSStyleSheet();
    whole.replaceSync(await (await fetch(rest.href)).text());
    const wholeClasses = classesOf(whole.cssRules, new Set());
    const own = new Set<string>();
    for (const sheet of document.styleSheets) classesOf(sheet.cssRules, own);
    const missing = new Set<string>();
    for (const element of document.querySelectorAll('[class]'))
      for (const name of element.classList) if (wholeClasses.has(name) && !own.has(name)) missing.add(name);
    return [...missing];
  });
}

for (const viewport of [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`each public page styles all it shows with its own first stylesheet (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // The pages the server serves with a first stylesheet of their own (web-app.ts SCREENS).
    const routes = (await publicRoutes(page)).filter(
      (route) => !/^\/(series|news|search|podcasts\/)/.test(route) && !route.startsWith('/podcasts/'),
    );
    for (const route of routes) {
      await page.goto(route, { waitUntil: 'networkidle' });
      await expect(page.locator('h1').first()).toBeVisible();
      // Below the fold: the lazy sections and pictures.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      expect(await unstyledClasses(page), `${route} at ${viewport.width} px`).toEqual([]);
    }
  });
}

test('the next screen waits for the whole stylesheet, asked for once', async ({ page }) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(stylesheets, 'the landing page asks for no stylesheet').toEqual([]);
  const whole = await page.locator('link[data-rest]').getAttribute('href');
  expect(whole).toMatch(/^\/assets\/.+\.css$/);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  expect(stylesheets).toEqual([whole]);
  // The screen showed once the stylesheet had loaded (src/web/lib/full-styles.ts).
  const applied = await page.evaluate(
    (href) =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([data-rest])')].some(
        (link) => link.getAttribute('href') === href && (link.sheet?.cssRules.length ?? 0) > 0,
      ),
    whole,
  );
  expect(applied, 'the whole stylesheet applies').toBe(true);

  // Back and on again: the stylesheet is not asked for twice.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Podcasts', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Power Mixer Podcast' })).toBeVisible();
  expect(stylesheets).toEqual([whole]);
});
