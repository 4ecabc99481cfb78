import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatShortCode } from '../../src/shared/check-in-texts';
import type { DoorResponse, TicketResponse } from '../../src/shared/check-in';
import { apiContext } from './door-fixtures';
import { appStarted, DEMO_ADMIN, expectNoAxeViolations, newMember } from './fixtures';

// Registering with guests and what the dashboard then shows (issue 39): the guest picker offers
// no more guests than seats are left and says so; "Add guests" later opens a dialog about guests,
// the thank-you belongs to the moment of registering; the dashboard's next-event card, its Event
// History split into upcoming and past (Attended / Did not check in), and the connections box
// saying that more connections follow.

let counter = 0;
const tag = () => `${Date.now().toString(36)}${++counter}`;
const origin = (page: Page) => new URL(page.url()).origin;

async function asAdmin<T>(baseURL: string, run: (admin: APIRequestContext) => Promise<T>): Promise<T> {
  const admin = await apiContext(baseURL);
  try {
    expect((await admin.post('/api/auth/sign-in', { data: DEMO_ADMIN })).status()).toBe(200);
    return await run(admin);
  } finally {
    await admin.dispose();
  }
}

type EventForm = { name: string; startTime: string; endTime: string; location?: string; maxAttendees?: number };

async function createEvent(admin: APIRequestContext, form: EventForm): Promise<string> {
  const made = await admin.post('/api/admin/events', { data: form });
  expect(made.status(), 'the admin creates the event').toBe(201);
  return ((await made.json()) as { event: { id: string } }).event.id;
}

/** A new member signed in through the API on `page` (the page's cookies are theirs). */
async function signedInMember(page: Page, prefix: string) {
  await page.goto('/');
  await appStarted(page);
  const member = newMember(prefix);
  const res = await page.request.post('/api/auth/register', { data: member, headers: { origin: origin(page) } });
  expect(res.status()).toBe(201);
  return member;
}

/** Another member, in a request context of their own, attending `eventId` with `guests` guests. */
async function otherAttending(baseURL: string, eventId: string, guests: number) {
  const api = await apiContext(baseURL);
  const member = newMember('seatmate');
  try {
    expect((await api.post('/api/auth/register', { data: member })).status()).toBe(201);
    expect((await api.put(`/api/events/${eventId}/registration`, { data: { status: 'attending' } })).status()).toBe(
      200,
    );
    if (guests > 0) {
      const list = Array.from({ length: guests }, (_, i) => ({ name: `Friend ${i}`, email: `f${i}.${member.email}` }));
      expect((await api.put(`/api/events/${eventId}/guests`, { data: { guests: list } })).status()).toBe(200);
    }
  } finally {
    await api.dispose();
  }
  return member;
}

test('the guest picker offers no more guests than seats are left, and says so', async ({ page, baseURL }) => {
  // Four seats: another member and their guest leave two, one of them the new member's own.
  const eventId = await asAdmin(baseURL!, (admin) =>
    createEvent(admin, {
      name: `Small Room Mixer ${tag()}`,
      startTime: '2031-04-10T18:00',
      endTime: '2031-04-10T21:00',
      maxAttendees: 4,
    }),
  );
  await otherAttending(baseURL!, eventId, 1);
  await signedInMember(page, 'seats');
  await page.goto(`/events/${eventId}`);
  await appStarted(page);
  await page.getByRole('button', { name: 'Register Now' }).click();

  const modal = page.getByRole('dialog', { name: 'Thank you for Registering!' });
  await expect(modal).toBeVisible();
  const count = modal.getByRole('combobox', { name: 'Number of Guests' });
  await expect(count.locator('option')).toHaveText(['0', '1']);
  const why = 'Only 1 seat is left for guests at this event.';
  await expect(modal.getByText(why)).toBeVisible();
  await expect(count).toHaveAccessibleDescription(why);
  await expectNoAxeViolations(page, 'guest picker capped by seats');

  // The server says the same: a second guest is refused in the hint's words.
  const refused = await page.request.put(`/api/events/${eventId}/guests`, {
    headers: { origin: origin(page) },
    data: {
      guests: [
        { name: 'One', email: `one.${tag()}@example.com` },
        { name: 'Two', email: `two.${tag()}@example.com` },
      ],
    },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(why);

  // Once the last seat is taken, the picker offers none.
  await otherAttending(baseURL!, eventId, 0);
  await modal.getByRole('button', { name: 'No, Thank You' }).click();
  await page.reload();
  await page.getByRole('button', { name: 'Add guests' }).click();
  const later = page.getByRole('dialog', { name: 'Add guests' });
  await expect(later.getByRole('combobox', { name: 'Number of Guests' }).locator('option')).toHaveText(['0']);
  await expect(later.getByText('There are no seats left for guests at this event.')).toBeVisible();
});

test('"Add guests" later opens a dialog about guests; the thank-you is only for the moment of registering', async ({
  page,
  baseURL,
}) => {
  const eventId = await asAdmin(baseURL!, (admin) =>
    createEvent(admin, { name: `Guest Night ${tag()}`, startTime: '2031-05-12T18:00', endTime: '2031-05-12T21:00' }),
  );
  await signedInMember(page, 'addg');
  await page.goto(`/events/${eventId}`);
  await appStarted(page);
  await page.getByRole('button', { name: 'Register Now' }).click();

  // Right after registering: the spec's dialog, its title, question and buttons.
  const thanks = page.getByRole('dialog', { name: 'Thank you for Registering!' });
  await expect(thanks).toBeVisible();
  await expect(thanks).toHaveAccessibleDescription('Would you like to register any guests?');
  await expect(thanks.getByRole('button', { name: 'Register Now' })).toBeVisible();
  // Without a seat limit nothing is said about seats.
  await expect(thanks.getByText(/seats? (is|are) left/)).toHaveCount(0);
  await expect(thanks.getByRole('combobox', { name: 'Number of Guests' }).locator('option')).toHaveCount(11);
  await thanks.getByRole('button', { name: 'No, Thank You' }).click();
  await expect(thanks).toBeHidden();

  // Later: a dialog about adding guests, no thank-you.
  await page.getByRole('button', { name: 'Add guests' }).click();
  const add = page.getByRole('dialog', { name: 'Add guests' });
  await expect(add).toBeVisible();
  await expect(add).toHaveAccessibleDescription(
    'Guests come with you: each takes a seat and gets a ticket of their own.',
  );
  await expect(page.getByText('Thank you for Registering!')).toHaveCount(0);
  await expect(add.getByRole('combobox', { name: 'Number of Guests' })).toBeFocused();
  await expectNoAxeViolations(page, 'the Add guests dialog');
  await add.getByRole('combobox', { name: 'Number of Guests' }).selectOption('1');
  await add.getByLabel('Guest Name').fill('Gus Guest');
  await add.getByLabel('Guest Email').fill(`gus.${tag()}@example.com`);
  await add.getByRole('button', { name: 'Save guests' }).click();
  await expect(add.getByText('Guests successfully registered!')).toBeVisible();
  await expect(add).toBeHidden({ timeout: 5000 });
  await expect(page.getByRole('button', { name: 'Guests (1)' })).toBeFocused();

  // With guests saved, the dialog is about them; Cancel closes it and changes nothing.
  await page.getByRole('button', { name: 'Guests (1)' }).click();
  const yours = page.getByRole('dialog', { name: 'Your guests' });
  await expect(yours.getByLabel('Guest Name')).toHaveValue('Gus Guest');
  await yours.getByRole('button', { name: 'Cancel' }).click();
  await expect(yours).toBeHidden();
  await expect(page.getByRole('button', { name: 'Guests (1)' })).toBeFocused();
});

/** The admin moves an event into the past and marks it completed. */
async function moveToPast(admin: APIRequestContext, eventId: string, name: string, day: string) {
  const res = await admin.put(`/api/admin/events/${eventId}`, {
    data: { name, status: 'completed', startTime: `${day}T18:00`, endTime: `${day}T21:00` },
  });
  expect(res.status(), `${name} moves to the past`).toBe(200);
}

test('the dashboard: the next event with its ticket on top, upcoming apart from past, Attended or Did not check in', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await signedInMember(page, 'hist');
  const t = tag();
  const names = {
    next: `Next Mixer ${t}`,
    later: `Later Mixer ${t}`,
    came: `Came Mixer ${t}`,
    missed: `Missed Mixer ${t}`,
    noDoor: `No Door Mixer ${t}`,
  };
  const ids = await asAdmin(baseURL!, async (admin) => ({
    next: await createEvent(admin, {
      name: names.next,
      startTime: '2031-06-05T18:00',
      endTime: '2031-06-05T21:00',
      location: 'Camp North End, Charlotte',
    }),
    later: await createEvent(admin, { name: names.later, startTime: '2031-09-05T18:00', endTime: '2031-09-05T21:00' }),
    came: await createEvent(admin, { name: names.came, startTime: '2031-01-05T18:00', endTime: '2031-01-05T21:00' }),
    missed: await createEvent(admin, {
      name: names.missed,
      startTime: '2031-01-06T18:00',
      endTime: '2031-01-06T21:00',
    }),
    noDoor: await createEvent(admin, {
      name: names.noDoor,
      startTime: '2031-01-07T18:00',
      endTime: '2031-01-07T21:00',
    }),
  }));

  const put = (path: string, data: unknown) => page.request.put(path, { data, headers: { origin: origin(page) } });
  for (const id of [ids.next, ids.came, ids.missed, ids.noDoor]) {
    expect((await put(`/api/events/${id}/registration`, { status: 'attending' })).status()).toBe(200);
  }
  expect((await put(`/api/events/${ids.later}/registration`, { status: 'maybe' })).status()).toBe(200);
  const guest = { name: 'Nia Guest', email: `nia.${t}@example.com` };
  expect((await put(`/api/events/${ids.next}/guests`, { guests: [guest] })).status()).toBe(200);
  // At "Missed" the door checked someone else in, not the member; at "Came" the member too.
  await otherAttending(baseURL!, ids.missed, 0);
  await asAdmin(baseURL!, async (admin) => {
    for (const id of [ids.came, ids.missed]) {
      const door = (await (await admin.get(`/api/events/${id}/door`)).json()) as DoorResponse;
      const admit = door.tickets.filter((ticket) =>
        id === ids.came ? ticket.name === member.fullName : ticket.name !== member.fullName,
      );
      expect(admit).toHaveLength(1);
      const scan = await admin.post(`/api/events/${id}/check-ins`, {
        data: { code: admit[0]!.code, device: 'Front door' },
      });
      expect(scan.status()).toBeLessThan(300);
    }
    await moveToPast(admin, ids.came, names.came, '2025-01-05');
    await moveToPast(admin, ids.missed, names.missed, '2025-02-05');
    await moveToPast(admin, ids.noDoor, names.noDoor, '2025-03-05');
  });

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Your next event' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: names.next })).toHaveAttribute('href', `/events/${ids.next}`);
  // Dates as the rest of the dashboard writes them: "June 5, 2031".
  await expect(card).toContainText('June 5, 2031');
  await expect(card).not.toContainText('Thursday');
  await expect(card).toContainText(/6:00\s*–\s*9:00\s*PM\s*EDT/);
  await expect(card).toContainText('Camp North End, Charlotte');
  await expect(card).toContainText('You and 1 guest');
  await expect(card.getByRole('link', { name: 'Show tickets' })).toHaveAttribute('href', `/events/${ids.next}/ticket`);
  // With the member's own ticket in it: the QR image and the short code under it.
  const ticket = (await (await page.request.get(`/api/events/${ids.next}/ticket`)).json()) as TicketResponse;
  const own = ticket.holders.find((holder) => holder.kind === 'member')!;
  await expect(card.getByRole('img', { name: `Check-in code for ${own.name}` })).toBeVisible();
  await expect(card).toContainText(formatShortCode(own.shortCode));
  // It sits at the top: right under the profile's header, above every other section.
  const top = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!.y;
  const history = page.getByRole('region', { name: 'Event History' });
  expect(await top(card)).toBeLessThan(await top(history));
  expect(await top(card)).toBeLessThan(await top(page.getByRole('region', { name: 'Skills' })));

  const upcoming = history.getByRole('region', { name: 'Upcoming' });
  const past = history.getByRole('region', { name: 'Past' });
  await expect(upcoming.getByRole('listitem')).toHaveText([
    new RegExp(`${names.next}.*1 guest.*Attending`),
    new RegExp(`${names.later}.*Maybe`),
  ]);
  await expect(past.getByRole('listitem')).toHaveText([
    new RegExp(`${names.noDoor}.*Attended`),
    new RegExp(`${names.missed}.*Did not check in`),
    new RegExp(`${names.came}.*Attended`),
  ]);
  await expect(past.getByText('Attending', { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the dashboard with its next event and history');

  // The ticket is one press away.
  await card.getByRole('link', { name: 'Show tickets' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${ids.next}/ticket$`));
  // The address changes first; the dashboard stays until the ticket screen's code has arrived.
  await expect(page.getByRole('heading', { level: 1, name: 'Your ticket' })).toBeVisible();
  await expect(page.getByText(names.next)).toBeVisible();
});

test('without an event to come, the dashboard shows no next-event card', async ({ page }) => {
  await signedInMember(page, 'nonext');
  await page.goto('/dashboard');
  const history = page.getByRole('region', { name: 'Event History' });
  await expect(history.getByText('No events attended yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your next event' })).toHaveCount(0);
});

test('the connections box says more connections follow, and brings them into view', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const me = await signedInMember(page, 'many');
  // Nine connections: more than the box (about 24rem) shows at once.
  for (let i = 0; i < 9; i++) {
    const api = await apiContext(baseURL!);
    try {
      const friend = newMember(`friend${i}`);
      expect((await api.post('/api/auth/register', { data: friend })).status()).toBe(201);
      const asked = await api.post('/api/connections', { data: { username: me.username } });
      expect(asked.status()).toBeLessThan(300);
    } finally {
      await api.dispose();
    }
  }
  const incoming = (await (await page.request.get('/api/connections')).json()) as { incoming: { id: string }[] };
  for (const { id } of incoming.incoming) {
    const accepted = await page.request.post(`/api/connections/${id}/accept`, { headers: { origin: origin(page) } });
    expect(accepted.status()).toBeLessThan(300);
  }

  await page.goto('/dashboard');
  const box = page.getByRole('region', { name: 'My Connections' });
  const list = box.getByRole('list');
  await expect(list.getByRole('listitem')).toHaveCount(9);
  const more = box.getByRole('button', { name: /^Show \d+ more connections?$/ });
  await expect(more).toBeVisible();
  const hidden = Number((await more.textContent())!.match(/\d+/)![0]);
  expect(hidden).toBeGreaterThan(0);
  expect(hidden).toBeLessThan(9);
  // The rows under the edge are the ones the button counts.
  const fullyShown = await list.evaluate((ul) => {
    const edge = ul.getBoundingClientRect().bottom + 1;
    return Array.from(ul.children).filter((li) => li.getBoundingClientRect().bottom <= edge).length;
  });
  expect(fullyShown + hidden).toBe(9);
  await expectNoAxeViolations(page, 'the connections box with more below');

  // Pressed, the first hidden row comes into view with focus on it.
  await more.click();
  const first = list.getByRole('listitem').nth(fullyShown).getByRole('link').first();
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();
  const inBox = await list.evaluate((ul, index) => {
    const row = ul.children[index]!.getBoundingClientRect();
    const box = ul.getBoundingClientRect();
    return row.top >= box.top - 1 && row.bottom <= box.bottom + 1;
  }, fullyShown);
  expect(inBox).toBe(true);

  // Scrolled to the end, nothing more follows: the button goes.
  await list.evaluate((ul) => ul.scrollTo({ top: ul.scrollHeight }));
  await expect(more).toHaveCount(0);
  // A search that leaves a few rows: no button either.
  await box.getByRole('searchbox', { name: 'Search connections' }).fill('friend1');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(box.getByRole('button', { name: /more connection/ })).toHaveCount(0);
});
