import { expect, test, type Page } from '@playwright/test';
import { appStarted, memberPage } from './fixtures';

// A visitor's five public pages arrive rendered by the server (src/web/render.tsx,
// src/server/first-screens.ts): the content is in the HTML, the app's code loads after the page and
// takes over the elements on screen (hydration) with the answers that came inside the page.

interface FirstScreen {
  path: string;
  /** The page's own request for its data, which the page no longer makes. */
  data: string;
  /** Text from the API's answer that the rendered page shows. */
  text: string;
}

async function json<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

async function firstScreens(page: Page): Promise<FirstScreen[]> {
  const landing = await json<{ nextEvent: { name: string } | null }>(page, '/api/landing');
  const { events } = await json<{ events: { id: string; name: string }[] }>(page, '/api/events');
  const { members } = await json<{ members: { fullName: string | null; username: string }[] }>(page, '/api/members');
  const { podcasts } = await json<{ podcasts: { title: string }[] }>(page, '/api/podcasts');
  const event = events[0]!;
  return [
    { path: '/', data: '/api/landing', text: landing.nextEvent?.name ?? 'Where Charlotte' },
    { path: '/events', data: '/api/events', text: event.name },
    { path: `/events/${event.id}`, data: `/api/events/${event.id}`, text: event.name },
    { path: '/community', data: '/api/members', text: members[0]!.fullName ?? members[0]!.username },
    { path: '/podcasts', data: '/api/podcasts', text: podcasts[0]!.title },
  ];
}

test("a visitor's public pages show their content before any script runs", async ({ browser, page }) => {
  const screens = await firstScreens(page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await context.newPage();
  for (const screen of screens) {
    await noScript.goto(screen.path);
    await expect(noScript.locator('#main h1'), screen.path).toBeVisible();
    await expect(noScript.locator('#main').getByText(screen.text).first(), screen.path).toBeVisible();
  }
  await context.close();
});

test('the app takes over the rendered page: the same elements, no errors, its data not asked for again', async ({
  page,
}) => {
  const screens = await firstScreens(page);
  // The heading as the server sent it, marked before the app's code has arrived.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const heading = document.querySelector('#main h1');
      if (heading) (heading as HTMLElement & { fromServer?: boolean }).fromServer = true;
    });
  });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  for (const screen of screens) {
    const asked: string[] = [];
    const onRequest = (request: { url: () => string }) => asked.push(new URL(request.url()).pathname);
    page.on('request', onRequest);
    const response = await page.goto(screen.path);
    expect(await response!.text(), screen.path).toContain('id="first-screen"');
    // React adopted the server's heading (it carries React's own properties) instead of drawing a new one.
    await page.waitForFunction(
      () => {
        const heading = document.querySelector('#main h1') as (HTMLElement & { fromServer?: boolean }) | null;
        return heading?.fromServer === true && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
      },
      undefined,
      { timeout: 15_000 },
    );
    // Taken over, the controls work: the theme switch is the app's.
    const html = page.locator('html');
    const dark = (await html.getAttribute('class'))?.includes('dark') ?? false;
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    await expect(html).toHaveClass(dark ? /\blight\b/ : /\bdark\b/);
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    page.off('request', onRequest);
    expect(asked, screen.path).not.toContain(new URL(screen.data, 'http://x').pathname);
  }
  expect(problems).toEqual([]);
});

/** The app's shell held back until `release` is called: the page stays the server's HTML. */
async function holdTheShell(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/shell-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

test("a header's button pressed before the code has arrived is pressed once the app has started", async ({ page }) => {
  const release = await holdTheShell(page);
  await page.goto('/events');
  const html = page.locator('html');
  const dark = (await html.getAttribute('class'))?.includes('dark') ?? false;
  await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  // Nothing yet: the press waits for the app.
  await expect(html).toHaveClass(dark ? /\bdark\b/ : /\blight\b/);
  release();
  await appStarted(page);
  // Pressed once (twice would have switched it back).
  await expect(html).toHaveClass(dark ? /\blight\b/ : /\bdark\b/);
});

test("a button on the screen itself, pressed before the code has arrived, is pressed once the screen is the app's", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const release = await holdTheShell(page);
  await page.goto('/community');
  const filters = page.locator('#main').getByRole('button', { name: 'Filters', exact: true });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  release();
  await appStarted(page);
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
});

test("a member's page is drawn by the app, not by the server", async ({ browser }) => {
  const { page } = await memberPage(browser, 'firstscreen');
  const html = await (await page.request.get('/events')).text();
  expect(html).not.toContain('id="first-screen"');
  await page.goto('/events');
  await expect(page.getByRole('link', { name: 'Messages' }).first()).toBeAttached();
  await page.context().close();
});
