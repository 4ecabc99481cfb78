import { expect, request, test, type Page } from '@playwright/test';
import { appStarted, DEMO_MEMBER_PASSWORD, expectNoAxeViolationsInBothThemes, memberPage, newMember } from './fixtures';

// Scan to connect: a member's personal QR code on the dashboard and full screen; another phone
// opens its address, sees whose it is and connects in one tap; a regenerated code leaves the old
// address refused. "Met at {event}" on the demo's connections list and profiles.

const INVALID = 'This connect code is no longer valid. Ask them for their current code.';

async function codeUrl(page: Page): Promise<string> {
  const res = await page.request.get('/api/me/connect-code');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

/** Nothing wider than the window: no sideways scrolling at 320 px. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
}

test('A shows their code, B opens it and connects in one tap; after A regenerates, the old code is refused', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await memberPage(browser, 'cca');
  const b = await memberPage(browser, 'ccb');

  // A's dashboard: the code, what it does, full screen and regenerate.
  await a.page.setViewportSize({ width: 320, height: 800 });
  await a.page.goto('/dashboard');
  const section = a.page.getByRole('region', { name: 'Your connect code' });
  await expect(section.getByRole('img', { name: 'Your connect code (QR code)' })).toBeVisible();
  await expect(section).toContainText("Let someone scan this with their phone's camera");
  expect(await section.getByRole('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  await expectNoSidewaysScroll(a.page);
  await section.scrollIntoViewIfNeeded();
  await expectNoAxeViolationsInBothThemes(a.page, '/dashboard (connect code)');

  // Full screen: dark on white in both themes, the member's name under the code.
  await section.getByRole('link', { name: 'Show full screen' }).click();
  await expect(a.page).toHaveURL(/\/connect-code$/);
  await expect(a.page.getByRole('heading', { level: 1, name: 'Your connect code' })).toBeVisible();
  await expect(a.page.getByRole('img', { name: `Connect code for ${a.member.fullName}` })).toBeVisible();
  await expect(a.page.getByText(a.member.fullName, { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(a.page);
  await expectNoAxeViolationsInBothThemes(a.page, '/connect-code');
  const background = await a.page
    .getByRole('heading', { level: 1, name: 'Your connect code' })
    .evaluate((h) => getComputedStyle(h.closest('.bg-white')!).backgroundColor);
  expect(background).toBe('rgb(255, 255, 255)');
  await a.page.getByRole('link', { name: 'Close' }).click();
  await expect(a.page).toHaveURL(/\/dashboard$/);

  // B's phone camera opens the code's address.
  const url = await codeUrl(a.page);
  expect(url).toMatch(/\/connect\/[A-Za-z0-9_-]{22}$/);
  const path = new URL(url).pathname;
  await b.page.setViewportSize({ width: 320, height: 700 });
  await b.page.goto(path);
  await expect(b.page.getByRole('heading', { level: 1, name: a.member.fullName })).toBeVisible();
  await expect(b.page.getByRole('link', { name: 'View full profile' })).toHaveAttribute(
    'href',
    `/user/${a.member.username}`,
  );
  await expectNoSidewaysScroll(b.page);
  await expectNoAxeViolationsInBothThemes(b.page, '/connect/:token');
  await b.page.getByRole('button', { name: 'Connect' }).click();
  // They never checked in together: a normal request.
  await expect(b.page.getByText('Request sent')).toBeVisible();
  await expectNoAxeViolationsInBothThemes(b.page, '/connect/:token (request sent)');
  const incoming = await a.page.request.get('/api/connections');
  const list = (await incoming.json()) as { incoming: { requester: { username: string } }[] };
  expect(list.incoming.map((r) => r.requester.username)).toEqual([b.member.username]);

  // A regenerates: the confirmation says what happens; the new code shows.
  await a.page.goto('/dashboard');
  const before = await section.getByRole('img').getAttribute('src');
  await section.getByRole('button', { name: 'Regenerate code' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Regenerate code?' });
  await expect(dialog).toContainText('stops working at once');
  await expectNoAxeViolationsInBothThemes(a.page, '/dashboard (regenerate the connect code?)');
  await dialog.getByRole('button', { name: 'Regenerate code' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('status')).toHaveText('New code ready. The old one no longer works.');
  await expect.poll(() => section.getByRole('img').getAttribute('src')).not.toBe(before);
  expect(await codeUrl(a.page)).not.toBe(url);

  // The old address: the API's message, and a way home.
  await b.page.goto(path);
  await expect(b.page.getByText(INVALID)).toBeVisible();
  await expect(b.page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  await expect(b.page.getByRole('button', { name: 'Connect' })).toHaveCount(0);
  await expectNoAxeViolationsInBothThemes(b.page, '/connect/:token (no longer valid)');
  await a.page.context().close();
  await b.page.context().close();
});

test('a visitor who scans a code signs in and comes back to it', async ({ browser, baseURL }) => {
  const a = await memberPage(browser, 'ccv');
  const path = new URL(await codeUrl(a.page)).pathname;
  // A member with an account, signed in on no browser yet.
  const visitorMember = newMember('ccw');
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await api.post('/api/auth/register', { data: visitorMember })).status()).toBe(201);
  await api.dispose();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: a.member.fullName })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in to connect' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(visitorMember.email);
  await page.getByLabel('Password').fill(visitorMember.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Request sent')).toBeVisible();
  await context.close();
  await a.page.context().close();
});

test('the demo member sees whom they met at an event, on their connections and on the profile', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await appStarted(page);
  const origin = new URL(page.url()).origin;
  const signedIn = await page.request.post('/api/auth/sign-in', {
    data: { email: 'jordan.lee@powermixer.example', password: DEMO_MEMBER_PASSWORD },
    headers: { origin },
  });
  expect(signedIn.status()).toBe(200);
  const res = await page.request.get('/api/connections');
  const { connections } = (await res.json()) as {
    connections: { member: { username: string; fullName: string }; metAt: { name: string } | null }[];
  };
  const met = connections.find((c) => c.metAt);
  expect(met, 'a demo connection tagged "met at"').toBeTruthy();

  await page.goto('/connections');
  await expect(page.getByText(`met at ${met!.metAt!.name}`).first()).toBeVisible();
  await page.goto(`/user/${met!.member.username}`);
  await expect(page.getByText(`Connected · met at ${met!.metAt!.name}`)).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'profile (met at)');
  await context.close();
});
