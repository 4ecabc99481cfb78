import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  appStarted,
  DEMO_ADMIN,
  expectNoAxeViolations,
  expectVisibleRing,
  focusRing,
  newMember,
  register,
  signIn,
} from './fixtures';

// The finish of issue 12, as a member meets it: changing one's mind about an event, the guest
// modal and its one e-mail, keyboard focus that shows, the mobile menu, target sizes, the
// footer, one not-found design, confirmations and the remembered redirect.

async function memberPage(browser: Browser, prefix: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  const member = newMember(prefix);
  await register(page, member);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { page, member };
}

const origin = (page: Page) => new URL(page.url()).origin;
const api = (page: Page, method: 'post' | 'put' | 'get', url: string, data?: unknown) =>
  page.request[method](url, { data, headers: { origin: origin(page) } });

type EventCard = { id: string; name: string; status: string; maxAttendees: number | null };
async function events(page: Page, status: string): Promise<EventCard[]> {
  const res = await page.request.get(`/api/events?status=${status}&pageSize=50`);
  return ((await res.json()) as { events: EventCard[] }).events;
}

/** Every mail to `to`, newest first, read from the mailbox API as the admin. */
async function mailsTo(page: Page, to: string) {
  const admin = await page
    .context()
    .browser()!
    .newContext({ baseURL: origin(page) });
  try {
    const headers = { origin: origin(page) };
    expect((await admin.request.post('/api/auth/sign-in', { data: DEMO_ADMIN, headers })).status()).toBe(200);
    const res = await admin.request.get('/api/dev/mailbox');
    const { messages } = (await res.json()) as { messages: { to: string; subject: string; text: string }[] };
    return messages.filter((m) => m.to === to);
  } finally {
    await admin.close();
  }
}

test('a member switches between attending and maybe; guests come in the one confirmation e-mail', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, member } = await memberPage(browser, 'fin');
  const upcoming = (await events(page, 'upcoming')).find((e) => e.maxAttendees === null || e.maxAttendees > 20);
  expect(upcoming, 'an upcoming event with seats').toBeTruthy();
  await page.goto(`/events/${upcoming!.id}`);
  await appStarted(page);

  // Register as attending: the guest modal opens with focus on Number of Guests.
  await page.getByRole('button', { name: 'Register Now' }).click();
  const modal = page.getByRole('dialog', { name: 'Thank you for Registering!' });
  await expect(modal).toBeVisible();
  const count = modal.getByLabel('Number of Guests');
  await expect(count).toBeFocused();
  await expect(page.getByText("Registration successful! You're all set for the event.")).toBeVisible();

  // An empty second row is pointed out, not dropped.
  await count.selectOption('2');
  await modal.getByLabel('Guest Name').first().fill('Ann Guest');
  await modal.getByLabel('Guest Email').first().fill('ann.guest@example.com');
  await modal.getByRole('button', { name: 'Register Now' }).click();
  await expect(modal.getByRole('alert').or(modal.locator('[role=status]')).first()).toContainText(
    'Guest 2 is missing a name and an email.',
  );
  await expect(modal.getByText('Guest name is required')).toBeVisible();
  await expect(modal.getByLabel('Guest Name').nth(1)).toBeFocused();
  await expectNoAxeViolations(page, 'guest modal with a missing guest');

  await count.selectOption('1');
  await modal.getByRole('button', { name: 'Register Now' }).click();
  await expect(modal.getByText('Guests successfully registered!')).toBeVisible();
  await expect(modal).toBeHidden({ timeout: 5000 });
  // Focus comes back to the guests button, not the top of the page.
  await expect(page.getByRole('button', { name: 'Guests (1)' })).toBeFocused();

  // One e-mail: the confirmation, listing the guest.
  await expect
    .poll(async () => (await mailsTo(page, member.email)).map((m) => m.subject))
    .toEqual([`You're registered: ${upcoming!.name}`]);
  expect((await mailsTo(page, member.email))[0]!.text).toContain('Ann Guest <ann.guest@example.com>');

  // Attending -> maybe, without unregistering (guests go, after a confirmation).
  await page.getByRole('button', { name: 'Change to Maybe' }).click();
  const confirm = page.getByRole('dialog', { name: 'Change to Maybe' });
  await expect(confirm).toContainText('Your 1 guest will be removed');
  await confirm.getByRole('button', { name: 'Change to Maybe' }).click();
  await expect(page.getByText('Status: Maybe')).toBeVisible();
  await expect(page.getByText("Thanks! You're marked as a maybe for this event.")).toBeVisible();
  await expect(page.getByText("You're all set")).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Unregister' })).toBeVisible();

  // Maybe -> attending: the guest modal opens again; the registration was never deleted.
  await page.getByRole('button', { name: 'Change to Attending' }).click();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'No, Thank You' }).click();
  await expect(page.getByText('Status: Attending')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add guests' })).toBeFocused();
});

test('the event page: one About heading, a description cut at a word, no calendar for a completed event', async ({
  page,
}) => {
  const upcoming = await events(page, 'upcoming');
  let checkedDescription = false;
  for (const event of upcoming) {
    await page.goto(`/events/${event.id}`);
    await appStarted(page);
    await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: /about this event/i })).toHaveCount(
      (await page.locator('#event-content').count()) > 0 ? 1 : 0,
    );
    const toggle = page.getByRole('button', { name: 'Show More' });
    if ((await toggle.count()) === 0) continue;
    const short = (await page.locator('#event-description').innerText()).replace(/…$/, '');
    await toggle.click();
    const full = await page.locator('#event-description').innerText();
    expect(short.length).toBeLessThanOrEqual(120);
    expect(full.startsWith(short)).toBe(true);
    // The cut falls between words: the next character of the full text is not a letter.
    expect(full[short.length]).toMatch(/[\s,.;:!?–-]/);
    await expect(page.getByRole('button', { name: 'Show Less' })).toBeVisible();
    checkedDescription = true;
  }
  expect(checkedDescription, 'an event with a long description').toBe(true);

  const completed = (await events(page, 'completed'))[0]!;
  await page.goto(`/events/${completed.id}`);
  await appStarted(page);
  const closed = page.getByRole('button', { name: 'Event Completed' });
  await expect(closed).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
  // The button keeps clear of what is around it.
  const box = (await closed.boundingBox())!;
  const list = (await page.locator('main ul').first().boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(list.y + list.height + 8);
});

/** Tabs through the first 40 controls of each page in both themes: each shows a 2 px ring with
 * 3:1 contrast against what it is drawn on. */
async function expectVisibleFocus(page: Page, paths: string[]) {
  for (const path of paths) {
    for (const theme of ['light', 'dark'] as const) {
      await page.goto(path);
      await page.evaluate((t) => {
        document.cookie = `theme=${t}; Path=/`;
        document.documentElement.classList.remove('light', 'dark');
        document.documentElement.classList.add(t);
      }, theme);
      await page.locator('body').click({ position: { x: 1, y: 1 } });
      const seen = new Set<string>();
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const focus = await focusRing(page);
        if (!focus || seen.has(focus.name)) continue;
        seen.add(focus.name);
        expectVisibleRing(focus, `${path} (${theme}) ${focus.name}`);
      }
      expect(seen.size, `${path} has controls`).toBeGreaterThan(3);
    }
  }
}

test('keyboard focus shows on every control in both themes, with 3:1 contrast', async ({ page }) => {
  test.setTimeout(120_000);
  const upcoming = (await events(page, 'upcoming'))[0]!;
  await expectVisibleFocus(page, [
    '/',
    '/events',
    `/events/${upcoming.id}`,
    '/community',
    '/podcasts',
    '/contact',
    '/login',
  ]);
});

test('keyboard focus shows on the member screens too', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page } = await memberPage(browser, 'finfocus');
  await expectVisibleFocus(page, ['/dashboard', '/messages', '/connections']);
});

test('the mobile menu keeps focus inside while open; the page behind is inert', async ({ browser }) => {
  const { page } = await memberPage(browser, 'finmob', { width: 375, height: 740 });
  await page.goto('/events');
  await appStarted(page);
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.click();
  await expect(page.locator('#mobile-menu')).toBeVisible();
  await expect(page.locator('main')).toHaveAttribute('inert', '');
  await expect(page.locator('footer')).toHaveAttribute('inert', '');
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press(i % 7 === 6 ? 'Shift+Tab' : 'Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('header'))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(page.locator('#mobile-menu')).toBeHidden();
  await expect(menuButton).toBeFocused();
  await expect(page.locator('main')).not.toHaveAttribute('inert', '');
});

test('targets are 24 px or more: usernames in the conversation list, the delete icon', async ({ browser }) => {
  const a = await memberPage(browser, 'fintga');
  const b = await memberPage(browser, 'fintgb');
  const sent = await api(a.page, 'post', '/api/messages', {
    to: b.member.username,
    subject: 'Target sizes',
    content: 'Hello there',
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  await b.page.goto('/messages');
  const username = b.page.getByRole('link', { name: a.member.username, exact: true });
  await expect(username).toBeVisible();
  expect((await username.boundingBox())!.height).toBeGreaterThanOrEqual(24);
  await b.page.getByRole('button', { name: /Target sizes/ }).click();
  const del = b.page.getByRole('button', { name: 'Delete message' }).first();
  const box = (await del.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(24);
  expect(box.height).toBeGreaterThanOrEqual(24);
});

test('the footer shows members their own links; Remove Connection asks first', async ({ browser }) => {
  const a = await memberPage(browser, 'finfa');
  const b = await memberPage(browser, 'finfb');
  const footer = a.page.getByRole('contentinfo');
  for (const name of ['Dashboard', 'Messages', 'Connections', 'Forums']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole('button', { name: 'Sign out' })).toBeVisible();
  for (const name of ['Register', 'Sign In', 'Reset Password']) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveCount(0);
  }

  // Connect a and b through the API, then a removes b from the profile page.
  const asked = await api(a.page, 'post', '/api/connections', { username: b.member.username });
  expect(asked.status(), await asked.text()).toBeLessThan(300);
  const connectionId = ((await asked.json()) as { connection: { id: string } }).connection.id;
  expect((await api(b.page, 'post', `/api/connections/${connectionId}/accept`)).status()).toBeLessThan(300);
  await a.page.goto(`/user/${b.member.username}`);
  await a.page.getByRole('button', { name: 'Remove Connection' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Remove Connection' });
  await expect(dialog).toContainText(`remove ${b.member.fullName} from your connections`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(a.page.getByRole('button', { name: 'Remove Connection' })).toBeVisible();
  await a.page.getByRole('button', { name: 'Remove Connection' }).click();
  await dialog.getByRole('button', { name: 'Remove Connection' }).click();
  await expect(a.page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();

  // Signed out, the footer offers the visitor's links again.
  await footer.getByRole('button', { name: 'Sign out' }).click();
  await expect(footer.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
});

test('every not-found page has one design', async ({ page }) => {
  const missing = [
    { path: '/no-such-page', title: 'Page not found' },
    { path: '/events/00000000-0000-4000-8000-000000000000', title: 'Event Not Found' },
    { path: '/user/no-such-member-zz', title: 'Profile Not Found' },
  ];
  const shapes: string[] = [];
  for (const { path, title } of missing) {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    const section = page.locator('main section').filter({ has: heading });
    await expect(section.getByText('Error 404')).toBeVisible();
    shapes.push(await section.evaluate((el) => `${el.className}|${[...el.children].map((c) => c.tagName).join(',')}`));
    await expectNoAxeViolations(page, `${path} (not found)`);
  }
  expect(new Set(shapes).size, shapes.join('\n')).toBe(1);
});

test('a remembered redirect is used once, then forgotten', async ({ page }) => {
  const member = newMember('finred');
  await register(page, member);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.request.post('/api/auth/sign-out', { headers: { origin: origin(page) } });

  // A visitor is sent to sign in from /messages, and comes back there.
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/messages$/);

  // Signing in again later in the same tab goes to the dashboard, not back to /messages.
  await page.request.post('/api/auth/sign-out', { headers: { origin: origin(page) } });
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // A wish left over from a sign-in abandoned long ago is not followed either.
  await page.request.post('/api/auth/sign-out', { headers: { origin: origin(page) } });
  await page.goto('/login');
  await page.evaluate(() => {
    sessionStorage.setItem('redirectAfterLogin', '/messages');
    sessionStorage.setItem('redirectAfterLoginAt', String(Date.now() - 2 * 60 * 60 * 1000));
  });
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
