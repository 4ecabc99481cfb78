import { expect, request, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes, latestMail, memberPage, newMember } from './fixtures';

// Notification e-mail, end to end: the dashboard's choices, and the unsubscribe link of a real
// notification e-mail (a message to a member who is away), opened signed out.

const origin = (page: Page) => new URL(page.url()).origin;

/** Nothing scrolls sideways: the page reads at this width (WCAG 1.4.10). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('the dashboard saves each e-mail choice as it changes, and says so', async ({ browser }) => {
  const { page } = await memberPage(browser, 'notifyprefs');
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'E-mail notifications' });
  await expect(section).toBeVisible();
  for (const label of [
    'Event reminders',
    'New messages',
    'Connection requests',
    'Replies to my forum posts',
    'The morning after an event I came to',
    'Community news',
  ]) {
    await expect(section.getByRole('checkbox', { name: label })).toBeChecked();
  }
  await expectNoAxeViolationsInBothThemes(page, 'dashboard e-mail notifications');

  await section.getByRole('checkbox', { name: 'Replies to my forum posts' }).uncheck();
  await expect(section.getByRole('status')).toHaveText('Saved');
  await page.reload();
  await expect(section.getByRole('checkbox', { name: 'Replies to my forum posts' })).not.toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'New messages' })).toBeChecked();
  await page.context().close();
});

test('the unsubscribe link of a notification e-mail works signed out, at 320 px', async ({ browser }) => {
  // The sweep waits until the member has been away NOTIFY_AWAY_MINUTES (1 in playwright.config.ts)
  // and runs once a minute.
  test.setTimeout(240_000);
  const sender = await memberPage(browser, 'notifyfrom');
  // The recipient never opens a page: away from the start.
  const recipient = newMember('notifyto');
  const api = await request.newContext({
    baseURL: origin(sender.page),
    extraHTTPHeaders: { origin: origin(sender.page) },
  });
  expect((await api.post('/api/auth/register', { data: recipient })).status()).toBe(201);
  const sent = await sender.page.request.post('/api/messages', {
    data: { to: recipient.username, subject: 'Coffee on Friday?', content: 'Shall we meet at the mixer?' },
    headers: { origin: origin(sender.page) },
  });
  expect(sent.status()).toBe(201);

  // The sweep's minute or two is spent on the checks that need no mail: the mail is looked for
  // meanwhile, every 2 s.
  let link = '';
  const arrived = expect
    .poll(
      async () => {
        const mail = await latestMail(sender.page, recipient.email);
        link = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return mail?.subject ?? '';
      },
      { timeout: 200_000, intervals: [2_000] },
    )
    .toBe(`1 new message from ${sender.member.fullName}`);
  // Awaited below; a failure in between must not leave it unhandled.
  arrived.catch(() => undefined);

  // A browser that was never signed in, as a phone shows it.
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
  const page = await context.newPage();

  // A link that is not ours says so, and changes nothing (the preferences below are checked after it).
  await page.goto('/unsubscribe?token=bm90Lm91cnM.c2lnbmF0dXJl');
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid');
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  expect(await fitsWidth(page), 'no sideways scrolling at 320 px').toBe(true);
  await expectNoAxeViolationsInBothThemes(page, 'unsubscribe page, invalid link');

  await arrived;
  expect(link).not.toBe('');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await expect(page.getByText('Stop receiving e-mails about new messages?')).toBeVisible();
  expect(await fitsWidth(page), 'no sideways scrolling at 320 px').toBe(true);
  await expectNoAxeViolationsInBothThemes(page, 'unsubscribe page');

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('You will no longer get e-mails about new messages.')).toBeVisible();
  await expect(page.getByRole('link', { name: /e-mail preferences/ })).toHaveAttribute('href', '/dashboard');
  await expectNoAxeViolationsInBothThemes(page, 'unsubscribe page, done');

  // Only that one choice changed, for that one member.
  expect(
    (await api.post('/api/auth/sign-in', { data: { email: recipient.email, password: recipient.password } })).status(),
  ).toBe(200);
  expect(await (await api.get('/api/notifications/preferences')).json()).toEqual({
    eventReminders: true,
    messages: false,
    connectionRequests: true,
    forumReplies: true,
    morningAfter: true,
    feedback: true,
    communityNews: true,
  });

  await api.dispose();
  await context.close();
  await sender.page.context().close();
});
