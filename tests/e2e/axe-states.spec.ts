import { expect, test, type Page } from '@playwright/test';
import { appStarted, DEMO_ADMIN, expectNoAxeViolationsInBothThemes, newMember } from './fixtures';

// axe in the states a page load does not show: dialogs and menus open, field errors on screen,
// every admin tab and form. Both themes each time. Sessions are made through the API.

const origin = (page: Page) => new URL(page.url()).origin;

async function signInAsAdmin(page: Page) {
  await page.goto('/');
  await appStarted(page);
  const res = await page.request.post('/api/auth/sign-in', { data: DEMO_ADMIN, headers: { origin: origin(page) } });
  expect(res.status()).toBe(200);
}

async function signedInMember(page: Page, prefix: string) {
  await page.goto('/');
  await appStarted(page);
  const member = newMember(prefix);
  const res = await page.request.post('/api/auth/register', { data: member, headers: { origin: origin(page) } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return member;
}

type EventCard = { id: string; maxAttendees: number | null };
async function eventIds(page: Page, status: string) {
  const res = await page.request.get(`/api/events?status=${status}&pageSize=50`);
  return ((await res.json()) as { events: EventCard[] }).events;
}

test('field errors on the sign-in, register, contact and event forms', async ({ page }) => {
  for (const { path, submit, error } of [
    { path: '/login', submit: 'Sign In', error: /required/i },
    { path: '/register', submit: 'Register', error: /required/i },
    { path: '/contact', submit: 'Send Message', error: /required/i },
  ]) {
    await page.goto(path);
    await page.getByRole('button', { name: submit, exact: true }).click();
    await expect(page.getByText(error).first()).toBeVisible();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, `${path} (empty submit)`);
  }

  await signInAsAdmin(page);
  await page.goto('/events/create');
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, '/events/create (empty submit)');
});

test('menus open: the mobile menu, signed out and signed in', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const who of ['visitor', 'member'] as const) {
    if (who === 'member') await signedInMember(page, 'axemenu');
    await page.goto('/events');
    await appStarted(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, `mobile menu (${who})`);
  }
});

test('dialogs on the event page: guest dialog, unregister, attendees, gallery lightbox', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInMember(page, 'axedlg');
  const upcoming = (await eventIds(page, 'upcoming')).find((e) => e.maxAttendees === null || e.maxAttendees > 20)!;
  await page.goto(`/events/${upcoming.id}`);
  await appStarted(page);
  await page.getByRole('button', { name: 'Register Now' }).click();
  const guests = page.getByRole('dialog', { name: 'Thank you for Registering!' });
  await expect(guests).toBeVisible();
  await guests.getByLabel('Number of Guests').selectOption('1');
  await guests.getByRole('button', { name: 'Register Now' }).click();
  await expect(guests.getByText('Guest name is required')).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'guest dialog (with errors)');
  await page.keyboard.press('Escape');
  await expect(guests).toBeHidden();

  await page.getByRole('button', { name: 'Unregister' }).click();
  await expect(page.getByRole('dialog', { name: 'Unregister' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'unregister dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'View All' }).click();
  await expect(page.getByRole('dialog', { name: 'All Attendees' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'all attendees dialog');
  await page.keyboard.press('Escape');

  // The lightbox, on the first event with a gallery.
  let opened = false;
  for (const event of [...(await eventIds(page, 'completed')), ...(await eventIds(page, 'upcoming'))]) {
    await page.goto(`/events/${event.id}`);
    await appStarted(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const fullSize = page.getByRole('button', { name: /^View full size/ });
    if ((await fullSize.count()) === 0) continue;
    await fullSize.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'gallery lightbox');
    opened = true;
    break;
  }
  expect(opened, 'an event with a gallery in the demo data').toBe(true);
});

test('dialogs on member screens: remove connection, delete message, report', async ({ browser }) => {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const memberA = await signedInMember(a, 'axea');
  const memberB = await signedInMember(b, 'axeb');
  const api = (page: Page, url: string, data?: unknown) =>
    page.request.post(url, { data, headers: { origin: origin(page) } });

  const asked = await api(a, '/api/connections', { username: memberB.username });
  const connectionId = ((await asked.json()) as { connection: { id: string } }).connection.id;
  expect((await api(b, `/api/connections/${connectionId}/accept`)).status()).toBeLessThan(300);
  await a.goto(`/user/${memberB.username}`);
  await a.getByRole('button', { name: 'Remove Connection' }).click();
  await expect(a.getByRole('dialog', { name: 'Remove Connection' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(a, 'remove connection dialog');

  const sent = await api(a, '/api/messages', { to: memberB.username, subject: 'Axe check', content: 'Hello' });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  await b.goto('/messages');
  await b.getByRole('button', { name: /Axe check/ }).click();
  await b.getByRole('button', { name: 'Delete message' }).first().click();
  await expect(b.getByRole('dialog', { name: 'Delete Message' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(b, 'delete message dialog');
  await b.keyboard.press('Escape');
  await b.getByRole('button', { name: 'Report message' }).first().click();
  await expect(b.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolationsInBothThemes(b, 'report message dialog');
  expect(memberA.username).toBeTruthy();
});

test('every admin tab, its delete confirmation, and every admin form', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const editLinks: string[] = [];
  for (const tab of ['events', 'forums', 'sponsors', 'users', 'podcasts', 'reports', 'outbox', 'activity']) {
    await page.goto(`/admin?tab=${tab}`);
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(sections.getByRole('link', { name: new RegExp(`^${tab}$`, 'i') })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.locator('main [role="status"][aria-label^="Loading"]')).toHaveCount(0);
    await expectNoAxeViolationsInBothThemes(page, `/admin?tab=${tab}`);

    const edit = page.getByRole('link', { name: /^Edit / }).first();
    if ((await edit.count()) > 0) editLinks.push((await edit.getAttribute('href'))!);
    const del = page.getByRole('button', { name: /^Delete / }).first();
    if ((await del.count()) === 0) continue;
    await del.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, `/admin?tab=${tab} (delete dialog)`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }

  const forms = [
    '/events/create',
    '/sponsors/create',
    '/podcasts/create',
    '/users/create',
    '/forums/create',
    ...editLinks,
  ];
  for (const form of forms) {
    await page.goto(form);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('form').first()).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, form);
  }
  // The edit forms of events, forums, sponsors, users and podcasts were among them.
  expect(editLinks.map((href) => href.split('/')[1]).sort()).toEqual(
    ['events', 'forums', 'podcasts', 'sponsors', 'users'].sort(),
  );
});
