import { expect, request, test, type Page } from '@playwright/test';
import { appStarted, expectFocusOn, expectNoAxeViolationsInBothThemes, memberPage, newMember } from './fixtures';

// People to meet on the event page: members registered for an upcoming demo event, with offers
// and asks that meet, find each other with the reasons in words, connect by keyboard, and see the
// other side's answer live. Visitors and members not registered see nothing (and ask nothing).

type EventCard = { id: string; name: string; maxAttendees: number | null };
type OffersAsks = { offers: string[]; asks: string[] };

const SECTION = 'People to meet';

async function upcomingEventId(page: Page): Promise<string> {
  const res = await page.request.get('/api/events?status=upcoming&pageSize=50');
  const events = ((await res.json()) as { events: EventCard[] }).events;
  // The last upcoming one with room: the site journeys register for the next event.
  const event = events.reverse().find((e) => e.maxAttendees === null || e.maxAttendees > 40);
  expect(event, 'an upcoming demo event with seats').toBeTruthy();
  return event!.id;
}

const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

/** The page's member registers for the event and says what they offer and look for. */
async function join(page: Page, eventId: string, status: 'attending' | 'maybe', say: OffersAsks) {
  const going = await page.request.put(`/api/events/${eventId}/registration`, {
    data: { status },
    headers: origin(page),
  });
  expect(going.status(), 'registered').toBe(200);
  const said = await page.request.put('/api/me/offers-asks', { data: say, headers: origin(page) });
  expect(said.status(), 'offers and asks saved').toBe(200);
}

/** Members made through the API alone (no browser), registered and with their offers and asks. */
async function attendees(baseURL: string, eventId: string, count: number, say: OffersAsks) {
  const made: ReturnType<typeof newMember>[] = [];
  for (let i = 0; i < count; i++) {
    const member = newMember(`ptmx${i}`);
    const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    try {
      expect((await api.post('/api/auth/register', { data: member })).status()).toBe(201);
      expect((await api.put(`/api/events/${eventId}/registration`, { data: { status: 'attending' } })).status()).toBe(
        200,
      );
      expect((await api.put('/api/me/offers-asks', { data: say })).status()).toBe(200);
    } finally {
      await api.dispose();
    }
    made.push(member);
  }
  return made;
}

/** Counts the requests for People to meet the page makes from now on. */
function countAsks(page: Page) {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/events\/[^/]+\/people-to-meet/.test(r.url())) asked.push(r.url());
  });
  return asked;
}

async function openEvent(page: Page, eventId: string) {
  await page.goto(`/events/${eventId}`);
  await appStarted(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Event Attendees' })).toBeVisible();
}

test('registered members find each other with the reasons, connect by keyboard and see the answer live', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { page: pageA, member: a } = await memberPage(browser, 'ptma');
  const { page: pageB, member: b } = await memberPage(browser, 'ptmb');
  const eventId = await upcomingEventId(pageA);
  await join(pageA, eventId, 'attending', { offers: ['general contracting'], asks: ['a lender'] });
  await join(pageB, eventId, 'attending', { offers: ['commercial lending'], asks: ['a general contractor'] });
  // Six more who look for a contractor: with B, more than the six shown first.
  await attendees(baseURL!, eventId, 6, { offers: [], asks: ['a general contractor'] });

  await openEvent(pageA, eventId);
  const section = pageA.getByRole('region', { name: SECTION });
  await expect(section).toBeVisible();
  // B meets both ways, so comes first, with both reasons in words.
  const cards = section.getByRole('heading', { level: 3 });
  await expect(cards.first()).toHaveText(b.fullName);
  const cardB = section
    .getByRole('listitem')
    .filter({ has: pageA.getByRole('link', { name: b.fullName, exact: true }) });
  await expect(cardB.getByRole('list', { name: `Why meet ${b.fullName}` })).toContainText(
    'looking for a general contractor; you offer general contracting',
  );
  await expect(cardB).toContainText('offers commercial lending; you are looking for a lender');
  await expect(cardB.getByRole('link', { name: b.fullName, exact: true })).toHaveAttribute(
    'href',
    `/user/${b.username}`,
  );
  await expect(cardB.getByRole('link', { name: `Message ${b.fullName}` })).toHaveAttribute(
    'href',
    `/messages?to=${b.username}`,
  );

  // The first six, then Show all: pressed by keyboard, it gives way to the rest, focus on the first revealed.
  await expect(cards).toHaveCount(6);
  const showAll = section.getByRole('button', { name: /^Show all \d+$/ });
  const all = Number((await showAll.textContent())!.replace(/\D/g, ''));
  expect(all).toBeGreaterThanOrEqual(7);
  await showAll.focus();
  await pageA.keyboard.press('Enter');
  await expect(cards).toHaveCount(all);
  await expect(showAll).toHaveCount(0);
  await expectFocusOn(
    pageA,
    section.getByRole('link', { name: (await cards.nth(6).textContent())!, exact: true }),
    'seventh person',
  );

  // Connect by keyboard: Tab from B's name to Connect, Enter; focus stays on the button, now Request sent.
  await cardB.getByRole('link', { name: b.fullName, exact: true }).focus();
  await pageA.keyboard.press('Tab');
  await expectFocusOn(pageA, cardB.getByRole('button', { name: `Connect with ${b.fullName}` }), 'Connect');
  await pageA.keyboard.press('Enter');
  const sent = cardB.getByRole('button', { name: `Request sent to ${b.fullName}` });
  await expect(sent).toHaveText('Request sent');
  await expect(sent).toBeFocused();
  await expect(section.getByRole('status')).toHaveText(`Connection request sent to ${b.fullName}.`);
  // The refetch agrees (the server has the request).
  await pageA.reload();
  await expect(
    pageA.getByRole('region', { name: SECTION }).getByRole('button', { name: `Request sent to ${b.fullName}` }),
  ).toBeVisible();

  // B sees A with Accept; accepting shows Connected there, and on A's page without a reload.
  await openEvent(pageB, eventId);
  const sectionB = pageB.getByRole('region', { name: SECTION });
  await sectionB.getByRole('button', { name: `Accept ${a.fullName}’s connection request` }).click();
  await expect(sectionB.getByRole('button', { name: `Connected with ${a.fullName}` })).toHaveText('Connected');
  await expect(
    pageA.getByRole('region', { name: SECTION }).getByRole('button', { name: `Connected with ${b.fullName}` }),
  ).toBeVisible({ timeout: 15_000 });

  await pageA.getByRole('region', { name: SECTION }).scrollIntoViewIfNeeded();
  await expectNoAxeViolationsInBothThemes(pageA, 'event page with People to meet');

  // 320 px wide: no sideways scrolling.
  await pageA.setViewportSize({ width: 320, height: 800 });
  await pageA.getByRole('region', { name: SECTION }).scrollIntoViewIfNeeded();
  expect(await pageA.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await pageA.context().close();
  await pageB.context().close();
});

test('the empty states: no offers or asks yet (registered maybe), and nobody to suggest', async ({ browser }) => {
  const { page: quiet } = await memberPage(browser, 'ptmq');
  const eventId = await upcomingEventId(quiet);
  await join(quiet, eventId, 'maybe', { offers: [], asks: [] });
  await openEvent(quiet, eventId);
  const section = quiet.getByRole('region', { name: SECTION });
  await expect(
    section.getByText('Add what you offer and what you are looking for on your dashboard to see who to meet.'),
  ).toBeVisible();
  await expect(section.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  await expectNoAxeViolationsInBothThemes(quiet, 'People to meet, no offers or asks');
  await quiet.context().close();

  const { page: alone } = await memberPage(browser, 'ptmn');
  await join(alone, eventId, 'attending', { offers: ['dog walking'], asks: [] });
  await openEvent(alone, eventId);
  await expect(
    alone
      .getByRole('region', { name: SECTION })
      .getByText('No one to suggest yet. Check back as more members register.'),
  ).toBeVisible();
  await alone.context().close();
});

test('a visitor and a member not registered see no People to meet, and it is not asked for', async ({ browser }) => {
  const { page: member } = await memberPage(browser, 'ptmo');
  const eventId = await upcomingEventId(member);
  const asked = countAsks(member);
  await openEvent(member, eventId);
  await expect(member.getByRole('button', { name: 'Register Now' })).toBeVisible();
  await expect(member.getByRole('heading', { name: SECTION })).toHaveCount(0);
  expect(asked).toEqual([]);
  // The API refuses them anyway.
  expect((await member.request.get(`/api/events/${eventId}/people-to-meet`)).status()).toBe(403);
  await member.context().close();

  const context = await browser.newContext();
  const visitor = await context.newPage();
  const visitorAsked = countAsks(visitor);
  await openEvent(visitor, eventId);
  await expect(visitor.getByRole('heading', { name: SECTION })).toHaveCount(0);
  expect(visitorAsked).toEqual([]);
  await context.close();
});
