import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { CommunityInsights, EventInsights } from '../../src/shared/insights';
import { appStarted, DEMO_ADMIN, expectFocusOn, expectNoAxeViolationsInBothThemes } from './fixtures';

// The organiser's desk (issue 34): the admin's Insights tab (the period kept in the address, a
// chart's table read against the API's answer, a CSV download) and an event's Insights section.
// The session is made through the API.

test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

async function signInAsAdmin(page: Page) {
  await page.goto('/');
  await appStarted(page);
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/auth/sign-in', { data: DEMO_ADMIN, headers: { origin } });
  expect(res.status()).toBe(200);
}

async function insights(page: Page, period: string): Promise<CommunityInsights> {
  const res = await page.request.get(`/api/admin/insights?period=${period}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as CommunityInsights;
}

/** "2026-11" -> "Nov 2026", as the table writes a month. */
const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

test('the admin reads the Insights tab: the period in the address, a table that matches the API, a CSV', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin?tab=insights');
  await expect(page.getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle(/Admin Dashboard · Insights/);
  const period = page.getByRole('combobox', { name: 'Period' });
  await expect(period).toHaveValue('12m');

  // Switched to the last 90 days: kept in the address, and the table says what the API says.
  await period.selectOption({ label: 'Last 90 days' });
  await expect(page).toHaveURL(/tab=insights&period=90d/);
  const data = await insights(page, '90d');
  expect(data.period).toBe('90d');
  const months = data.members.perMonth;
  expect(months.length, 'the 90 days span three or four months').toBeGreaterThanOrEqual(3);
  const figure = page.getByRole('region', { name: 'Members per month', exact: true });
  const table = figure.getByRole('table', { name: 'Members per month' });
  await expect(table.getByRole('row')).toHaveCount(months.length + 1);
  for (const month of months) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: monthLabel(month.month) }) });
    await expect(row.getByRole('cell')).toHaveText([String(month.joined), month.total.toLocaleString('en-US')]);
  }
  const members = page.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Members$/ }) });
  await expect(members.locator('dd')).toHaveText(data.members.total.toLocaleString('en-US'));
  // The chart is for the eye only: hidden from screen readers, never a tab stop.
  await expect(figure.locator('canvas')).toHaveCount(1);
  await expect(figure.locator('[aria-hidden="true"]:has(canvas)')).toHaveCount(1);

  // The CSV: made in the browser from the same rows, named by what and when.
  const download = page.waitForEvent('download');
  await figure.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^insights-members-per-month-90d-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe('Month,Joined,Total');
  const last = months.at(-1)!;
  expect(lines).toContain(`${monthLabel(last.month)},${last.joined},${last.total}`);
  expect(lines.filter(Boolean)).toHaveLength(months.length + 1);

  // The attendance table: one row per event the API counts, with its no-shows.
  const attendance = page.getByRole('region', { name: 'Attendance per event', exact: true });
  if (data.attendance.length === 0) {
    await expect(attendance.getByText('No events ended in this period.')).toBeVisible();
  } else {
    await expect(attendance.getByRole('table').getByRole('row')).toHaveCount(data.attendance.length + 1);
    const first = data.attendance[0]!;
    const row = attendance
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: first.name }) })
      .first();
    await expect(row.getByRole('cell').nth(2)).toHaveText(String(first.came));
    await expect(row.getByRole('cell').nth(3)).toHaveText(first.noShows === null ? '—' : String(first.noShows));
  }

  await expectNoAxeViolationsInBothThemes(page, 'Insights tab');

  // All time: the address and the figures follow.
  await period.selectOption('all');
  await expect(page).toHaveURL(/period=all/);
  const all = await insights(page, 'all');
  await expect(table.getByRole('row')).toHaveCount(all.members.perMonth.length + 1);
});

test('the period is changed by keyboard', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin?tab=insights&period=90d');
  const period = page.getByRole('combobox', { name: 'Period' });
  await expect(period).toHaveValue('90d');
  // From the last of the admin area's tabs, the next stop is the period.
  const tabs = page.getByRole('link', { name: 'Invitations' });
  await tabs.focus();
  await page.keyboard.press('Tab');
  await expectFocusOn(page, period, 'Period');
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/period=12m/);
  await expect(period).toHaveValue('12m');
  await expect(period).toBeFocused();
  // On through the figures: each Download CSV button and table region takes focus, none keeps it.
  const download = page.getByRole('region', { name: 'Members per month', exact: true }).getByRole('button', {
    name: 'Download CSV',
  });
  for (let i = 0; i < 10 && !(await download.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expectFocusOn(page, download, 'Download CSV');
  await page.keyboard.press('Tab');
  await expectFocusOn(page, page.getByRole('region', { name: 'Members per month table' }), 'the table region');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('region', { name: 'Members per month table' })).not.toBeFocused();
});

test("an event's admin page shows its Insights", async ({ page }) => {
  await signInAsAdmin(page);
  // An event that has ended, else any upcoming one.
  const all = await insights(page, 'all');
  let eventId = all.attendance.at(-1)?.eventId;
  if (!eventId) {
    const res = await page.request.get('/api/events?status=upcoming&pageSize=1');
    eventId = ((await res.json()) as { events: { id: string }[] }).events[0]!.id;
  }
  const res = await page.request.get(`/api/admin/events/${eventId}/insights`);
  expect(res.status(), await res.text()).toBe(200);
  const event = (await res.json()) as EventInsights;

  await page.goto(`/events/${eventId}/edit`);
  await expect(page.getByRole('heading', { level: 2, name: 'Insights' })).toBeVisible();
  const status = page.getByRole('region', { name: 'Registrations by status', exact: true });
  const total = event.status.attending + event.status.maybe + event.status.waitlisted + event.status.guests;
  if (total === 0) {
    await expect(status.getByText('Nobody has registered yet.')).toBeVisible();
  } else {
    const attending = status.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Attending' }) });
    await expect(attending.getByRole('cell')).toHaveText(String(event.status.attending));
  }
  const rating = page.getByRole('region', { name: 'Rating', exact: true });
  await expect(rating).toBeVisible();
  if (event.rating.count === 0) await expect(rating.getByText('Nobody has rated this event yet.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Connections made here' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'event Insights');
});
