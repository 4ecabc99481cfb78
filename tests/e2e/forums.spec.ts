import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ADMIN, expectNoAxeViolations, newMember, register, signIn } from './fixtures';

// Forums: two members in two browser contexts see each other's posts and replies live, with
// formatting; only authors and admins get delete buttons; missing forums and posts say so.

const MISSING = '00000000-0000-4000-8000-000000000000';

/** A new member, signed in in a browser context of their own, with the live stream open. */
async function signedInMember(browser: Browser, prefix: string): Promise<{ page: Page; username: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const member = newMember(prefix);
  const stream = page.waitForResponse((response) => response.url().endsWith('/api/realtime'));
  await register(page, member);
  await expect(page).toHaveURL(/\/dashboard$/);
  await stream;
  return { page, username: member.username };
}

const editor = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

test('two members discuss live; authors and admins delete; missing pages say so', async ({ browser }) => {
  test.setTimeout(180_000);

  // The admin creates a forum through its form.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(admin).not.toHaveURL(/\/login/);
  await admin.goto('/forums');
  await admin.getByRole('link', { name: 'Create Forum' }).click();
  await expect(admin).toHaveURL(/\/forums\/create$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Create Forum' })).toBeVisible();
  // Reached from /forums, the way back leads there.
  await expect(admin.getByRole('link', { name: 'Back to Forums' })).toHaveAttribute('href', '/forums');
  await expectNoAxeViolations(admin, '/forums/create');
  const forumName = `Deal Flow ${Date.now().toString(36)}`;
  await admin.getByLabel('Name').fill(`  ${forumName}  `);
  await editor(admin, 'Description').fill('Off-market deals and how to find them.');
  await admin.getByRole('button', { name: 'Create Forum' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: forumName })).toBeVisible();
  await expect(admin.getByRole('status').filter({ hasText: 'Forum created.' })).toBeVisible();
  const forumUrl = new URL(admin.url()).pathname;
  await expect(admin.getByText('No posts yet')).toBeVisible();
  await expect(admin.getByText('Be the first to start a discussion!')).toBeVisible();

  const a = await signedInMember(browser, 'foruma');
  const b = await signedInMember(browser, 'forumb');

  // Both open the forum: the list first (client-side navigation keeps the live stream).
  for (const m of [a, b]) {
    await m.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forums' }).click();
    await expect(m.page.getByRole('heading', { level: 1, name: 'Forums' })).toBeVisible();
    await expect(m.page.getByRole('link', { name: 'Create Forum' })).toHaveCount(0);
    await m.page.getByRole('link', { name: forumName }).click();
    await expect(m.page.getByText('No posts yet')).toBeVisible();
  }
  await expectNoAxeViolations(b.page, '/forums/:forumId (empty)');

  // A writes a post; B sees it appear in the open forum without reloading.
  await a.page.getByRole('link', { name: 'New Post' }).click();
  await expect(a.page.getByRole('heading', { level: 1, name: 'New Post' })).toBeVisible();
  await expectNoAxeViolations(a.page, '/forums/:forumId/create');
  const title = 'Who is lending on duplexes this quarter?';
  await a.page.getByLabel('Title').fill(title);
  await editor(a.page, 'Content').fill('Looking for portfolio lenders who still do small multifamily.');
  await a.page.getByRole('button', { name: 'Create Post' }).click();
  await expect(a.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(a.page.getByText('No replies yet. Be the first to reply!')).toBeVisible();

  const postLink = b.page.getByRole('link', { name: title });
  await expect(postLink).toBeVisible();
  await expect(b.page.getByText(`by ${a.username}`)).toBeVisible();
  await expect(b.page.getByText('0 replies')).toBeVisible();
  await expectNoAxeViolations(b.page, '/forums/:forumId');

  // A starts typing a reply of their own; it must survive the live refetches below.
  await editor(a.page, 'Your reply').fill('Half-written thought');

  // B opens the post and replies with bold text.
  await postLink.click();
  await expect(b.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const replyBox = editor(b.page, 'Your reply');
  await replyBox.click();
  await b.page.getByRole('toolbar', { name: 'Your reply formatting' }).getByRole('button', { name: 'Bold' }).click();
  await b.page.keyboard.type('Try the credit union on Tryon');
  await b.page.getByRole('button', { name: 'Post Reply' }).click();
  const bReply = b.page.locator('li[id^="reply-"]').filter({ hasText: 'Try the credit union on Tryon' });
  await expect(bReply.locator('strong', { hasText: 'Try the credit union on Tryon' })).toBeVisible();
  await expect(replyBox).toHaveText('');
  await expectNoAxeViolations(b.page, '/forums/:forumId/:postId');

  // A sees it live, in bold; A's unsent text is still there; A has no delete on B's reply.
  const aView = a.page.locator('li[id^="reply-"]').filter({ hasText: 'Try the credit union on Tryon' });
  await expect(aView.locator('strong', { hasText: 'Try the credit union on Tryon' })).toBeVisible();
  await expect(aView.getByRole('link', { name: b.username, exact: true })).toBeVisible();
  await expect(editor(a.page, 'Your reply')).toHaveText('Half-written thought');
  await expect(aView.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await expect(aView.getByRole('button', { name: /Edit/ })).toHaveCount(0);

  // B edits the reply in place; A sees the new text, marked edited, without reloading.
  await bReply.getByRole('button', { name: `Edit ${b.username}'s reply` }).click();
  await editor(b.page, 'Edit reply').fill('Try the credit union on Tryon Street');
  await b.page.getByRole('button', { name: 'Save' }).click();
  await expect(aView.getByText('(edited)')).toBeVisible();
  await expect(aView.getByText('Try the credit union on Tryon Street')).toBeVisible();

  // B deletes their reply (after confirming); it leaves A's screen too.
  await bReply.getByRole('button', { name: `Delete ${b.username}'s reply` }).click();
  await b.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(b.page.getByText('No replies yet. Be the first to reply!')).toBeVisible();
  await expect(a.page.getByText('No replies yet. Be the first to reply!')).toBeVisible();

  // An admin deletes A's post; A's open post then says it is gone.
  const postPath = new URL(a.page.url()).pathname;
  await admin.goto(postPath);
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await admin.getByRole('button', { name: 'Delete' }).first().click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(admin).toHaveURL(new RegExp(`${forumUrl}$`));
  await expect(admin.getByText('No posts yet')).toBeVisible();
  await expect(a.page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();

  // Missing forum and post.
  await b.page.goto(`/forums/${MISSING}`);
  await expect(b.page.getByRole('heading', { level: 1, name: 'Forum not found' })).toBeVisible();
  await expect(b.page.getByRole('link', { name: 'Back to Forums' })).toBeVisible();
  await expectNoAxeViolations(b.page, '/forums/:missing');
  await b.page.goto(`${forumUrl}/${MISSING}`);
  await expect(b.page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
  await b.page.getByRole('button', { name: 'Go back' }).click();
  await expect(b.page).toHaveURL(new RegExp(`${forumUrl}$`));

  await b.page.goto('/forums');
  await expect(b.page.getByRole('link', { name: forumName })).toBeVisible();
  await expectNoAxeViolations(b.page, '/forums');

  // The admin renames the forum from the Forums tab, then deletes it there (after confirming).
  await admin.goto('/admin?tab=forums');
  await expect(admin.getByRole('link', { name: `Edit ${forumName}` })).toBeVisible();
  await expectNoAxeViolations(admin, '/admin?tab=forums');
  await admin.getByRole('link', { name: `Edit ${forumName}` }).click();
  await expect(admin).toHaveURL(/\/forums\/[^/]+\/edit$/);
  await expect(admin.getByRole('link', { name: 'Back to Admin Dashboard' })).toHaveAttribute(
    'href',
    '/admin?tab=forums',
  );
  await expect(admin.getByLabel('Name')).toHaveValue(forumName);
  await expectNoAxeViolations(admin, '/forums/:forumId/edit');
  await admin.getByLabel('Name').fill(`${forumName} (renamed)`);
  await admin.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin).toHaveURL(/\/admin\?tab=forums$/);
  await expect(admin.getByRole('status').filter({ hasText: 'Forum updated.' })).toBeVisible();
  await expect(admin.getByRole('link', { name: `Edit ${forumName} (renamed)` })).toBeVisible();
  await admin.getByRole('button', { name: `Delete ${forumName} (renamed)` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByRole('link', { name: `${forumName} (renamed)` })).toHaveCount(0);
  await admin.goto(`/forums/${MISSING}/edit`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Forum not found' })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Back to Admin Dashboard' })).toHaveAttribute(
    'href',
    '/admin?tab=forums',
  );
});
