import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { appStarted, expectNoAxeViolationsInBothThemes, newMember, register } from './fixtures';

// The member area: two members connect and message each other with live updates (two browser
// contexts, one per member), the dashboard's edits reach the public profile, and the
// directory keeps its search in the URL. Fresh members each time, so runs never clash.

type Member = ReturnType<typeof newMember>;

/** A signed-in member in their own browser context, with the live-update stream open. */
async function signedInMember(browser: Browser, prefix: string): Promise<{ page: Page; member: Member }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`[${prefix} console] ${message.text()}`);
  });
  const member = newMember(prefix);
  const stream = page.waitForResponse((response) => response.url().endsWith('/api/realtime'));
  await register(page, member);
  await expect(page).toHaveURL(/\/dashboard$/);
  await stream;
  return { page, member };
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** The open conversation's messages. */
const thread = (page: Page) => page.getByRole('list', { name: 'Messages', exact: true });

test('two members connect and message each other, with live badges', async ({ browser }) => {
  test.setTimeout(180_000);
  const a = await signedInMember(browser, 'mema');
  const b = await signedInMember(browser, 'memb');
  const subject = `Coffee at the next mixer ${Date.now().toString(36)}`;

  // A asks B to connect from B's profile.
  await a.page.goto(`/user/${b.member.username}`);
  await expect(a.page.getByRole('heading', { level: 1, name: b.member.fullName })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(a.page, "/user/:username (another member's)");
  await a.page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(a.page.getByRole('button', { name: /Pending/ })).toBeVisible();

  // B's pending badge rises without a reload.
  await expect(mainNav(b.page).getByRole('link', { name: /1 pending connection requests/ })).toBeVisible();

  // B accepts on the requests screen (client-side navigation keeps the live stream).
  await mainNav(b.page)
    .getByRole('link', { name: /Connection Requests/ })
    .click();
  await expect(b.page).toHaveURL(/\/connections$/);
  await expect(b.page.getByRole('heading', { level: 1, name: 'Connection Requests' })).toBeVisible();
  await expect(b.page.getByRole('link', { name: new RegExp(a.member.username) }).first()).toBeVisible();
  await expectNoAxeViolationsInBothThemes(b.page, '/connections (with a request)');
  await b.page.getByRole('button', { name: 'Approve' }).click();
  await expect(b.page.getByText('No pending connection requests')).toBeVisible();
  const myConnections = b.page.getByRole('region', { name: 'My Connections' });
  await expect(myConnections.getByRole('link', { name: new RegExp(`@${a.member.username}`) })).toBeVisible();
  await expect(mainNav(b.page).getByRole('link', { name: /pending connection requests/ })).toHaveCount(0);

  // A's profile view follows live: the request was accepted.
  await expect(a.page.getByRole('button', { name: 'Remove Connection' })).toBeVisible();
  await expect(a.page.getByRole('button', { name: '1 connection' })).toBeVisible();

  // A messages B from the profile: compose opens with B filled in.
  await a.page
    .getByRole('main')
    .getByRole('link', { name: /^Message/ })
    .click();
  await expect(a.page).toHaveURL(new RegExp(`/messages\\?to=${b.member.username}$`));
  await expect(a.page.getByRole('combobox', { name: 'To' })).toHaveValue(b.member.username);
  await a.page.getByLabel('Subject').fill(subject);
  await a.page
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Hi! Want to grab a coffee before the next mixer?');
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(a.page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await expect(thread(a.page).getByText('Hi! Want to grab a coffee before the next mixer?')).toBeVisible();

  // B's unread badge rises live; opening the conversation brings it down.
  const unreadLink = mainNav(b.page).getByRole('link', { name: /1 unread messages/ });
  await expect(unreadLink).toBeVisible();
  await unreadLink.click();
  await expect(b.page).toHaveURL(/\/messages$/);
  const conversation = b.page.getByRole('button', { name: new RegExp(subject) });
  await expect(conversation).toContainText('Hi! Want to grab a coffee');
  await expect(conversation).toHaveAccessibleName(/unread/);
  await conversation.click();
  await expect(b.page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await expect(mainNav(b.page).getByRole('link', { name: /unread messages/ })).toHaveCount(0);
  await expect(conversation).not.toHaveAccessibleName(/unread/);
  await expectNoAxeViolationsInBothThemes(b.page, '/messages (thread open)');

  // B replies: same subject, A as recipient.
  await b.page.getByRole('button', { name: 'Reply' }).click();
  await expect(b.page.getByRole('combobox', { name: 'To' })).toHaveValue(a.member.username);
  await expect(b.page.getByLabel('Subject')).toHaveValue(subject);
  await expectNoAxeViolationsInBothThemes(b.page, '/messages (compose open)');
  await b.page.getByRole('textbox', { name: 'Message', exact: true }).fill('Sounds great, see you there.');
  await b.page.getByRole('button', { name: 'Send' }).click();
  await expect(thread(b.page).getByText('Sounds great, see you there.')).toBeVisible();

  // A, still on the thread, sees the reply arrive and deletes their own first message.
  await expect(thread(a.page).getByText('Sounds great, see you there.')).toBeVisible();
  const deleteButtons = a.page.getByRole('button', { name: 'Delete message' });
  await expect(deleteButtons).toHaveCount(2);
  await deleteButtons.first().click();
  const dialog = a.page.getByRole('dialog', { name: 'Delete Message' });
  await expect(dialog).toContainText('Are you sure you want to delete this message? This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(deleteButtons).toHaveCount(2);
  await deleteButtons.first().click();
  await a.page.getByRole('dialog', { name: 'Delete Message' }).getByRole('button', { name: 'Delete' }).click();
  await expect(thread(a.page).getByText('Hi! Want to grab a coffee before the next mixer?')).toHaveCount(0);
  await expect(thread(a.page).getByText('Sounds great, see you there.')).toBeVisible();
  // Deleting hides it from A only: B still has it after a reload.
  await b.page.reload();
  await b.page.getByRole('button', { name: new RegExp(subject) }).click();
  await expect(thread(b.page).getByText('Hi! Want to grab a coffee before the next mixer?')).toBeVisible();

  // An unknown recipient is refused with the spec's words.
  await a.page.getByRole('button', { name: 'Compose' }).click();
  await a.page.getByRole('combobox', { name: 'To' }).fill(`nobody-${Date.now().toString(36)}`);
  await a.page.getByLabel('Subject').fill('Hello');
  await a.page.getByRole('textbox', { name: 'Message', exact: true }).fill('Anyone there?');
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(a.page.getByText('Recipient not found')).toBeVisible();
  await a.page.getByRole('button', { name: 'Cancel' }).click();
  await expect(a.page.getByText('Select a message to read or compose a new one')).toBeVisible();

  await a.page.context().close();
  await b.page.context().close();
});

test('compose suggests usernames as you type', async ({ browser }) => {
  const a = await signedInMember(browser, 'sugga');
  const b = await signedInMember(browser, 'suggb');
  await a.page.goto('/messages');
  await a.page.getByRole('button', { name: 'Compose' }).click();
  const to = a.page.getByRole('combobox', { name: 'To' });
  await expect(to).toBeFocused();
  await to.pressSequentially(b.member.username.slice(0, -1));
  const option = a.page.getByRole('option', { name: new RegExp(b.member.username) });
  await expect(option).toBeVisible();
  await to.press('ArrowDown');
  await expect(to).toHaveAttribute('aria-activedescendant', /.+/);
  await to.press('Enter');
  await expect(to).toHaveValue(b.member.username);
  await expect(a.page.getByRole('listbox')).toBeHidden();
  await a.page.context().close();
  await b.page.context().close();
});

test('dashboard edits, avatar and a custom skill show on the public profile', async ({ browser }) => {
  const { page, member } = await signedInMember(browser, 'dash');
  const instagram = `${member.username}.ig`;
  const skill = `Skyline Photography ${Date.now().toString(36)}`;

  await expect(page.getByRole('heading', { level: 1, name: member.fullName })).toBeVisible();
  await expect(page.getByText('No bio provided yet.')).toBeVisible();
  await expect(page.getByText('No skills listed yet.')).toBeVisible();
  await expect(page.getByText('No events attended yet.')).toBeVisible();
  await expect(page.getByText('No connections yet')).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, '/dashboard (view)');

  // Edit mode: every field, social ones as the username only.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeFocused();
  await expectNoAxeViolationsInBothThemes(page, '/dashboard (edit)');
  await page.getByLabel('Position').fill('Broker');
  await page.getByLabel('Company').fill('Uptown Realty');
  await page.getByLabel('Bio').fill('Helping Charlotte families find a home.');
  await page.getByLabel('Website').fill('uptown-realty.example');
  await page.getByLabel('Instagram', { exact: true }).fill(instagram);
  // A taken username is refused with the spec's words; the form stays open.
  await page.getByLabel('Username').fill('camillejefferson');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Sorry, that username is already taken.')).toBeVisible();
  await page.getByLabel('Username').fill(member.username);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeFocused();
  await expect(page.getByText('Broker at Uptown Realty')).toBeVisible();
  await expect(page.getByText('Helping Charlotte families find a home.')).toBeVisible();

  // Cancel leaves the saved values alone.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Company').fill('Something Else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Broker at Uptown Realty')).toBeVisible();

  // Avatar: a real PNG drawn here.
  const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const photo = page.getByRole('img', { name: /profile photo/ });
  await expect(photo).toHaveAttribute('src', /^\/uploads\//);
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();

  // A custom skill.
  await page.getByLabel('Custom skill name').fill(skill);
  await page.getByLabel('Category (optional)').fill('Creative');
  await page.getByRole('button', { name: 'Add custom skill' }).click();
  const skills = page.getByRole('region', { name: 'Skills' });
  await expect(skills.getByText(skill, { exact: true })).toBeVisible();
  await expect(skills.getByRole('button', { name: `Remove ${skill}` })).toBeEnabled();

  // The public profile shows it all.
  await page.getByRole('link', { name: 'View public profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${member.username}$`));
  await expect(page.getByRole('heading', { level: 1, name: member.fullName })).toBeVisible();
  await expect(page.getByText('Broker at Uptown Realty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'uptown-realty.example' })).toHaveAttribute(
    'href',
    'https://uptown-realty.example/',
  );
  await expect(page.getByRole('main').getByRole('link', { name: /on Instagram/ })).toHaveAttribute(
    'href',
    `https://instagram.com/${instagram}`,
  );
  await expect(page.getByRole('img', { name: /profile photo/ })).toHaveAttribute('src', /^\/uploads\//);
  await expect(page.getByRole('region', { name: 'Skills' }).getByText(skill, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Joined \w+ \d{4}$/)).toBeVisible();
  const stats = page.getByRole('region', { name: 'Stats' });
  await expect(stats).toContainText('Skills1');
  await page.getByRole('button', { name: '0 connections' }).click();
  await expect(page.getByRole('dialog', { name: 'Connections' })).toContainText('No connections yet');
  await page.keyboard.press('Escape');
  await expectNoAxeViolationsInBothThemes(page, '/user/:username (own)');

  await page.context().close();
});

test('community: search finds a new member, filters live in the URL, the pager pages', async ({ browser }) => {
  const { page, member } = await signedInMember(browser, 'dir');

  await page.goto('/community');

  await appStarted(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Member pages' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, '/community');

  // Page 2 by the pager; the current page is marked.
  await page.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'First page' }).click();
  await expect(page).not.toHaveURL(/page=/);

  // Search (debounced) by username; the URL carries it and a reload keeps it.
  await page.getByLabel('Search members').fill(member.username);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${member.username}`));
  const card = page.getByRole('article').filter({ hasText: `@${member.username}` });
  await expect(card).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Member pages' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Search members')).toHaveValue(member.username);
  await expect(card).toHaveCount(1);
  await card.getByRole('link', { name: member.fullName }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${member.username}$`));
  await page.goBack();

  // A skill filter the new member lacks: nobody matches; the URL says which, page resets.
  const skill = page.getByLabel('Skill', { exact: true });
  const firstSkill = await skill.locator('option').nth(1).getAttribute('value');
  await skill.selectOption(firstSkill!);
  await expect(page).toHaveURL(new RegExp(`[?&]skill=${firstSkill}`));
  await expect(page.getByText('No members found matching your criteria.')).toBeVisible();

  // Clearing brings back everyone; an event filter narrows to its attendees.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/[?&](q|skill)=/);
  await page.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  const event = page.getByLabel('Event', { exact: true });
  const firstEvent = await event.locator('option').nth(1).getAttribute('value');
  await event.selectOption(firstEvent!);
  await expect(page).toHaveURL(new RegExp(`[?&]event=${firstEvent}`));
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByRole('article').first()).toBeVisible();

  // A visitor who clicks Connect signs in first, comes back to the profile and can connect.
  await page.context().clearCookies();
  await page.goto('/user/camillejefferson');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/user\/camillejefferson$/);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const pending = page.getByRole('button', { name: /Pending/ });
  await expect(pending).toBeVisible();
  await expect(pending).toBeFocused();
  // Clicking Pending withdraws the request.
  await pending.click();
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();

  await page.context().close();
});

test('on a phone the directory folds its filters behind a Filters button, so members show first', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/community');
  await appStarted(page);
  const search = page.getByLabel('Search members');
  const filters = page.getByRole('button', { name: /^Filters/ });
  const folded = [
    page.getByLabel('Event', { exact: true }),
    page.getByLabel('Skill', { exact: true }),
    page.getByLabel('Offering', { exact: true }),
    page.getByLabel('Looking for', { exact: true }),
    page.getByRole('button', { name: 'Clear filters' }),
  ];
  await expect(search).toBeVisible();
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  for (const field of folded) await expect(field).toBeHidden();
  // The first member's card starts on the first screen.
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  expect((await card.boundingBox())!.y).toBeLessThan(844 - 120);

  // By keyboard: the button follows the search box, opens the filters and leads into them.
  await search.focus();
  await page.keyboard.press('Tab');
  await expect(filters).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  const controlled = page.locator(`[id="${await filters.getAttribute('aria-controls')}"]`);
  for (const field of folded) await expect(controlled.locator(field)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(folded[0]!).toBeFocused();
  await expectNoAxeViolationsInBothThemes(page, '/community at 390 px, filters open');

  // A chosen filter counts on the folded button.
  const skill = folded[1]!;
  await expect(skill.locator('option').nth(1)).toBeAttached();
  await skill.selectOption({ index: 1 });
  await expect(page).toHaveURL(/[?&]skill=/);
  await filters.focus();
  await page.keyboard.press('Space');
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(skill).toBeHidden();
  await expect(filters).toHaveAccessibleName('Filters 1 active');

  // At desktop widths the filters are always shown, and the button is not.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(filters).toBeHidden();
  for (const field of folded) await expect(field).toBeVisible();
  await context.close();
});

test('a missing profile says so', async ({ page }) => {
  await page.goto('/user/no-such-member-anywhere');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();
  await expect(page.getByText("The user profile you're looking for doesn't exist.")).toBeVisible();
});
