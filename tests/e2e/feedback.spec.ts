import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import type { DoorResponse } from '../../src/shared/check-in';
import {
  FEEDBACK_COMMENT_LABEL,
  FEEDBACK_QUESTION,
  FEEDBACK_SAVED,
  FEEDBACK_SHOW_NAME_LABEL,
  INVALID_FEEDBACK_LINK_MESSAGE,
  type FeedbackState,
} from '../../src/shared/feedback';
import { DEMO_ADMIN, expectFocusOn, expectNoAxeViolationsInBothThemes, memberPage } from './fixtures';

// Feedback from the room (issue 34): a member checked in to an event that ended yesterday gets
// the morning-after mail with five rating links; one tap, opened signed out, records the rating,
// then the comment page saves a comment; the event page's box shows the answer and changes it.

const SITE_TIME_ZONE = 'America/New_York';
const DAY_MS = 86_400_000;
const origin = (page: Page) => new URL(page.url()).origin;

/** The day (in the community's zone) an event must have ended on for its morning-after mail to be
 * due now: the mail goes from 9 AM the next morning, for a day. */
function dayWhoseMorningAfterIsNow(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: SITE_TIME_ZONE,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const today = Date.UTC(parts.year!, parts.month! - 1, parts.day!);
  // Before 9 AM yesterday's morning after has not come yet: the day before yesterday's is running.
  return new Date(today - (parts.hour! >= 9 ? 1 : 2) * DAY_MS).toISOString().slice(0, 10);
}

async function asAdmin<T>(baseURL: string, run: (admin: APIRequestContext) => Promise<T>): Promise<T> {
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    expect((await admin.post('/api/auth/sign-in', { data: DEMO_ADMIN })).status()).toBe(200);
    return await run(admin);
  } finally {
    await admin.dispose();
  }
}

/** An event the page's member registers for and is checked in to at the door, then moved to
 * `day` (as the admin's form takes times: wall times in the community's zone). */
/** Events this file made, deleted after it: a completed event newer than the demo's would be
 * "the newest completed event" other specs open for its recap and gallery. */
const made: { baseURL: string; id: string }[] = [];
test.afterAll(async () => {
  for (const { baseURL, id } of made.splice(0)) {
    await asAdmin(baseURL, async (admin) => {
      expect((await admin.delete(`/api/admin/events/${id}`)).status(), 'the test event is deleted').toBeLessThan(300);
    });
  }
});

async function attendedEvent(baseURL: string, page: Page, name: string, fullName: string, day: string) {
  const eventId = await asAdmin(baseURL, async (admin) => {
    const created = await admin.post('/api/admin/events', {
      data: { name, startTime: '2031-04-10T18:00', endTime: '2031-04-10T21:00' },
    });
    expect(created.status(), 'the admin creates the event').toBe(201);
    return ((await created.json()) as { event: { id: string } }).event.id;
  });
  made.push({ baseURL, id: eventId });
  const going = await page.request.put(`/api/events/${eventId}/registration`, {
    data: { status: 'attending' },
    headers: { origin: origin(page) },
  });
  expect(going.status(), 'the member registers').toBe(200);
  await asAdmin(baseURL, async (admin) => {
    const door = (await (await admin.get(`/api/events/${eventId}/door`)).json()) as DoorResponse;
    const ticket = door.tickets.find((t) => t.name === fullName);
    expect(ticket, 'the member has a ticket').toBeTruthy();
    const scan = await admin.post(`/api/events/${eventId}/check-ins`, {
      data: { code: ticket!.code, device: 'Front door' },
    });
    expect(scan.status(), 'checked in at the door').toBe(200);
    const moved = await admin.put(`/api/admin/events/${eventId}`, {
      data: { name, status: 'completed', startTime: `${day}T18:00`, endTime: `${day}T21:00` },
    });
    expect(moved.status(), 'the event moves to the past').toBe(200);
  });
  return eventId;
}

/** The rating links of the member's morning-after mail for `eventName`, by rating, read from the
 * dev mailbox as the admin; empty until the mail is there. */
async function ratingLinks(baseURL: string, to: string, eventName: string): Promise<Map<number, string>> {
  return asAdmin(baseURL, async (admin) => {
    const res = await admin.get('/api/dev/mailbox');
    expect(res.status()).toBe(200);
    const { messages } = (await res.json()) as { messages: { to: string; subject: string; text: string }[] };
    const mail = messages.find((m) => m.to === to && m.text.includes(eventName) && m.text.includes('/feedback?'));
    const links = new Map<number, string>();
    for (const [link] of (mail?.text ?? '').matchAll(/https?:\/\/[^\s]+\/feedback\?token=[^\s&]+&rating=\d/g)) {
      const url = new URL(link);
      links.set(Number(url.searchParams.get('rating')), url.pathname + url.search);
    }
    return links;
  });
}

/** The requests for an event's feedback the page makes from now on. */
function feedbackRequests(page: Page) {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/events\/[^/]+\/feedback/.test(r.url())) asked.push(r.url());
  });
  return asked;
}

test('a member rates an event from the morning-after mail’s link, then changes the answer on the event page', async ({
  browser,
  baseURL,
}) => {
  // The morning-after job runs every minute (on the clock's minute marks).
  test.setTimeout(180_000);
  const { page: memberTab, member } = await memberPage(browser, 'rate');
  const eventName = `Rated Mixer ${Date.now().toString(36)}`;
  const eventId = await attendedEvent(baseURL!, memberTab, eventName, member.fullName, dayWhoseMorningAfterIsNow());

  let links = new Map<number, string>();
  await expect
    .poll(
      async () => {
        links = await ratingLinks(baseURL!, member.email, eventName);
        return [...links.keys()].sort();
      },
      { timeout: 100_000, intervals: [2_000] },
    )
    .toEqual([1, 2, 3, 4, 5]);

  // The tap on "4", in a browser that was never signed in, as a phone opens it.
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  await page.goto(links.get(4)!);
  await expect(page.getByRole('heading', { level: 1, name: FEEDBACK_QUESTION(eventName) })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: FEEDBACK_SAVED })).toBeVisible();
  const ratings = page.getByRole('group', { name: 'Your rating' });
  await expect(ratings.getByRole('radio', { name: '4 Very good' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: FEEDBACK_SHOW_NAME_LABEL })).not.toBeChecked();
  const token = new URL(links.get(4)!, baseURL).searchParams.get('token')!;
  const asSaved = async () =>
    ((await (await page.request.get(`/api/feedback/link?token=${encodeURIComponent(token)}`)).json()) as FeedbackState)
      .answer;
  expect(await asSaved()).toMatchObject({ rating: 4, comment: null, showName: false });
  await expectNoAxeViolationsInBothThemes(page, 'feedback page');

  // Keyboard only: the arrow key moves the choice within the group, Tab on to the comment and Save.
  await ratings.getByRole('radio', { name: '4 Very good' }).focus();
  await page.keyboard.press('ArrowRight');
  await expectFocusOn(page, ratings.getByRole('radio', { name: '5 Excellent' }), '5 Excellent');
  await expect(ratings.getByRole('radio', { name: '5 Excellent' })).toBeChecked();
  // The ring shows in the light theme too (the axe pass above left the dark one on).
  await page.evaluate(() => document.documentElement.classList.replace('dark', 'light'));
  await expectFocusOn(page, ratings.getByRole('radio', { name: '5 Excellent' }), '5 Excellent (light)');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(FEEDBACK_COMMENT_LABEL)).toBeFocused();
  await page.keyboard.type('More time to talk before the panel.');
  await page.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  // Focus moves to what Save did.
  await expect(page.locator(':focus')).toContainText(FEEDBACK_SAVED);
  expect(await asSaved()).toMatchObject({ rating: 5, comment: 'More time to talk before the panel.', showName: false });
  await expectNoAxeViolationsInBothThemes(page, 'feedback page, saved');

  // The link without a rating (as bookmarked) shows the answer saved, and taps nothing; at 320 px
  // nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(r.url());
  });
  await page.goto(`/feedback?token=${encodeURIComponent(token)}`);
  await expect(ratings.getByRole('radio', { name: '5 Excellent' })).toBeChecked();
  await expect(page.getByLabel(FEEDBACK_COMMENT_LABEL)).toHaveValue('More time to talk before the panel.');
  await expect(page.getByRole('status').filter({ hasText: FEEDBACK_SAVED })).toHaveCount(0);
  expect(puts).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
  await context.close();

  // The event page, signed in: the box shows the answer and changes it.
  await memberTab.goto(`/events/${eventId}`);
  const box = memberTab.getByRole('region', { name: FEEDBACK_QUESTION(eventName) });
  await expect(box).toContainText('5 Excellent');
  await expect(box).toContainText('More time to talk before the panel.');
  await expect(box).toContainText('Not shown to the organisers');
  await box.getByRole('button', { name: 'Change your answer' }).click();
  await box.getByRole('radio', { name: '3 Good' }).check();
  await box.getByRole('checkbox', { name: FEEDBACK_SHOW_NAME_LABEL }).check();
  await expectNoAxeViolationsInBothThemes(memberTab, 'event page, rating box');
  await box.getByRole('button', { name: 'Save' }).click();
  await expect(box.getByRole('status')).toHaveText(FEEDBACK_SAVED);
  await expect(box).toContainText('3 Good');
  await expect(box).toContainText('Shown to the organisers');
  const state = (await (await memberTab.request.get(`/api/events/${eventId}/feedback`)).json()) as FeedbackState;
  expect(state.answer).toMatchObject({ rating: 3, comment: 'More time to talk before the panel.', showName: true });
  await memberTab.context().close();

  // Nobody else is asked: a visitor's event page asks nothing, and a member who did not come
  // asks once and is shown no box.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const asked = feedbackRequests(visitor);
  await visitor.goto(`/events/${eventId}`);
  await expect(visitor.getByRole('heading', { name: 'Event Attendees' })).toBeVisible();
  expect(asked).toEqual([]);
  await visitorContext.close();
  const { page: stranger } = await memberPage(browser, 'norate');
  const strangerAsked = feedbackRequests(stranger);
  await stranger.goto(`/events/${eventId}`);
  await expect(stranger.getByRole('heading', { name: 'Event Attendees' })).toBeVisible();
  await expect.poll(() => strangerAsked.length).toBe(1);
  await expect(stranger.getByRole('region', { name: FEEDBACK_QUESTION(eventName) })).toHaveCount(0);
  await stranger.context().close();
});

test('a rating link that is not ours says so, and leads on to the dashboard', async ({ page }) => {
  await page.goto('/feedback?token=bm90Lm91cnM.c2lnbmF0dXJl&rating=5');
  await expect(page.getByRole('alert')).toHaveText(INVALID_FEEDBACK_LINK_MESSAGE);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  await expectNoAxeViolationsInBothThemes(page, 'feedback page, invalid link');

  // A link cut short before its token: the same words, and nothing asked of the server.
  await page.goto('/feedback?rating=5');
  await expect(page.getByRole('alert')).toHaveText(INVALID_FEEDBACK_LINK_MESSAGE);
});
