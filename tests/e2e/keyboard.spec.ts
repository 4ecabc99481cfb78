import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectFocusOn, newMember } from './fixtures';

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
  await page.keyboard.press('Enter');

  await expect(dialog.getByText('Guests successfully registered!')).toBeVisible();
  // The dialog closes by itself after its banner; focus comes back to the guests button.
  await expect(dialog).toBeHidden({ timeout: 5000 });
  await expectFocusOn(page, page.getByRole('button', { name: 'Guests (1)' }), 'Guests (1)');
});
