import { expect, test, type Page } from '@playwright/test';
import { appStarted, DEMO_ADMIN, expectNoAxeViolationsInBothThemes } from './fixtures';

// The admin's Jobs tab (what runs in the background) and the event page's Reminders panel with
// its What to bring field. The session is made through the API.

async function signInAsAdmin(page: Page) {
  await page.goto('/');
  await appStarted(page);
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/auth/sign-in', { data: DEMO_ADMIN, headers: { origin } });
  expect(res.status()).toBe(200);
  return origin;
}

test('the Jobs tab shows each job and its recent runs, in words, in a region that scrolls at 320 px', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin?tab=jobs');
  await expect(page.getByRole('link', { name: 'Jobs' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle(/Admin Dashboard · Jobs/);

  // The housekeeping jobs ran when the server started: one line each, last run Done.
  const summary = page.getByRole('region', { name: 'All jobs' });
  const line = summary.getByRole('listitem').filter({ hasText: 'expired-sessions' });
  await expect(line).toContainText('Every hour');
  await expect(line).toContainText('Done');
  await expect(line).toContainText('Runs in the last 24 hours');
  await expect(line).toContainText('Next run');

  // The runs: a table in its own region, a row header per run, the status in words.
  const runs = page.getByRole('region', { name: 'Recent runs table' });
  await expect(runs.getByRole('columnheader', { name: 'Result or error' })).toBeVisible();
  const row = runs.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'expired-sessions' }) });
  await expect(row.first()).toContainText('Done');
  await expectNoAxeViolationsInBothThemes(page, 'Jobs tab');

  // The status filter is kept in the address.
  await page.getByLabel('Status').selectOption('failed');
  await expect(page).toHaveURL(/tab=jobs&status=failed/);
  await expect(page.getByText('No runs found')).toBeVisible();
  await page.getByLabel('Status').selectOption('done');
  await expect(page).toHaveURL(/status=done/);
  await expect(runs).toBeVisible();

  // At 320 px the page does not scroll sideways; the table scrolls inside its region, which a
  // keyboard can focus to scroll.
  await page.setViewportSize({ width: 320, height: 640 });
  const widths = await page.evaluate(() => ({
    page: document.scrollingElement!.scrollWidth,
    view: document.scrollingElement!.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.view + 1);
  const region = await runs.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(region.scroll).toBeGreaterThan(region.client);
  await runs.focus();
  await expect(runs).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => runs.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expectNoAxeViolationsInBothThemes(page, 'Jobs tab at 320 px');
});

test("the event page shows its reminders and keeps What to bring; a new event's page shows none", async ({ page }) => {
  const origin = await signInAsAdmin(page);
  const tag = Date.now().toString(36);
  const made = await page.request.post('/api/admin/events', {
    headers: { origin },
    data: { name: `Reminder Mixer ${tag}`, startTime: '2031-03-10T18:00', endTime: '2031-03-10T21:00' },
  });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { event: { id: string } }).event.id;

  await page.goto('/events/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
  await expect(page.getByLabel('What to bring')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reminders' })).toHaveCount(0);

  await page.goto(`/events/${id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Reminders' });
  // 6:00 PM in New York on March 10, 2031 (EDT): due a day and an hour before.
  await expect(panel).toContainText('24 hours before — not yet (due Mar 9, 6:00 PM)');
  await expect(panel).toContainText('1 hour before — not yet (due Mar 10, 5:00 PM)');
  const bring = page.getByLabel('What to bring');
  await expect(bring).toHaveAccessibleDescription(/Said in the reminder e-mails. Leave empty for the usual line./);
  await expect(bring).toHaveAttribute('maxlength', '500');
  await expectNoAxeViolationsInBothThemes(page, 'Edit Event with reminders');

  await bring.fill('Business cards and a question for the panel');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await page.goto(`/events/${id}/edit`);
  await expect(page.getByLabel('What to bring')).toHaveValue('Business cards and a question for the panel');
  await page.request.delete(`/api/admin/events/${id}`, { headers: { origin } });
});
