import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ADMIN, expectNoAxeViolations, newMember, register, signIn, signOut } from './fixtures';

// The admin's Users, Outbox and Activity tabs, the user forms, and a member deleting their own
// account. Fresh members each run, so runs never clash.

type Member = ReturnType<typeof newMember>;

/** A member registered through the form, signed in, in a browser context of their own. */
async function registeredMember(browser: Browser, prefix: string): Promise<{ page: Page; member: Member }> {
  const page = await (await browser.newContext()).newPage();
  const member = newMember(prefix);
  await register(page, member);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { page, member };
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

const usersTab = (page: Page) => page.getByRole('region', { name: 'Users' });

test('a member who opens /admin lands on the home page', async ({ browser }) => {
  const { page } = await registeredMember(browser, 'noadm');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
});

test('a visitor who opens an admin route signs in and lands back on it', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/sponsors/create');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/sponsors\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Sponsor' })).toBeVisible();
});

test('an admin flips a member’s sponsor and panelist flags; the badges show on the profile', async ({ browser }) => {
  test.setTimeout(120_000);
  const { member } = await registeredMember(browser, 'flag');
  const page = await adminPage(browser);

  await page.goto('/admin?tab=users');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users by username or full name' }).fill(member.username);
  await expect(page).toHaveURL(new RegExp(`q=${member.username}`));
  const row = usersTab(page).getByRole('listitem').filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(member.fullName)).toBeVisible();
  await expectNoAxeViolations(page, '/admin?tab=users');

  const notSponsor = row.getByRole('button', { name: `Not Sponsor for ${member.username}` });
  const sponsor = row.getByRole('button', { name: `Sponsor for ${member.username}`, exact: true });
  const notPanelist = row.getByRole('button', { name: `Not Panelist for ${member.username}` });
  const panelist = row.getByRole('button', { name: `Panelist for ${member.username}`, exact: true });
  await expect(notSponsor).toBeVisible();

  // A refused flip is put back, with the spec's text.
  await page.route('**/api/admin/users/*/flags', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"X","message":"Down"}}' }),
  );
  await notSponsor.click();
  await expect(page.getByText('Failed to update sponsor status')).toBeVisible();
  await expect(notSponsor).toBeVisible();
  await page.unroute('**/api/admin/users/*/flags');

  const flipped = page.waitForResponse((r) => r.url().includes('/flags') && r.request().method() === 'PATCH');
  await notSponsor.click();
  expect((await flipped).status()).toBe(200);
  await expect(sponsor).toBeVisible();
  await notPanelist.click();
  await expect(panelist).toBeVisible();

  await page.goto(`/user/${member.username}`);
  await expect(page.getByRole('heading', { level: 1, name: member.fullName })).toBeVisible();
  await expect(page.getByText('Sponsor', { exact: true })).toBeVisible();
  await expect(page.getByText('Panelist', { exact: true })).toBeVisible();
  // The e-mail is the admin list's only: never on the profile.
  await expect(page.getByText(member.email)).toHaveCount(0);

  // The Activity tab shows the flips.
  await page.goto('/admin?tab=activity');
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByText('isPanelist').first()).toBeVisible();
  await expectNoAxeViolations(page, '/admin?tab=activity');
});

test('an admin creates a user, who then signs in', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser);
  const made = newMember('made');

  await page.goto('/admin?tab=users');
  await usersTab(page).getByRole('link', { name: 'Create User' }).click();
  await expect(page).toHaveURL(/\/users\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create User' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Admin Dashboard' })).toBeVisible();

  // Both sides check the same rules: too short a password is refused before any call.
  await page.getByLabel('Email').fill(made.email);
  await page.getByLabel('Password').fill('abc');
  await page.getByLabel('Username').fill(made.username);
  await page.getByLabel('Full name').fill(made.fullName);
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expectNoAxeViolations(page, '/users/create (with an error)');

  await page.getByLabel('Password').fill(made.password);
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=users$/);
  await expect(page.getByRole('status').filter({ hasText: 'User created.' })).toBeVisible();

  // The edit form of the new user.
  await page.getByRole('searchbox', { name: 'Search users by username or full name' }).fill(made.username);
  const row = usersTab(page).getByRole('listitem').filter({ hasText: made.email });
  await row.getByRole('link', { name: `Edit ${made.username}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(made.username);
  await page.getByLabel('Website').fill('not a url');
  await page.getByRole('button', { name: 'Update User' }).click();
  await expect(page.getByText('Website must be a valid URL')).toBeVisible();
  await expectNoAxeViolations(page, '/users/:id/edit');
  await page.getByLabel('Website').fill('https://made.example.com');
  await page.getByLabel('Company').fill('Made Co');
  await page.getByRole('button', { name: 'Update User' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=users$/);
  await expect(page.getByRole('status').filter({ hasText: 'User updated.' })).toBeVisible();

  await page.goto('/users/00000000-0000-4000-8000-000000000000/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'User Not Found' })).toBeVisible();

  // The new user signs in with what the admin chose.
  const userPage = await (await browser.newContext()).newPage();
  await signIn(userPage, made.email, made.password);
  await expect(userPage).toHaveURL(/\/dashboard$/);
  await expect(userPage.getByText('Made Co').first()).toBeVisible();
});

test('the Users list wraps an e-mail address at its @, with Delete beside Edit', async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto('/admin?tab=users');
  const rows = usersTab(page).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const layout = await usersTab(page).evaluate((tab) => {
      // The characters each line of an address starts with, found by where the characters' boxes
      // move down.
      const lineStarts = (el: Element) => {
        const starts: string[] = [];
        let top = -Infinity;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.textContent!.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const box = range.getBoundingClientRect();
            if (box.width === 0) continue;
            if (box.top > top + 2) starts.push(node.textContent![i]!);
            top = Math.max(top, box.top);
          }
        }
        return starts;
      };
      const addresses = [...tab.querySelectorAll('li p')].filter((p) => /^[^\s@]+@[^\s@]+$/.test(p.textContent!));
      const pairs = [...tab.querySelectorAll('li')].map((li) => {
        const box = (name: RegExp) =>
          [...li.querySelectorAll('a, button')]
            .find((el) => name.test(el.getAttribute('aria-label') ?? ''))
            ?.getBoundingClientRect();
        return { edit: box(/^Edit /), remove: box(/^Delete /) };
      });
      return {
        addresses: addresses.map((p) => ({ text: p.textContent!, starts: lineStarts(p) })),
        pairs: pairs
          .filter((p) => p.edit && p.remove)
          .map((p) => ({
            middles: [p.edit!.top + p.edit!.height / 2, p.remove!.top + p.remove!.height / 2],
            gap: p.remove!.left - p.edit!.right,
          })),
        pageOverflow: document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth,
      };
    });
    expect(layout.addresses.length, `${width} px: addresses`).toBeGreaterThan(3);
    for (const { text, starts } of layout.addresses) {
      // One line, or a second one that starts at the @: never mid-word.
      expect(
        starts.slice(1).every((c) => c === '@'),
        `${width} px: ${text} breaks at ${starts.join(', ')}`,
      ).toBe(true);
    }
    if (width === 320)
      expect(
        layout.addresses.some((a) => a.starts.length === 2),
        'some wrap at 320 px',
      ).toBe(true);
    expect(layout.pairs.length, `${width} px: rows with Edit and Delete`).toBeGreaterThan(3);
    for (const { middles, gap } of layout.pairs) {
      expect(Math.abs(middles[0]! - middles[1]!), `${width} px: Edit and Delete on one line`).toBeLessThan(2);
      expect(gap, `${width} px: Delete right after Edit`).toBeGreaterThanOrEqual(0);
      expect(gap, `${width} px: Delete right after Edit`).toBeLessThan(24);
    }
    expect(layout.pageOverflow, `${width} px: no sideways scroll`).toBe(0);
  }
  await page.context().close();
});

test('the Outbox lists the mail with its status and opens one', async ({ browser }) => {
  const page = await adminPage(browser);
  // A password reset writes a mail to the outbox.
  const origin = new URL(page.url()).origin;
  await page.request.post('/api/auth/password-reset/request', {
    data: { email: DEMO_ADMIN.email },
    headers: { origin },
  });
  await page.goto('/admin?tab=outbox');
  const outbox = page.getByRole('region', { name: 'Outbox' });
  const first = outbox.getByRole('listitem').first();
  await expect(first).toBeVisible();
  await expect(first.getByText('Captured')).toBeVisible();
  await expectNoAxeViolations(page, '/admin?tab=outbox');
  await first.getByRole('button', { name: /^Open / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Attempts')).toBeVisible();
  await expectNoAxeViolations(page, '/admin?tab=outbox (a mail open)');
});

test('a member downloads their data, then deletes their own account from the dashboard', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, member } = await registeredMember(browser, 'leave');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.json$/);

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type your username/).fill(member.username);
  await expectNoAxeViolations(page, '/dashboard (delete account dialog)');
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);

  // The account is gone: signing in fails.
  await signOut(page);
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('alert')).toBeVisible();
});
