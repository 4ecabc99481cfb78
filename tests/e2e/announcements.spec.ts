import { randomUUID } from 'node:crypto';
import { expect, request, test, type Page } from '@playwright/test';
import { NEWS_NOT_FOUND, NEWS_TEXTS, type AdminAnnouncement, type AudienceCount } from '../../src/shared/announcements';
import { toLocalInput } from '../../src/shared/event-admin';
import {
  appStarted,
  DEMO_ADMIN,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  latestMail,
  memberPage,
  newMember,
} from './fixtures';

// Announcements and the news archive (issue 35): the admin writes one, sees how many members it
// reaches, previews it, sends themself a test, schedules it, cancels the schedule and sends it
// now; visitors read the public ones, members the members-only ones too. The audiences are demo
// skills few members have, so the journey mails one or two demo members, no one else.

test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

async function signInAsAdmin(page: Page) {
  await page.goto('/');
  await appStarted(page);
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/auth/sign-in', { data: DEMO_ADMIN, headers: { origin } });
  expect(res.status()).toBe(200);
}

/** An announcement written and sent through the API, as the admin, in a context of its own. */
async function sentAnnouncement(page: Page, body: { subject: string; membersOnly: boolean; skill: string }) {
  const origin = new URL(page.url()).origin;
  const admin = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  try {
    expect((await admin.post('/api/auth/sign-in', { data: DEMO_ADMIN })).status()).toBe(200);
    const created = await admin.post('/api/admin/announcements', {
      data: {
        subject: body.subject,
        bodyHtml: `<p>${body.subject}: the full text of the announcement.</p>`,
        audience: { kind: 'skill', skill: body.skill },
        membersOnly: body.membersOnly,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as AdminAnnouncement;
    const sent = await admin.post(`/api/admin/announcements/${id}/send`, { data: {} });
    expect(sent.status(), await sent.text()).toBe(200);
    return id;
  } finally {
    await admin.dispose();
  }
}

test('the admin writes an announcement, previews it, tests it, schedules it, cancels and sends it', async ({
  page,
}) => {
  const subject = `Spring season dates ${Date.now().toString(36)}`;
  const body = 'The spring mixers start in March, with a new venue in South End.';
  await signInAsAdmin(page);

  await page.goto('/admin?tab=announcements');
  await expect(page.getByRole('link', { name: 'Announcements' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle(/Admin Dashboard · Announcements/);
  await expect(page.getByRole('link', { name: 'New announcement' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'Announcements tab');

  await page.getByRole('link', { name: 'New announcement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New announcement' })).toBeVisible();

  // Nothing written: the shared schema says what is missing before anything is sent.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Give the announcement a subject.')).toBeVisible();
  await expect(page.getByLabel('Subject')).toBeFocused();
  await expect(page.getByText('Choose who may read it in the news archive.')).toBeVisible();

  await page.getByLabel('Subject').fill(subject);
  await page.getByRole('textbox', { name: 'Message' }).fill(body);
  // The audience: members with a skill; the count follows the typing, as the API counts it.
  await page.getByRole('combobox', { name: 'Who gets it' }).selectOption({ label: 'Members with a skill' });
  await page.getByLabel('Skill').fill('Landscape Design');
  const counted = await page.request.post('/api/admin/announcements/audience-count', {
    data: { audience: { kind: 'skill', skill: 'Landscape Design' } },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(counted.status()).toBe(200);
  const { count, optedOut } = (await counted.json()) as AudienceCount;
  expect(count, 'a demo member with the skill').toBeGreaterThan(0);
  await expect(
    page.getByText(
      `${count} ${count === 1 ? 'member' : 'members'} will get it; ${optedOut} turned Community news off.`,
    ),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Everyone' }).check();
  await expectNoAxeViolationsInBothThemes(page, 'New announcement form');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/admin\/announcements\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'Edit announcement' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Status: Draft' })).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue(subject);

  // Preview: the mail itself in a sandboxed frame, and its text part.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview.getByText(`Subject: ${subject}`)).toBeVisible();
  const frame = preview.locator('iframe[title="The e-mail as members will see it"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('iframe[title="The e-mail as members will see it"]').getByText(body)).toBeVisible();
  await preview.getByText('Text version').click();
  await expect(preview.locator('pre')).toContainText(body);
  await preview.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(preview).toBeHidden();

  // A test, to the admin only: said on the page, and in the mailbox.
  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByText(`Test sent to ${DEMO_ADMIN.email}`)).toBeVisible();
  await expect
    .poll(async () => (await latestMail(page, DEMO_ADMIN.email))?.subject ?? '', { timeout: 15_000 })
    .toContain(subject);

  // A time in the past is refused before anything is sent; a later one schedules it.
  const sendAt = page.getByLabel('Send at');
  await sendAt.fill(toLocalInput(new Date(Date.now() - 3_600_000), 'America/New_York'));
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Choose a time in the future, or send it now.')).toBeVisible();
  await expect(sendAt).toBeFocused();
  await sendAt.fill(toLocalInput(new Date(Date.now() + 2 * 86_400_000), 'America/New_York'));
  await page.getByRole('button', { name: 'Schedule' }).click();
  const scheduled = page.getByRole('heading', { name: 'Status: Scheduled' });
  await expect(scheduled).toBeVisible();
  await expect(scheduled).toBeFocused();
  await expect(page.getByText(/It goes out .* \(America\/New_York time\)/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Announcement' })).toBeVisible();

  // Cancelled: the form is back, and nothing went out.
  await page.getByRole('button', { name: 'Cancel schedule' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Cancelled' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit announcement' })).toBeVisible();

  // Send now: the confirmation names the count.
  await page.getByRole('button', { name: 'Send now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send it now?' });
  await expect(confirm).toContainText(`to ${count} ${count === 1 ? 'member' : 'members'} now`);
  await expectNoAxeViolationsInBothThemes(page, 'Send now confirmation');
  await confirm.getByRole('button', { name: `Send to ${count} ${count === 1 ? 'member' : 'members'}` }).click();
  const status = page.getByRole('heading', { name: /^Status: (Sending|Sent)$/ });
  await expect(status).toBeVisible();
  await expect(status).toBeFocused();
  // First the recipients are listed (the sending job, at once), then the mails leave.
  await expect(page.getByText(new RegExp(`^(Listing recipients: \\d+ so far|\\d+ of ${count} sent)`))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Status: Sent' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`${count} of ${count} sent, 0 failed, 0 unsubscribed`)).toBeVisible();
  await expectNoAxeViolations(page, 'a sent announcement');

  // On the list: sent, with its audience in words.
  await page.goto('/admin?tab=announcements');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: subject, exact: true }) });
  await expect(row).toContainText(/Sending|Sent/);
  await expect(row).toContainText('Landscape Design');
  await expect(row.getByRole('button', { name: `Delete ${subject}` })).toHaveCount(0);

  // In the archive, for everyone.
  await row.getByRole('link', { name: `View ${subject}` }).click();
  await page.getByRole('link', { name: 'Read it in the news archive' }).click();
  await expect(page).toHaveURL(new RegExp(`/news/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
});

test('visitors read the public news; members-only news asks them to sign in, and members read it', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  await page.goto('/');
  await appStarted(page);
  const open = `Sponsor news ${tag}`;
  const closed = `Members' mixer ${tag}`;
  const openId = await sentAnnouncement(page, { subject: open, membersOnly: false, skill: 'Insurance' });
  const closedId = await sentAnnouncement(page, { subject: closed, membersOnly: true, skill: 'Insurance' });

  // A visitor: the public one, not the members-only one; the feed is linked.
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1, name: NEWS_TEXTS.title })).toBeVisible();
  await expect(page.getByRole('link', { name: open })).toBeVisible();
  await expect(page.getByRole('link', { name: closed })).toHaveCount(0);
  await expect(page.getByRole('link', { name: NEWS_TEXTS.feed })).toHaveAttribute('href', '/news/feed.xml');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'News', exact: true })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, '/news');
  // The feed: found from the page's head, with the public one only.
  await expect(
    page.locator('head link[rel="alternate"][type="application/rss+xml"][title="Power Mixer News"]'),
  ).toHaveAttribute('href', '/news/feed.xml');
  const feed = await page.request.get('/news/feed.xml');
  expect(feed.status()).toBe(200);
  const xml = await feed.text();
  expect(xml).toContain(open);
  expect(xml).not.toContain(closed);

  await page.getByRole('link', { name: open }).click();
  await expect(page.getByRole('heading', { level: 1, name: open })).toBeVisible();
  await expect(page.getByText(`${open}: the full text of the announcement.`)).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${open} · Power Mixer`));
  await page.getByRole('link', { name: NEWS_TEXTS.back }).click();
  await expect(page).toHaveURL(/\/news$/);

  // Loaded directly: the members-only one asks to sign in; a missing one is a real 404.
  const members = await page.goto(`/news/${closedId}`);
  expect(members?.status()).toBe(200);
  await expect(page.getByText(NEWS_TEXTS.signInToRead)).toBeVisible();
  await expect(page.getByText(`${closed}: the full text`)).toHaveCount(0);
  const missing = await page.goto(`/news/${randomUUID()}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(NEWS_NOT_FOUND)).toBeVisible();
  await expect(page.getByRole('link', { name: NEWS_TEXTS.back })).toBeVisible();
  expect((await page.goto(`/news/${openId}`))?.status()).toBe(200);

  // Signing in from there comes back to it, readable now.
  const member = newMember('news');
  const origin = new URL(page.url()).origin;
  const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  expect((await api.post('/api/auth/register', { data: member })).status()).toBe(201);
  await api.dispose();
  await page.goto(`/news/${closedId}`);
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/news/${closedId}$`));
  await expect(page.getByRole('heading', { level: 1, name: closed })).toBeVisible();
  await expect(page.getByText(`${closed}: the full text of the announcement.`)).toBeVisible();

  // A member's archive lists both, the members-only one marked.
  const { page: memberScreen } = await memberPage(browser, 'newsm');
  await memberScreen.goto('/news');
  const item = memberScreen.getByRole('article').filter({ has: memberScreen.getByRole('link', { name: closed }) });
  await expect(item.getByText(NEWS_TEXTS.membersOnly)).toBeVisible();
  await expect(memberScreen.getByRole('link', { name: open })).toBeVisible();
  await memberScreen.context().close();
});
