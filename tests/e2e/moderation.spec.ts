import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_ADMIN, expectNoAxeViolationsInBothThemes, latestMail, memberPage, signIn } from './fixtures';

// Moderation: a member reports a direct message, an admin removes it from the Reports tab of
// /admin and the reporter is e-mailed the outcome; a report on a forum post is dismissed; a
// member blocks another and their messages are refused. Also the rich-text editor with its
// image upload to forum-images, in a forum reply. Fresh members each time (registered through
// the API: the sign-up form has its own journey), so runs never clash.

async function send(page: Page, to: string, subject: string, content: string) {
  const origin = new URL(page.url()).origin;
  return page.request.post('/api/messages', { data: { to, subject, content }, headers: { origin } });
}

test('a member reports a message, an admin removes it and the reporter is told', async ({ browser }) => {
  test.setTimeout(120_000);
  const sender = await memberPage(browser, 'modsend');
  const reporter = await memberPage(browser, 'modrep');
  const subject = `Great offer ${Date.now().toString(36)}`;
  const spam = 'Buy cheap followers now at my site';
  expect((await send(sender.page, reporter.member.username, subject, spam)).status()).toBe(201);

  // The recipient opens the conversation and reports the message with a reason.
  const page = reporter.page;
  await page.goto('/messages');
  await page.getByRole('button', { name: new RegExp(subject) }).click();
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await page.getByRole('button', { name: 'Report message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this message' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'report dialog (with an error)');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Spam: unsolicited advertising');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. An admin will review your report.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();

  // The admin sees it in the Reports tab, with the content, its author, the reporter and the reason.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(admin).not.toHaveURL(/\/login/);
  await admin.goto('/admin?tab=reports');
  const report = admin.getByRole('article', { name: `Report on message “${subject}”` });
  await expect(report).toBeVisible();
  await expect(report).toContainText(spam);
  await expect(report).toContainText(sender.member.username);
  await expect(report).toContainText(reporter.member.username);
  await expect(report).toContainText('Spam: unsolicited advertising');
  await expectNoAxeViolationsInBothThemes(admin, '/admin?tab=reports');

  // Removing asks first, then the message is gone and the report leaves the open list.
  await report.getByRole('button', { name: 'Remove message' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Remove this message?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(report).toHaveCount(0);
  await admin.getByRole('link', { name: 'Removed', exact: true }).click();
  // The message (and so its subject) is gone; the report stays as a record.
  const removed = admin
    .getByRole('article', { name: 'Report on message' })
    .filter({ hasText: 'Spam: unsolicited advertising' });
  await expect(removed).toContainText('The content no longer exists.');
  await expectNoAxeViolationsInBothThemes(admin, '/admin?tab=reports&status=removed');

  // The reporter is told by e-mail, and the message has left their inbox.
  const mail = await latestMail(admin, reporter.member.email);
  expect(mail?.subject).toBe('Your report: the content was removed');
  await page.reload();
  await expect(page.getByRole('button', { name: new RegExp(subject) })).toHaveCount(0);
});

test('a member blocks another: their messages are refused until unblocked', async ({ browser }) => {
  test.setTimeout(90_000);
  const pest = await memberPage(browser, 'modpest');
  const me = await memberPage(browser, 'modme');
  const subject = `Hello again ${Date.now().toString(36)}`;
  expect((await send(pest.page, me.member.username, subject, 'Are you there?')).status()).toBe(201);

  await me.page.goto('/messages');
  await me.page.getByRole('button', { name: new RegExp(subject) }).click();
  await me.page.getByRole('button', { name: `Block ${pest.member.username}` }).click();
  const dialog = me.page.getByRole('dialog', { name: `Block ${pest.member.username}?` });
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(me.page.getByRole('button', { name: `Unblock ${pest.member.username}` })).toBeVisible();

  const refused = await send(pest.page, me.member.username, subject, 'Hello?');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toBe('This member is not accepting messages from you.');

  // Unblocking from the profile page lets them write again.
  await me.page.goto(`/user/${pest.member.username}`);
  await me.page.getByRole('button', { name: `Unblock ${pest.member.username}` }).click();
  await expect(me.page.getByRole('button', { name: `Block ${pest.member.username}` })).toBeVisible();
  expect((await send(pest.page, me.member.username, subject, 'Sorry!')).status()).toBe(201);
});

test('an admin dismisses a report on a forum post and can open the post from it', async ({ browser }) => {
  test.setTimeout(90_000);
  const reporter = await memberPage(browser, 'modforum');
  const origin = new URL(reporter.page.url()).origin;
  const { forums } = (await (await reporter.page.request.get('/api/forums')).json()) as { forums: { id: string }[] };
  const forumId = forums[0]!.id;
  const { posts } = (await (await reporter.page.request.get(`/api/forums/${forumId}/posts`)).json()) as {
    posts: { id: string; title: string }[];
  };
  const post = posts[0]!;
  const filed = await reporter.page.request.post('/api/reports', {
    data: { targetType: 'post', targetId: post.id, reason: 'Off-topic advertising' },
    headers: { origin },
  });
  expect(filed.status()).toBe(201);

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(admin).not.toHaveURL(/\/login/);
  await admin.goto('/admin?tab=reports');
  const report = admin
    .getByRole('article', { name: `Report on post “${post.title}”` })
    .filter({ hasText: 'Off-topic advertising' });
  await expect(report).toBeVisible();
  await report.getByRole('button', { name: 'Dismiss report' }).click();
  await expect(report).toHaveCount(0);
  await admin.getByRole('link', { name: 'Dismissed', exact: true }).click();
  await expect(report).toBeVisible();
  await report.getByRole('link', { name: /View post/ }).click();
  await expect(admin).toHaveURL(new RegExp(`/forums/${forumId}/${post.id}$`));
  await expect(admin.getByRole('heading', { level: 1, name: post.title })).toBeVisible();

  const mail = await latestMail(admin, reporter.member.email);
  expect(mail?.subject).toBe('Your report was reviewed');
});

test('the editor formats, links and uploads images into a forum reply', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page } = await memberPage(browser, 'modedit');
  const { forums } = (await (await page.request.get('/api/forums')).json()) as { forums: { id: string }[] };
  const forumId = forums[0]!.id;
  const { posts } = (await (await page.request.get(`/api/forums/${forumId}/posts`)).json()) as {
    posts: { id: string }[];
  };
  await page.goto(`/forums/${forumId}/${posts[0]!.id}`);
  const form = page.getByRole('form', { name: 'Write a reply' });
  const editor = form.getByRole('textbox', { name: 'Your reply' });
  await expect(editor).toBeVisible();
  expect((await editor.boundingBox())!.height).toBeGreaterThanOrEqual(300);

  // Marks from the toolbar, which keeps one tab stop and moves with the arrow keys.
  await editor.click();
  await page.keyboard.type('Hello ');
  const bold = form.getByRole('button', { name: 'Bold' });
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('world');
  await bold.click();
  await page.keyboard.type(' ');
  await bold.focus();
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('button', { name: 'Italic' })).toBeFocused();

  // A link: only http, https and mailto are accepted.
  await editor.click();
  await page.keyboard.press('End');
  await form.getByRole('button', { name: 'Link' }).click();
  const address = form.getByRole('textbox', { name: 'Link address' });
  await address.fill('javascript:alert(1)');
  await address.press('Enter');
  await expect(form.getByText('Enter a link that starts with http://, https:// or mailto:')).toBeVisible();
  await address.fill('https://example.org/');
  await address.press('Enter');
  await expect(editor.getByRole('link', { name: 'https://example.org/' })).toBeVisible();

  // An image from the file picker is uploaded to forum-images and inserted.
  const png = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#2255aa' } })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Image' }).click();
  await (await chooser).setFiles({ name: 'chart.png', mimeType: 'image/png', buffer: png });
  await expect(editor.locator('img[src^="/uploads/forum-images/"]')).toHaveCount(1);

  // Pasted HTML keeps its text but not another site's images; a pasted image file is uploaded.
  // (The caret goes into the first line's text: with the picture last, the end of the document
  // can be the picture itself, selected, and a paste would then replace it.)
  await editor.locator('strong', { hasText: 'world' }).click();
  await page.keyboard.press('End');
  await editor.evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/html', '<p>Copied <img src="https://elsewhere.example/tracker.png" alt="x"> line</p>');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(editor.getByText('Copied')).toBeVisible();
  await expect(editor.locator('img[src*="elsewhere.example"]')).toHaveCount(0);
  await expect(form.getByRole('alert')).toHaveText(/Images copied from other sites were left out/);
  await editor.evaluate(
    (el, bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [...png],
  );
  await expect(editor.locator('img[src^="/uploads/forum-images/"]')).toHaveCount(2);

  // Bytes that are no image are refused, and the editor says so.
  const second = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Image' }).click();
  await (await second).setFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(form.getByRole('alert')).toHaveText('Failed to upload image');
  await expectNoAxeViolationsInBothThemes(page, 'forum post with the reply editor');

  // Found by the id the server answered with: what was stored, not a search by its text.
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/replies'),
    ),
    form.getByRole('button', { name: 'Post Reply' }).click(),
  ]);
  expect(answer.status()).toBe(201);
  const { reply } = (await answer.json()) as { reply: { id: string; content: string } };
  expect(reply.content).toContain('<strong>world</strong>');
  await expect(editor).toHaveText('');
  const posted = page.locator(`#reply-${reply.id}`);
  await expect(posted).toContainText('Hello world');
  await expect(posted.locator('strong')).toHaveText('world');
  await expect(posted.getByRole('link', { name: 'https://example.org/' })).toHaveAttribute(
    'href',
    'https://example.org/',
  );
  await expect(posted.locator('img[src^="/uploads/forum-images/"]')).toHaveCount(2);
  await expect(posted.locator('img[src*="elsewhere.example"]')).toHaveCount(0);
  const image = posted.locator('img[src^="/uploads/forum-images/"]').first();
  await expect(image).toBeVisible();
  // Served from our storage and allowed by the CSP: the browser decoded it.
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
});
