import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, expectNoAxeViolationsInBothThemes, memberPage, signIn } from './fixtures';

// A member changing their password from the dashboard, and an admin asked to confirm it is them
// before the most sensitive actions. The server's 15-minute rule runs on its own clock (tested
// in sign-in-proofs.test.ts); here the first answer of each action is the server's refusal for
// an old proof, played back, and everything after it is the real server.

const NOT_RIGHT = 'That password is not right.';

/** The next call to `url` is refused as a real server refuses an old proof; later ones go through. */
async function refuseOnceAsStale(page: Page, url: string | RegExp) {
  let refused = false;
  await page.route(url, async (route) => {
    if (refused) return route.fallback();
    refused = true;
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          code: 'RECENT_SIGN_IN_REQUIRED',
          message: 'Confirm it’s you: enter your password again. You signed in more than 15 minutes ago.',
        },
      }),
    });
  });
}

test('a member changes their password; their other browser is signed out', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, member } = await memberPage(browser, 'passchange');
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, member.email, member.password);
  await expect(other).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Password' });
  const current = section.getByRole('textbox', { name: 'Current password' });
  const next = section.getByRole('textbox', { name: 'New password' });
  await current.fill('not my password');
  await next.fill('a fresh and sturdy passphrase 42');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toHaveAccessibleDescription(new RegExp(NOT_RIGHT));
  await expect(current).toBeFocused();
  await expectNoAxeViolationsInBothThemes(page, 'dashboard password refused');

  await current.fill(member.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('status')).toHaveText(
    'Your password is changed. Your other sessions were signed out.',
  );
  await expect(current).toHaveValue('');
  expect(await (await other.request.get('/api/me')).json()).toEqual({ user: null });
  expect(await (await page.request.get('/api/me')).json()).toMatchObject({ user: { email: member.email } });

  await signIn(other, member.email, 'a fresh and sturdy passphrase 42');
  await expect(other).toHaveURL(/\/dashboard$/);
  await otherContext.close();
  await page.context().close();
});

test('an admin confirms it is them before an export and before making someone an admin', async ({ browser }) => {
  test.setTimeout(120_000);
  const { member } = await memberPage(browser, 'promoted');
  const page = await (await browser.newContext()).newPage();
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).not.toHaveURL(/\/login/);

  // The attendee export.
  await refuseOnceAsStale(page, /\/api\/admin\/events\/[^/]+\/attendees\.csv$/);
  await page.goto('/admin?tab=events');
  await page
    .getByRole('button', { name: /^Export attendees of / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(dialog).toContainText('You signed in more than 15 minutes ago.');
  const password = dialog.getByRole('textbox', { name: 'Your password' });
  await expect(password).toBeFocused();
  await password.fill('not the admin password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(password).toHaveAccessibleDescription(new RegExp(NOT_RIGHT));
  await expectNoAxeViolationsInBothThemes(page, 'confirm it is you');
  await password.fill(DEMO_ADMIN.password);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Confirm' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/_attendees_\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(dialog).toBeHidden();

  // Making an admin; cancelling leaves them as they were.
  await refuseOnceAsStale(page, /\/api\/admin\/users\/[^/]+\/flags$/);
  await page.goto(`/admin?tab=users&q=${member.username}`);
  const row = page.getByRole('listitem').filter({ hasText: member.username });
  await row.getByRole('button', { name: `User for ${member.username}` }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert')).toContainText('Failed to update admin status');
  await expect(row.getByRole('button', { name: `User for ${member.username}` })).toBeVisible();

  await refuseOnceAsStale(page, /\/api\/admin\/users\/[^/]+\/flags$/);
  await row.getByRole('button', { name: `User for ${member.username}` }).click();
  await dialog.getByRole('textbox', { name: 'Your password' }).fill(DEMO_ADMIN.password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(row.getByRole('button', { name: `Admin for ${member.username}` })).toBeVisible();
  // And back: taking power away asks for nothing.
  await row.getByRole('button', { name: `Admin for ${member.username}` }).click();
  await expect(row.getByRole('button', { name: `User for ${member.username}` })).toBeVisible();
  await page.context().close();
});
