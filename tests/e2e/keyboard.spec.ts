import { expect, test, type Locator, type Page } from '@playwright/test';
import { appStarted, DEMO_ADMIN, expectFocusOn, newMember } from './fixtures';

// The keyboard journeys of the accessibility issue: after the first page load, only keys. Each
// step says where focus is (by role and name) and that its ring shows. Setup that is not the
// journey (an account, a session) goes through the API.

// Date and time inputs take their segments in the locale's order: month, day, year, then hour,
// minute, AM/PM in en-US.
test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

const origin = (page: Page) => new URL(page.url()).origin;

/** Presses Tab (or Shift+Tab) until `target` has focus, then checks its ring. */
async function tabTo(page: Page, target: Locator, label: string, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focused = await target.evaluateAll((els) => els.some((el) => el === document.activeElement));
    if (focused) {
      await expectFocusOn(page, target, label);
      return;
    }
  }
  throw new Error(`${label}: not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** Signs a new member in through the API (the page's context keeps the cookie). */
async function newSignedInMember(page: Page, prefix: string) {
  await page.goto('/');
  await appStarted(page);
  const member = newMember(prefix);
  const res = await page.request.post('/api/auth/register', { data: member, headers: { origin: origin(page) } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return member;
}

type EventCard = { id: string; name: string; status: string; maxAttendees: number | null; seatsTaken?: number };
async function upcomingWithSeats(page: Page) {
  const res = await page.request.get('/api/events?status=upcoming&pageSize=50');
  const { events } = (await res.json()) as { events: EventCard[] };
  const event = events.find((e) => e.maxAttendees === null || e.maxAttendees > 20);
  expect(event, 'an upcoming event with seats in the demo data').toBeTruthy();
  return event!;
}

/**
 * Records every moment focus rests on the page body from now on: on focus events, after each DOM
 * change (a focused button removed takes focus with it without any event) and on every frame.
 */
async function recordFocusOnBody(page: Page) {
  await page.evaluate(() => {
    const log: string[] = [];
    (window as unknown as { focusOnBody: string[] }).focusOnBody = log;
    const check = (when: string) => {
      if (!document.activeElement || document.activeElement === document.body) log.push(when);
    };
    document.addEventListener('focusin', () => check('focusin'), true);
    document.addEventListener('focusout', () => queueMicrotask(() => check('after focusout')), true);
    new MutationObserver(() => check('after a DOM change')).observe(document.body, { childList: true, subtree: true });
    const frame = () => {
      check('frame');
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}
const focusOnBodyLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { focusOnBody: string[] }).focusOnBody.slice());

test('Register Now hands focus straight to the guest dialog, and the dialog hands it back', async ({ page }) => {
  await newSignedInMember(page, 'kbfocus');
  const event = await upcomingWithSeats(page);
  await page.goto(`/events/${event.id}`);
  await appStarted(page);
  const registerNow = page.getByRole('button', { name: 'Register Now' });
  await tabTo(page, registerNow, 'Register Now');

  await recordFocusOnBody(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Thank you for Registering!' });
  await expect(dialog).toBeVisible();
  await expectFocusOn(page, dialog.getByRole('combobox', { name: 'Number of Guests' }), 'Number of Guests');
  // Let the page's refresh (which replaces Register Now) land behind the dialog.
  await expect(page.getByText('Status: Attending')).toBeAttached();
  expect(await focusOnBodyLog(page), 'focus never rests on the page body').toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusOn(page, page.getByRole('button', { name: 'Add guests' }), 'Add guests');
});

test('a visitor registers by keyboard and lands signed in', async ({ page }) => {
  const member = newMember('kbreg');
  await page.goto('/register');
  await tabTo(page, page.getByRole('textbox', { name: 'Email' }), 'Email');
  await page.keyboard.type(member.email);
  await tabTo(page, page.getByRole('textbox', { name: 'Username' }), 'Username');
  await page.keyboard.type(member.username);
  await tabTo(page, page.getByRole('textbox', { name: 'Full name' }), 'Full name');
  await page.keyboard.type(member.fullName);
  await tabTo(page, page.getByLabel('Password'), 'Password');
  await page.keyboard.type(member.password);
  await tabTo(page, page.getByRole('button', { name: 'Register' }), 'Register');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/dashboard$/);
  // Signed in: the header names the member; focus went on to the new screen's heading.
  await expect(page.getByRole('banner').getByRole('link', { name: member.username })).toBeVisible();
  await expectFocusOn(page, page.getByRole('heading', { level: 1 }), 'the dashboard heading');
});

test('a member registers for an event with a guest by keyboard', async ({ page }) => {
  await newSignedInMember(page, 'kbevent');
  const event = await upcomingWithSeats(page);
  await page.goto(`/events/${event.id}`);
  await appStarted(page);
  await tabTo(page, page.getByRole('button', { name: 'Register Now' }), 'Register Now');
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Thank you for Registering!' });
  const count = dialog.getByRole('combobox', { name: 'Number of Guests' });
  await expectFocusOn(page, count, 'Number of Guests');
  // A closed select takes the arrow keys: one guest.
  await page.keyboard.press('ArrowDown');
  await expect(count).toHaveValue('1');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Guest Name' }), 'Guest Name');
  await page.keyboard.type('Kay Board');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Guest Email' }), 'Guest Email');
  await page.keyboard.type('kay.board@example.com');
  await tabTo(page, dialog.getByRole('button', { name: 'Register Now' }), 'the dialog’s Register Now');
  await recordFocusOnBody(page);
  // Held as a person holds it: the save may land before the key comes up.
  await page.keyboard.down('Enter');
  await page.waitForTimeout(150);
  await page.keyboard.up('Enter');

  await expect(dialog.getByText('Guests successfully registered!')).toBeVisible();
  // The banner stays with the dialog open (the spec: 2 s), then the dialog closes by itself and
  // focus comes straight back to the guests button, never resting on the page body.
  await page.waitForTimeout(1000);
  await expect(dialog.getByText('Guests successfully registered!')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5000 });
  await expectFocusOn(page, page.getByRole('button', { name: 'Guests (1)' }), 'Guests (1)');
  expect(await focusOnBodyLog(page), 'focus never rests on the page body').toEqual([]);
});

test('an admin creates an event by keyboard', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await appStarted(page);
  const signedIn = await page.request.post('/api/auth/sign-in', {
    data: DEMO_ADMIN,
    headers: { origin: origin(page) },
  });
  expect(signedIn.status()).toBe(200);
  const name = `Keyboard Mixer ${Date.now().toString(36)}`;

  await page.goto('/admin');
  await tabTo(page, page.getByRole('link', { name: 'Create Event' }), 'Create Event link');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/events\/create$/);
  await expectFocusOn(page, page.getByRole('heading', { level: 1, name: 'Create Event' }), 'the form’s heading');

  // Submitted empty, the form says what is missing and focus goes to the first field in error.
  const submit = page.getByRole('button', { name: 'Create Event' });
  await tabTo(page, submit, 'Create Event button', { max: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Name is required')).toBeVisible();
  const nameField = page.getByRole('textbox', { name: 'Name' });
  await expectFocusOn(page, nameField, 'Name (in error)');
  await page.keyboard.type(name);

  // Date and time inputs, segment by segment: Tab moves from one segment to the next.
  const start = page.getByLabel('Start time');
  await tabTo(page, start, 'Start time');
  await page.keyboard.type('05202031');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0600P');
  await expect(start).toHaveValue('2031-05-20T18:00');
  const end = page.getByLabel('End time');
  await tabTo(page, end, 'End time');
  await page.keyboard.type('05202031');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0900P');
  await expect(end).toHaveValue('2031-05-20T21:00');

  // Status keeps its default (upcoming); the capacity is typed.
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('upcoming');
  await tabTo(page, page.getByRole('spinbutton', { name: 'Max attendees' }), 'Max attendees');
  await page.keyboard.type('40');

  await tabTo(page, submit, 'Create Event button', { max: 120 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('Capacity 40')).toBeVisible();
  await expectFocusOn(page, page.getByRole('heading', { level: 1 }), 'the admin dashboard heading');
});

test('the mobile menu at 390 px opens, is tabbed through and closes by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/events');
  await appStarted(page);
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await tabTo(page, menuButton, 'Menu button');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  await expectFocusOn(page, menuButton, 'Menu button (open)');

  // Tab goes through the menu's links in order, then wraps to the top of the header.
  for (const name of ['Events', 'Podcasts', 'Community', 'Contact', 'Sign In', 'Register']) {
    await page.keyboard.press('Tab');
    await expectFocusOn(page, menu.getByRole('link', { name, exact: true }), `menu link ${name}`);
  }
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('header'))).toBe(true);
  await page.keyboard.press('Shift+Tab');
  await expectFocusOn(page, menu.getByRole('link', { name: 'Register', exact: true }), 'menu link Register (back)');

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expectFocusOn(page, menuButton, 'Menu button (closed)');

  // Opened with Space too; a link followed closes it and the new screen takes focus.
  await page.keyboard.press('Space');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expectFocusOn(page, menu.getByRole('link', { name: 'Podcasts', exact: true }), 'menu link Podcasts');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/podcasts$/);
  await expect(menu).toBeHidden();
  await expectFocusOn(page, page.getByRole('heading', { level: 1 }), 'the podcasts heading');
});
