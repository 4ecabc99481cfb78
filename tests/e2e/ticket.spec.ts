import { expect, test, type Page } from '@playwright/test';
import { appStarted, expectNoAxeViolationsInBothThemes, memberPage, signOut } from './fixtures';

// The attendee's ticket: on the event page once attending (one code per guest, each with its
// short code under it), full screen for the door (the ticket alone on a phone's screen, with a
// way back), and still there offline once it has been opened (public/sw.js).

type EventCard = { id: string; name: string; maxAttendees: number | null };
type Holders = { holders: { name: string; shortCode: string }[] };
/** "K7MW-3QXP", as printed. */
const printed = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;
const CACHE = 'power-mixer-offline-v1';

/** What the service worker has kept of `paths` (its cache, read from the page). */
const kept = (page: Page, paths: string[]) =>
  page.evaluate(
    async ({ cache, paths }) => {
      const store = await caches.open(cache);
      const found = await Promise.all(paths.map(async (p) => Boolean(await store.match(p, { ignoreVary: true }))));
      return paths.filter((_, i) => found[i]);
    },
    { cache: CACHE, paths },
  );

test('the server sends the service worker uncached and the manifest as a manifest, with its icons', async ({
  request,
}) => {
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const body = (await manifest.json()) as { display: string; icons: { src: string; sizes: string }[] };
  expect(body.display).toBe('standalone');
  for (const icon of body.icons) {
    const png = await request.get(icon.src);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
    const size = Number(icon.sizes.split('x')[0]);
    expect((await png.body()).readUInt32BE(16), icon.src).toBe(size);
  }
  expect(await (await request.get('/')).text()).toContain('<link rel="manifest" href="/manifest.webmanifest"');
});

test('an attending member sees their ticket and their guest’s, full screen, and offline once opened', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, member } = await memberPage(browser, 'tkt');
  await page.setViewportSize({ width: 390, height: 844 });
  const res = await page.request.get('/api/events?status=upcoming&pageSize=50');
  const upcoming = ((await res.json()) as { events: EventCard[] }).events.find(
    (e) => e.maxAttendees === null || e.maxAttendees > 20,
  );
  expect(upcoming, 'an upcoming event with seats').toBeTruthy();
  const eventId = upcoming!.id;

  await page.goto(`/events/${eventId}`);

  await appStarted(page);
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeVisible();
  // Not attending: no ticket.
  await expect(page.getByRole('heading', { name: 'Your ticket' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Register Now' }).click();
  const modal = page.getByRole('dialog', { name: 'Thank you for Registering!' });
  await expect(modal).toBeVisible();
  await modal.getByLabel('Number of Guests').selectOption('1');
  await modal.getByLabel('Guest Name').fill('Tess Guest');
  await modal.getByLabel('Guest Email').fill(`tess.${member.username}@example.com`);
  await modal.getByRole('button', { name: 'Register Now' }).click();
  await expect(modal).toBeHidden({ timeout: 5000 });

  // The section follows the registration: the member's code and the guest's, by name.
  const section = page.getByRole('region', { name: 'Your ticket' });
  await expect(section).toBeVisible();
  await expect(section.getByRole('img', { name: `Check-in code for ${member.fullName}` })).toBeVisible();
  await expect(section.getByRole('img', { name: 'Check-in code for Tess Guest' })).toBeVisible();
  await expect(section.getByText('Not checked in yet')).toHaveCount(2);
  expect(await section.getByRole('img').first().getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  // Under each QR image its short code, for the door to type by hand.
  const [own, guest] = ((await (await page.request.get(`/api/events/${eventId}/ticket`)).json()) as Holders).holders;
  expect(own!.name).toBe(member.fullName);
  expect(own!.shortCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  expect(guest!.shortCode).not.toBe(own!.shortCode);
  await expect(section.getByText(`Code ${printed(own!.shortCode)}`, { exact: true })).toBeVisible();
  await expect(section.getByText(`Code ${printed(guest!.shortCode)}`, { exact: true })).toBeVisible();

  await section.getByRole('link', { name: 'Show full screen' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/ticket$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your ticket' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Check-in code for ${member.fullName}` })).toBeVisible();
  await expect(page.getByText(`Code ${printed(own!.shortCode)}`, { exact: true })).toBeVisible();
  // The ticket alone: no site header or footer, and nothing to scroll past on the phone.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign Out' })).toHaveCount(0);
  // Measured once the page has settled: right after the client-side navigation the page it came
  // from can still be laid out for a frame on a loaded machine (a CI run saw 64 px once).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeLessThanOrEqual(0);
  await expect(page.getByRole('link', { name: 'Back to the event' })).toBeInViewport();
  await expect(page.getByText(upcoming!.name)).toBeVisible();
  await expect(page.getByText('Turn your screen brightness up if the door’s scanner cannot read it.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('img', { name: 'Check-in code for Tess Guest' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByText(`Code ${printed(guest!.shortCode)}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeInViewport();
  await page.getByRole('button', { name: 'Previous' }).click();

  // 390 px wide: no sideways scrolling, and the code takes the width (quiet zone included).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const code = await page.getByRole('img', { name: `Check-in code for ${member.fullName}` }).boundingBox();
  expect(code!.width).toBeGreaterThan(300);
  await expectNoAxeViolationsInBothThemes(page, 'ticket page');
  // White whatever the theme (dark is on now).
  expect(
    await page
      .getByRole('heading', { level: 1 })
      .evaluate((h) => getComputedStyle(h.closest('.bg-white')!).backgroundColor),
  ).toBe('rgb(255, 255, 255)');

  // Escape goes back to the event page, with the site's header again; and full screen once more.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));
  await expect(page.getByRole('banner')).toBeVisible();
  // The ticket was replaced in the history, not stacked under the event: Back does not reopen it.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/ticket$/);
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('region', { name: 'Your ticket' }).getByRole('link', { name: 'Show full screen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your ticket' })).toBeVisible();

  // The worker has kept the page, the files it runs on and its answers.
  const ticketApi = `/api/events/${eventId}/ticket`;
  await expect.poll(() => kept(page, [ticketApi, '/api/me', '/__offline-shell']), { timeout: 15_000 }).toHaveLength(3);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your ticket' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Check-in code for ${member.fullName}` })).toBeVisible();
  await page.context().setOffline(false);

  // Signed out (here by another tab): the worker sees /api/me say so and drops the ticket.
  await signOut(page);
  await page.goto(`/events/${eventId}/ticket`);
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => kept(page, [ticketApi, '/api/me'])).toEqual([]);
});

test('a ticket kept offline from before short codes shows its image without one, not an error', async ({
  browser,
  baseURL,
}) => {
  const { page, member } = await memberPage(browser, 'tktold');
  const res = await page.request.get('/api/events?status=upcoming&pageSize=50');
  const upcoming = ((await res.json()) as { events: EventCard[] }).events.find(
    (e) => e.maxAttendees === null || e.maxAttendees > 20,
  );
  expect(upcoming, 'an upcoming event with seats').toBeTruthy();
  const eventId = upcoming!.id;
  const registered = await page.request.put(`/api/events/${eventId}/registration`, {
    data: { status: 'attending' },
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(registered.status()).toBe(200);
  // The answer as a copy kept before this release has it: no short codes.
  await page.context().route(`**/api/events/${eventId}/ticket`, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { holders: Record<string, unknown>[] };
    for (const holder of json.holders) delete holder.shortCode;
    await route.fulfill({ response, json });
  });
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));

  await page.goto(`/events/${eventId}/ticket`);
  await expect(page.getByRole('img', { name: `Check-in code for ${member.fullName}` })).toBeVisible();
  await expect(page.getByText(/^Code /)).toHaveCount(0);
  await page.goto(`/events/${eventId}`);
  await appStarted(page);
  const section = page.getByRole('region', { name: 'Your ticket' });
  await expect(section.getByRole('img', { name: `Check-in code for ${member.fullName}` })).toBeVisible();
  await expect(section.getByText(/^Code /)).toHaveCount(0);
  expect(errors).toEqual([]);
});
