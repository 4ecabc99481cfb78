import { expect, test } from '@playwright/test';
import { appStarted, expectNoAxeViolationsInBothThemes, memberPage } from './fixtures';

// Offers and asks: a new member lists what they offer and look for on the dashboard, by
// keyboard; their profile and directory card show it; the directory's "Looking for" filter
// finds them; "Show me in People to meet" stays as they left it. A fresh member each run.

test('a member lists offers and asks, finds them on the profile and in the directory, and hides from People to meet', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, member } = await memberPage(browser, 'offers');
  // A word nobody else looks for, so the filter finds this member alone.
  const word = `quokka${member.username.slice(-6)}`;
  await page.goto('/dashboard');

  const section = page.getByRole('region', { name: 'Offers and asks' });
  await expect(section).toBeVisible();
  const offering1 = section.getByRole('textbox', { name: 'Offering 1' });
  await expect(offering1).toHaveAttribute('placeholder', 'e.g. commercial lending');
  await expect(section.getByRole('textbox', { name: 'Looking for 1' })).toHaveAttribute(
    'placeholder',
    'e.g. a general contractor',
  );

  // By keyboard: type, Tab to the next box, Enter saves.
  await offering1.focus();
  await page.keyboard.type('Commercial lending');
  await page.keyboard.press('Tab');
  await expect(section.getByRole('textbox', { name: 'Offering 2' })).toBeFocused();
  await page.keyboard.type('SBA loans');
  await section.getByRole('textbox', { name: 'Looking for 1' }).focus();
  await page.keyboard.type('a general contractor');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`${word} wrangler`);
  // One character is too short: the message sits on that box and the box takes focus.
  await page.keyboard.press('Tab');
  await page.keyboard.type('x');
  await page.keyboard.press('Enter');
  const third = section.getByRole('textbox', { name: 'Looking for 3' });
  await expect(third).toBeFocused();
  await expect(third).toHaveAttribute('aria-invalid', 'true');
  await expect(section).toContainText('Write at least 2 characters.');
  await page.keyboard.press('Backspace');
  await expect(third).not.toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toHaveText('Saved');

  await expectNoAxeViolationsInBothThemes(page, 'dashboard with offers and asks');

  // Fine at 320 px: nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 800 });
  await section.scrollIntoViewIfNeeded();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the dashboard scrolls sideways at 320 px').toBeLessThanOrEqual(1);
  await page.setViewportSize({ width: 1280, height: 900 });

  // "Show me in People to meet": on by default, off after a click, still off after a reload.
  const visible = page.getByRole('checkbox', { name: 'Show me in People to meet' });
  await expect(visible).toBeChecked();
  await expect(page.getByText('Other attendees of events you register for see you in People to meet')).toBeVisible();
  await visible.focus();
  await page.keyboard.press('Space');
  await expect(visible).not.toBeChecked();
  await expect(page.getByRole('region', { name: 'People to meet' }).getByRole('status')).toHaveText('Saved');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Show me in People to meet' })).not.toBeChecked();
  // The saved lists come back in the boxes.
  await expect(page.getByRole('textbox', { name: 'Offering 2' })).toHaveValue('SBA loans');

  // The profile shows both lists.
  await page.goto(`/user/${member.username}`);
  const shown = page.getByRole('region', { name: 'Offers and asks' });
  await expect(shown.getByRole('list', { name: 'Offering' })).toContainText('Commercial lending');
  await expect(shown.getByRole('list', { name: 'Offering' })).toContainText('SBA loans');
  await expect(shown.getByRole('list', { name: 'Looking for' })).toContainText('a general contractor');
  await expectNoAxeViolationsInBothThemes(page, 'profile with offers and asks');

  // The directory: the "Looking for" filter finds the member, by a near word, with the URL.
  await page.goto('/community');
  await appStarted(page);
  await page.getByRole('searchbox', { name: 'Looking for' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]asks=${word}`));
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(member.fullName);
  await expect(cards.first()).toContainText('Offering: Commercial lending · SBA loans');
  await expect(cards.first()).toContainText(`Looking for: a general contractor · ${word} wrangler`);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Looking for' })).toHaveValue(word);
  await expect(cards).toHaveCount(1);

  // "Offering" by a synonym: "lender" finds "Commercial lending" (with the member among them).
  await page.getByRole('searchbox', { name: 'Offering' }).fill('lender');
  await expect(page).toHaveURL(/[?&]offers=lender/);
  await expect(cards).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('searchbox', { name: 'Looking for' })).toHaveValue('');
  await expect(page).not.toHaveURL(/asks=/);

  await page.context().close();
});
