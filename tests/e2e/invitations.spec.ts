import { expect, test, type Page } from '@playwright/test';
import {
  CSV_FILE_LABEL,
  INVALID_INVITATION_LINK_MESSAGE,
  INVITED_LINE,
  PROBLEM_MEMBER,
  PROBLEM_NOT_EMAIL,
  SKIP_PROBLEMS_LABEL,
  invitationsSent,
  sendInvitationsButton,
  type InvitationsResponse,
} from '../../src/shared/invitations';
import { appStarted, DEMO_ADMIN, expectNoAxeViolationsInBothThemes, latestMail } from './fixtures';

// Invitations (issue 35): the admin uploads a small CSV, previews it (a demo member and a bad
// address among the rows), skips the row that cannot be read and sends; the invited person opens
// the link from the captured mail, signed out, and registers with the name and e-mail filled in;
// the admin's list then shows them joined. The admin's session is made through the API.

test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

async function signInAsAdmin(page: Page) {
  await page.goto('/');
  await appStarted(page);
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/auth/sign-in', { data: DEMO_ADMIN, headers: { origin } });
  expect(res.status()).toBe(200);
}

test('the admin invites from a CSV; the invited person registers from the mail; the list shows them joined', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const invitee = { name: `Avery Quinlan ${tag}`, email: `avery.quinlan.${tag}@invite.example` };
  // Semicolons, a BOM, CRLF and a quoted value with the separator in it, as a spreadsheet writes them.
  const csv = [
    '\uFEFFFull name;E-mail;Company;Title',
    `${invitee.name};${invitee.email};"Quinlan; Rowe Realty";Broker`,
    'Jordan Lee;jordan.lee@powermixer.example;Queen City Realty Group;Realtor',
    'No Address;not-an-address;;',
  ].join('\r\n');

  await signInAsAdmin(page);
  await page.goto('/admin?tab=invitations');
  await expect(page).toHaveTitle(/Admin Dashboard · Invitations/);
  const before = (await (await page.request.get('/api/admin/invitations')).json()) as InvitationsResponse;
  await expect(page.getByText(`${before.totals.invited} invited, ${before.totals.joined} joined`)).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'the Invitations tab');

  // The file, then its preview: each row with its line and its problem.
  await page.getByLabel(CSV_FILE_LABEL).setInputFiles({
    name: 'mixer-sign-ups.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  const heading = page.getByRole('heading', { name: 'Preview of mixer-sign-ups.csv' });
  await expect(heading).toBeFocused();
  await expect(page.getByText('3 rows: 1 ready to invite, 2 rows with a problem.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Preview of mixer-sign-ups.csv' });
  // Rows with a problem first; then all of them.
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Show').selectOption({ label: 'All rows' });
  await expect(table.getByRole('row')).toHaveCount(4);
  const rowOf = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(rowOf(invitee.name).getByRole('cell')).toHaveText([
    '2',
    invitee.email,
    'Quinlan; Rowe Realty',
    'Broker',
    'Ready',
  ]);
  await expect(rowOf('Jordan Lee').getByRole('cell').last()).toHaveText(PROBLEM_MEMBER);
  await expect(rowOf('No Address').getByRole('cell').last()).toHaveText(PROBLEM_NOT_EMAIL);
  await expectNoAxeViolationsInBothThemes(page, 'the invitation preview');

  // Sent as it is, the bad row stops it and nothing goes; skipped, the one ready row is invited.
  const send = page.getByRole('button', { name: sendInvitationsButton(1) });
  await send.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was sent' })).toContainText('1 row has a problem');
  await page.getByLabel(SKIP_PROBLEMS_LABEL).check();
  await send.click();
  const sent = page.getByText(invitationsSent(1, 2));
  await expect(sent).toBeVisible();
  // The button pressed is gone with the preview: focus is on what it did, not on the page body.
  await expect(page.locator(':focus')).toContainText(invitationsSent(1, 2));
  await expect(page.getByText(`${before.totals.invited + 1} invited, ${before.totals.joined} joined`)).toBeVisible();
  const listItem = page.getByRole('listitem').filter({ hasText: invitee.email });
  await expect(listItem).toContainText('Pending');
  await expect(listItem.getByRole('button', { name: `Send again to ${invitee.name}` })).toBeVisible();

  // The mail, as captured by the outbox; its link, opened signed out.
  const mail = await latestMail(page, invitee.email);
  expect(mail?.subject).toMatch(/invites you to join Power Mixer$/);
  const link = /(https?:\/\/\S+\/register\?invite=\S+)/.exec(mail!.text)?.[1];
  expect(link, 'the mail carries the registration link').toBeTruthy();

  const context = await browser.newContext();
  const guest = await context.newPage();
  try {
    // A garbled link says why and leaves the form as it is.
    await guest.goto('/register?invite=not-a-real-link');
    await expect(guest.getByRole('alert')).toHaveText(INVALID_INVITATION_LINK_MESSAGE);
    await expect(guest.getByLabel('Email')).toHaveValue('');

    await guest.goto(link!);
    await expect(guest.getByText(INVITED_LINE)).toBeVisible();
    await expect(guest.getByLabel('Email')).toHaveValue(invitee.email);
    await expect(guest.getByLabel('Full name')).toHaveValue(invitee.name);
    await expectNoAxeViolationsInBothThemes(guest, 'registration from an invitation');
    await guest.getByLabel('Username').fill(`avery${tag}`.slice(0, 30));
    await guest.getByLabel('Password').fill('a long test password');
    await guest.getByRole('button', { name: 'Register' }).click();
    await expect(guest).toHaveURL(/\/dashboard$/);
  } finally {
    await context.close();
  }

  // The admin's list: joined, with the totals moved on; no more actions on it.
  await page.reload();
  await expect(
    page.getByText(`${before.totals.invited + 1} invited, ${before.totals.joined + 1} joined`),
  ).toBeVisible();
  await expect(listItem).toContainText('Joined');
  await expect(listItem.getByRole('button')).toHaveCount(0);
});
