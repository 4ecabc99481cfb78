import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { AdminEventsResponse } from '../../src/shared/event-admin';
import type { DoorResponse } from '../../src/shared/check-in';
import { appStarted, DEMO_ADMIN, expectNoAxeViolationsInBothThemes } from './fixtures';

// The admin's side of the door: door staff chosen in the event form, the live counts beside the
// event's times, and the attendee export's Checked In column. The admission itself is made through
// the API, as a door device would make it.

async function signInAsAdmin(page: Page) {
  await page.goto('/');
  await appStarted(page);
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/auth/sign-in', { data: DEMO_ADMIN, headers: { origin } });
  expect(res.status()).toBe(200);
  return origin;
}

test('an admin sets door staff, watches the counts rise live and exports who came', async ({ page }) => {
  test.setTimeout(120_000);
  const origin = await signInAsAdmin(page);

  // An upcoming demo event that has people registered (the admin's list, soonest first).
  const { events } = (await (await page.request.get('/api/admin/events')).json()) as AdminEventsResponse;
  const upcoming = events
    .filter((e) => e.status === 'upcoming' && e.attendeeCount > 1)
    .sort((a, b) => a.startTime.localeCompare(b.startTime));
  const event = upcoming.at(-1)!;
  expect(event, 'an upcoming demo event with attendees').toBeTruthy();
  const doorUrl = `/api/events/${event.id}/door`;
  const before = (await (await page.request.get(doorUrl)).json()) as DoorResponse;
  const ticket = before.tickets.find((t) => t.kind === 'member' && t.status === 'attending' && !t.checkIn)!;
  expect(ticket, 'someone not yet checked in').toBeTruthy();

  // Door staff: find a member, add them, save with the event.
  await page.goto(`/events/${event.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeVisible();
  const staff = page.getByRole('region', { name: 'Door staff' });
  await expect(staff.getByText("Door staff can open this event's check-in screen and admit people.")).toBeVisible();
  // The seed staffs the next event only; this one, later, has none yet.
  await expect(staff.getByText('No door staff: only admins can open the check-in screen.')).toBeVisible();
  await staff.getByLabel('Find a member').fill('Priya');
  await expect(staff.getByRole('status')).toHaveText(/member(s)? found/);
  const add = staff.getByRole('list', { name: 'Members found' }).getByRole('button', { name: /^Add / }).first();
  const addName = (await add.getAttribute('aria-label'))!.replace(/^Add /, '');
  await add.click();
  await expect(staff.getByLabel('Find a member')).toBeFocused();
  const chosen = staff.getByRole('list', { name: 'Chosen door staff' });
  await expect(chosen.getByRole('button', { name: `Remove ${addName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);

  await page.goto(`/events/${event.id}/edit`);
  await expect(
    page
      .getByRole('region', { name: 'Door staff' })
      .getByRole('list', { name: 'Chosen door staff' })
      .getByRole('button', { name: `Remove ${addName}` }),
  ).toBeVisible();
  const saved = (await (await page.request.get(`/api/admin/events/${event.id}/door-staff`)).json()) as {
    staff: { fullName: string | null; username: string }[];
  };
  expect(saved.staff.map((s) => s.fullName || s.username)).toContain(addName);

  // The counts, in words, and a link to the door screen.
  const panel = page.getByRole('region', { name: 'Check-in' });
  const count = (key: string) => panel.locator(`[data-count="${key}"]`);
  await expect(count('registered')).toHaveText(String(before.counts.registered));
  await expect(count('checkedIn')).toHaveText(String(before.counts.checkedIn));
  await expect(count('expected')).toHaveText(String(before.counts.expected));
  await expect(panel.getByText('Still expected', { exact: true })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Open the check-in screen' })).toHaveAttribute(
    'href',
    `/events/${event.id}/check-in`,
  );
  // The event has not ended: no no-shows yet.
  await expect(panel.getByText('No-shows')).toHaveCount(0);
  await expectNoAxeViolationsInBothThemes(page, 'event edit page with door staff and check-in counts');

  // A door device admits someone: the panel follows without a reload.
  const scan = await page.request.post(`/api/events/${event.id}/check-ins`, {
    data: { code: ticket.code, device: 'Front door' },
    headers: { origin },
  });
  expect(scan.status()).toBe(200);
  expect((await scan.json()).outcome).toBe('admitted');
  await expect(count('checkedIn')).toHaveText(String(before.counts.checkedIn + 1));
  await expect(count('expected')).toHaveText(String(before.counts.expected - 1));

  // The Activity tab says it in words.
  await page.goto('/admin?tab=activity');
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByText(`Checked in ${ticket.name} at ${event.name} (device: Front door)`)).toBeVisible();
  await expect(activity.getByText('Set the door staff of').first()).toBeVisible();

  // The attendee export: Checked In after the spec's columns (then Guest of, empty for a member),
  // with a time for the one admitted.
  await page.goto('/admin?tab=events');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="/events/${event.id}/edit"]`) })
      .getByRole('button', { name: `Export attendees of ${event.name}` })
      .click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.slice(1).split('\r\n');
  expect(lines[0]).toMatch(/,Status,Registration Date,Checked In,Guest of$/);
  const admitted = lines.filter((l) => /,\d{4}-\d{2}-\d{2}T[\d:.]+[-+]\d{2}:\d{2},$/.test(l));
  expect(admitted.length).toBeGreaterThanOrEqual(1);
});

test('door staff chosen while creating an event are saved once it exists; removing one saves too', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const name = `Door Test Mixer ${Date.now().toString(36)}`;
  await page.goto('/events/create');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Start time').fill('2031-06-10T18:00');
  await page.getByLabel('End time').fill('2031-06-10T21:00');
  const staff = page.getByRole('region', { name: 'Door staff' });
  for (const who of ['Tasha', 'Andre']) {
    await staff.getByLabel('Find a member').fill(who);
    const add = staff
      .getByRole('list', { name: 'Members found' })
      .getByRole('button', { name: new RegExp(`^Add ${who}`) });
    await add.click();
    await expect(staff.getByRole('button', { name: new RegExp(`^Remove ${who}`) })).toBeVisible();
  }
  // Enter in the search box searches; it does not create the event.
  await staff.getByLabel('Find a member').press('Enter');
  await expect(page).toHaveURL(/\/events\/create$/);
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);

  const row = page.getByRole('listitem').filter({ hasText: name });
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  const chosen = page.getByRole('region', { name: 'Door staff' }).getByRole('list', { name: 'Chosen door staff' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await chosen.getByRole('button', { name: /^Remove Tasha/ }).click();
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await page
    .getByRole('listitem')
    .filter({ hasText: name })
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await expect(chosen.getByRole('button', { name: /^Remove Andre/ })).toBeVisible();
});
