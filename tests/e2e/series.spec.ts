import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { appStarted, DEMO_ADMIN, expectFocusOn, expectNoAxeViolationsInBothThemes, memberPage } from './fixtures';

// Event series (issue 33): an admin makes a monthly series from the event form, moves one date
// (this date only) and cancels another; a member registers for every date from the series page,
// by keyboard only. The demo seed need not hold a series: each journey makes its own.

const SCHEDULE = 'Every first Thursday, 6-8 PM';
const pad = (n: number) => String(n).padStart(2, '0');

/** The first Thursday of the month `monthsAhead` from now (a wall-calendar day, YYYY-MM-DD). */
function firstThursday(monthsAhead: number): string {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead, 1));
  const day = 1 + ((4 - first.getUTCDay() + 7) % 7);
  return `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-${pad(day)}`;
}

/** 'YYYY-MM-DDTHH:MM' a day later. */
function nextDay(wallTime: string): string {
  const d = new Date(`${wallTime}:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 16);
}

type AdminSeries = {
  series: { id: string; dates: { id: string; startTime: string; cancelled: boolean; detached: boolean }[] };
};

async function signInAsAdmin(page: Page) {
  await page.goto('/');
  await appStarted(page);
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/auth/sign-in', { data: DEMO_ADMIN, headers: { origin } });
  expect(res.status()).toBe(200);
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** Presses Tab until `target` has focus (as a keyboard user reaches it), at most `limit` times. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

test('an admin makes a monthly series from the event form, moves one date and cancels another', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const name = `Skyline Mixer ${tag}`;
  const first = firstThursday(1);
  await signInAsAdmin(page);

  await page.goto('/events/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
  const repeats = page.getByRole('group', { name: 'Repeats' });
  await expect(repeats.getByRole('radio', { name: 'Does not repeat' })).toBeChecked();

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Location').fill('Skyline Hall, Charlotte');
  await page.getByLabel('Start time').fill(`${first}T18:00`);
  await page.getByLabel('End time').fill(`${first}T20:00`);
  await repeats.getByRole('radio', { name: 'Monthly' }).check();
  // The nth weekday offered is the start date's own.
  await expect(repeats.getByRole('radio', { name: 'On the first Thursday' })).toBeChecked();
  await repeats.getByRole('radio', { name: 'After a number of dates' }).check();
  await repeats.getByRole('spinbutton', { name: 'Number of dates' }).fill('4');
  // The schedule in words, and the dates it gives, as the admin types.
  await expect(repeats.getByText(SCHEDULE)).toBeVisible();
  await expect(repeats.getByRole('listitem')).toHaveCount(4);
  await expectNoAxeViolationsInBothThemes(page, '/events/create with Repeats open');

  // The rule's own messages land on its fields before anything is sent.
  await repeats.getByRole('spinbutton', { name: 'Number of dates' }).fill('0');
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(repeats.getByText('Enter a number of dates from 1 to 500')).toBeVisible();
  await expect(repeats.getByRole('spinbutton', { name: 'Number of dates' })).toBeFocused();
  await expect(repeats.getByRole('spinbutton', { name: 'Number of dates' })).toHaveAttribute('aria-invalid', 'true');
  await repeats.getByRole('spinbutton', { name: 'Number of dates' }).fill('4');

  await page.getByRole('button', { name: 'Create Event' }).click();
  // On to the first date's own admin page.
  await expect(page).toHaveURL(/\/events\/[^/]+\/edit$/);
  await expect(page.getByRole('status').filter({ hasText: 'Series created with 4 dates.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Part of a series: ${SCHEDULE}` })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'This date only' })).toBeChecked();
  const firstId = /\/events\/([^/]+)\/edit$/.exec(page.url())![1]!;
  const { event } = await getJson<{ event: { series: { id: string } | null } }>(page, `/api/admin/events/${firstId}`);
  const seriesId = event.series!.id;
  const { series } = await getJson<AdminSeries>(page, `/api/admin/series/${seriesId}`);
  expect(series.dates).toHaveLength(4);
  const [, second, third] = series.dates;

  // "All future dates" shows the series' own Repeats, filled in from its rule.
  await page.getByRole('radio', { name: 'All future dates' }).check();
  await expect(repeats.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await expect(repeats.getByRole('spinbutton', { name: 'Number of dates' })).toHaveValue('4');
  await expect(repeats.getByRole('radio', { name: 'Does not repeat' })).toHaveCount(0);
  await page.getByLabel('Summary').fill('Rooftop views, first Thursdays.');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await expect(page.getByRole('status').filter({ hasText: 'Series updated: 4 dates changed.' })).toBeVisible();

  // Move the second date a day later, to another place: this date only.
  await page.goto(`/events/${second!.id}/edit`);
  await expect(page.getByRole('radio', { name: 'This date only' })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Repeats' })).toHaveCount(0);
  const start = await page.getByLabel('Start time').inputValue();
  const end = await page.getByLabel('End time').inputValue();
  await page.getByLabel('Start time').fill(nextDay(start));
  await page.getByLabel('End time').fill(nextDay(end));
  await page.getByLabel('Location').fill('Harbor Terrace');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await expect(page.getByRole('status').filter({ hasText: 'Event updated.' })).toBeVisible();
  const moved = await getJson<AdminSeries>(page, `/api/admin/series/${seriesId}`);
  expect(moved.series.dates.find((d) => d.id === second!.id)?.detached).toBe(true);

  // Cancel the third: a confirm that says what registrants get.
  await page.goto(`/events/${third!.id}/edit`);
  await page.getByRole('button', { name: 'Cancel this date' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this date?' });
  await expect(dialog).toContainText('cancellation e-mail');
  await dialog.getByRole('button', { name: 'Cancel this date' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Date cancelled.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Part of a series/ })).toContainText('Cancelled');
  // The button that opened the dialog is gone: focus is on the panel's heading, not lost.
  await expect(page.getByRole('heading', { name: /Part of a series/ })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'This date only' })).toHaveCount(0);

  // The series page shows both: the moved date's place, the cancelled date marked.
  await page.goto(`/series/${seriesId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(SCHEDULE)).toBeVisible();
  const upcoming = page
    .getByRole('region', { name: 'Upcoming dates' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { level: 3 }),
    });
  await expect(upcoming).toHaveCount(4);
  await expect(upcoming.filter({ hasText: 'Harbor Terrace' })).toHaveCount(1);
  await expect(upcoming.filter({ hasText: 'Cancelled' })).toHaveCount(1);
  await expect(page.getByRole('link', { name: /Subscribe/ })).toHaveAttribute(
    'href',
    `/api/series/${seriesId}/calendar.ics`,
  );

  // The cancelled date's own page says so, and takes no registration.
  await page.goto(`/events/${third!.id}`);
  await appStarted(page);
  await expect(page.getByText('This date has been cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: /Register Now/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: SCHEDULE })).toHaveAttribute('href', `/series/${seriesId}`);

  // End the series from a date's form: confirmed first, then said on the Events tab.
  await page.goto(`/events/${firstId}/edit`);
  await page.getByRole('button', { name: 'End series' }).click();
  const endDialog = page.getByRole('dialog', { name: 'End series?' });
  await expect(endDialog).toContainText('cancellation e-mail');
  await expectNoAxeViolationsInBothThemes(page, 'the End series dialog');
  await endDialog.getByRole('button', { name: 'End series' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await expect(page.getByRole('status').filter({ hasText: 'Series ended:' })).toBeVisible();
});

test('a member registers for every date from the series page, by keyboard only', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const name = `Sunrise Coffee ${tag}`;
  const first = firstThursday(1);

  // The series, made and one date cancelled through the admin's API.
  const { page } = await memberPage(browser, 'series');
  const origin = new URL(page.url()).origin;
  const admin = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  let seriesId: string;
  let dates: AdminSeries['series']['dates'];
  try {
    expect((await admin.post('/api/auth/sign-in', { data: DEMO_ADMIN })).status()).toBe(200);
    const created = await admin.post('/api/admin/series', {
      data: {
        event: { name, location: 'Corner Cafe', startTime: `${first}T18:00`, endTime: `${first}T20:00` },
        repeat: {
          frequency: 'monthly',
          interval: 1,
          on: { kind: 'nth', nth: 1, weekday: 4 },
          ends: { kind: 'count', count: 3 },
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    seriesId = ((await created.json()) as { seriesId: string }).seriesId;
    dates = ((await (await admin.get(`/api/admin/series/${seriesId}`)).json()) as AdminSeries).series.dates;
    expect(dates).toHaveLength(3);
    expect((await admin.post(`/api/admin/events/${dates[2]!.id}/cancel`)).status()).toBe(200);
  } finally {
    await admin.dispose();
  }

  await page.goto(`/series/${seriesId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(name));
  await expectNoAxeViolationsInBothThemes(page, '/series/:id');

  // Keyboard only: Tab to the button, Enter; the status says what happened, focus stays.
  const join = page.getByRole('button', { name: 'Register for every date' });
  await tabTo(page, join);
  await expectFocusOn(page, join, 'Register for every date');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Registered for every date: 2 dates.' })).toBeVisible();
  const leave = page.getByRole('button', { name: 'Leave the series' });
  await expectFocusOn(page, leave, 'Leave the series');

  // Each date to come (not the cancelled one) holds the member's registration.
  for (const date of dates!.slice(0, 2)) {
    const { registration } = await getJson<{ registration: { status: string } | null }>(page, `/api/events/${date.id}`);
    expect(registration?.status).toBe('attending');
  }

  // On to the first date's page by keyboard: it links back to its series.
  const firstLink = page.getByRole('region', { name: 'Upcoming dates' }).getByRole('link').first();
  await tabTo(page, firstLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/events/${dates![0]!.id}$`));
  await expect(page.getByText('Part of a series:')).toBeVisible();
  await expect(page.getByRole('link', { name: SCHEDULE })).toHaveAttribute('href', `/series/${seriesId}`);

  // The events list shows the series once, marked with its schedule.
  await page.goto(`/events?q=${encodeURIComponent(name)}`);
  const cards = page.getByRole('article').filter({ hasText: name });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(SCHEDULE);

  // Leaving, by keyboard too.
  await page.goto(`/series/${seriesId}`);
  await tabTo(page, leave);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'You left the series' })).toBeVisible();
  await expect(join).toBeFocused();

  // A visitor is asked to sign in.
  const visitor = await browser.newPage();
  await visitor.goto(`/series/${seriesId}`);
  await expect(visitor.getByRole('link', { name: 'Sign in to register for every date' })).toBeVisible();
  // A series that does not exist: the not-found page, and a title that says so.
  await visitor.goto('/series/00000000-0000-4000-8000-000000000000');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Series not found' })).toBeVisible();
  await expect(visitor).toHaveTitle(/Series not found/);
  await visitor.close();
  await page.context().close();
});
