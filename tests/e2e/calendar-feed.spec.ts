import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes, memberPage } from './fixtures';

// The dashboard's "Your calendar" section: the private address in a labelled read-only field,
// copied with a polite "Copied", a webcal: link to subscribe, and a new address only after
// confirming (the old one then answers 404). A fresh member each run.

test('a member copies their calendar address and replaces it after confirming', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page } = await memberPage(browser, 'calfeed');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/dashboard');

  const section = page.getByRole('region', { name: 'Your calendar' });
  await expect(section).toBeVisible();
  await expect(section).toContainText('events you register for appear in your calendar app');
  const field = section.getByRole('textbox', { name: 'Your calendar address' });
  await expect(field).toHaveAttribute('readonly', '');
  await expect(field).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const oldUrl = await field.inputValue();

  const subscribe = section.getByRole('link', { name: 'Subscribe' });
  await expect(subscribe).toHaveAttribute('href', oldUrl.replace(/^https?:/, 'webcal:'));

  // The feed answers without a session: it is what a calendar app fetches.
  const feed = await page.request.get(new URL(oldUrl).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('X-WR-CALNAME:Power Mixer: my events');

  // Copy, by keyboard: the status is announced politely.
  await section.getByRole('button', { name: 'Copy address' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);

  await expectNoAxeViolationsInBothThemes(page, 'dashboard with the calendar section');

  // A new address asks first; cancelling keeps the old one.
  await section.getByRole('button', { name: 'Get a new address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get a new address?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('stops working');
  await expectNoAxeViolationsInBothThemes(page, 'new calendar address dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(field).toHaveValue(oldUrl);

  await section.getByRole('button', { name: 'Get a new address' }).click();
  await dialog.getByRole('button', { name: 'Get a new address' }).click();
  await expect(dialog).toBeHidden();
  await expect(field).not.toHaveValue(oldUrl);
  await expect(section.getByRole('status')).toContainText('The old one no longer works');
  const newUrl = await field.inputValue();
  expect((await page.request.get(new URL(oldUrl).pathname)).status()).toBe(404);
  expect((await page.request.get(new URL(newUrl).pathname)).status()).toBe(200);

  // Fine at 320 px: nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 800 });
  await section.scrollIntoViewIfNeeded();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The whole address reads in the field: it wraps, nothing hides sideways or below.
  const hidden = await field.evaluate((el) => ({
    sideways: el.scrollWidth - el.clientWidth,
    below: el.scrollHeight - el.clientHeight,
  }));
  expect(hidden).toEqual({ sideways: 0, below: 0 });
  await page.context().close();
});
