import { expect, test, type Page } from '@playwright/test';
import { appStarted, expectNoAxeViolationsInBothThemes, latestMail, newMember, register } from './fixtures';

// The public site: landing page, events and registration, podcasts, contact.

const REGISTRATION_SUCCESS = "Registration successful! You're all set for the event.";
const UNREGISTER_CONFIRM = 'Are you sure you want to unregister from this event?';
const CONTACT_EMAIL = 'hello@powermixer.example';

// The axe helpers switch the theme at once; colour transitions (links, buttons) do not, and axe
// would measure them half-way. Reduced motion turns the transitions off (see styles.css).
test.use({ reducedMotion: 'reduce' });

/**
 * Fails the test on any console error or uncaught exception (CSP violations are console errors).
 * `expected` names URLs whose failure the test provokes on purpose (the browser logs those).
 */
function watchConsole(page: Page, expected?: RegExp): () => void {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (expected && expected.test(message.location().url)) return;
    problems.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return () => expect(problems, 'console errors').toEqual([]);
}

/** Loads the landing page's lower sections (their code arrives as the visitor scrolls). */
async function scrollToBottom(page: Page) {
  const lastHeading = page.getByRole('heading', { name: 'Who do you want to meet?' });
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(lastHeading).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
}

test('a visitor follows the countdown to an event, signs up, registers with guests, exports it and unregisters', async ({
  page,
}) => {
  const noConsoleErrors = watchConsole(page);

  // The hero's countdown ticks.
  await page.goto('/');
  await appStarted(page);
  const timer = page.getByRole('timer');
  await expect(timer).toBeVisible();
  // The fourth box is the seconds: its number is the box's first line.
  const seconds = timer.locator(':scope > div').nth(3).locator('span').first();
  await expect(timer.locator(':scope > div').nth(3)).toContainText('Seconds');
  const before = await seconds.textContent();
  await expect(seconds).not.toHaveText(before ?? '', { timeout: 2500 });

  // Register Today! leads to the next event; registering sends the visitor to sign in first.
  await page.getByRole('link', { name: 'Register Today!' }).click();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  const eventPath = new URL(page.url()).pathname;
  // The address changes first; the landing page stays until the event page's module has loaded.
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeVisible();
  const eventName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  expect(eventName).not.toBe('');
  await page.getByRole('button', { name: 'Register Now' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // A new member signs up and comes back to the event.
  const member = newMember('site');
  await register(page, member);
  await expect(page).toHaveURL(new RegExp(`${eventPath}$`));

  await page.getByRole('button', { name: 'Register Now' }).click();
  await expect(page.getByText(REGISTRATION_SUCCESS)).toBeVisible();
  const guests = page.getByRole('dialog', { name: 'Thank you for Registering!' });
  await expect(guests).toBeVisible();
  await expect(guests.getByText('Would you like to register any guests?')).toBeVisible();
  await guests.getByLabel('Number of Guests').selectOption('2');
  await expectNoAxeViolationsInBothThemes(page, `${eventPath} (guest modal)`);
  await guests.getByLabel('Guest Name').nth(0).fill('Ada Guest');
  await guests.getByLabel('Guest Email').nth(0).fill('ada.guest@example.com');
  await guests.getByLabel('Guest Name').nth(1).fill('Grace Guest');
  await guests.getByLabel('Guest Email').nth(1).fill('grace.guest@example.com');
  await guests.getByRole('button', { name: 'Register Now' }).click();
  await expect(guests.getByText('Guests successfully registered!')).toBeVisible();
  await expect(guests).toBeHidden({ timeout: 5000 });
  await expect(page.getByText('Status: Attending')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guests (2)' })).toBeVisible();

  // The member is among the attendees.
  await page.getByRole('button', { name: 'View All' }).click();
  const everyone = page.getByRole('dialog', { name: 'All Attendees' });
  await expect(everyone.getByText(/\d+ registered (person|people)/)).toBeVisible();
  await expect(everyone.getByRole('link', { name: new RegExp(`@${member.username}`) })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(everyone).toBeHidden();

  // The calendar file holds the event.
  const href = await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
  expect(href).toMatch(/\/calendar\.ics$/);
  const ics = await page.request.get(href!);
  expect(ics.ok()).toBe(true);
  const calendar = (await ics.text()).replace(/\r?\n[ \t]/g, '');
  expect(calendar).toContain('BEGIN:VCALENDAR');
  expect(calendar).toContain(eventName.replace(/([,;])/g, '\\$1'));

  // Unregister after the confirm.
  await page.getByRole('button', { name: 'Unregister' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unregister' });
  await expect(confirm).toContainText(UNREGISTER_CONFIRM);
  await confirm.getByRole('button', { name: 'Unregister' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeVisible();
  await expect(page.getByText('Status: Attending')).toBeHidden();

  noConsoleErrors();
});

test('the events list filters by status and search, and keeps the filters in the URL', async ({ page }) => {
  const noConsoleErrors = watchConsole(page);
  await page.goto('/events');
  await appStarted(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Power Mixer Events' })).toBeVisible();
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Status' }).selectOption('completed');
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByRole('button', { name: 'Registration Closed' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Register Now/ })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Status' }).selectOption('');
  await page.getByRole('searchbox', { name: 'Search events' }).fill('gala');
  await expect(page).toHaveURL(/q=gala/);
  await expect(cards.first()).toContainText(/gala/i);

  await page.getByRole('searchbox', { name: 'Search events' }).fill('no such event zzqx');
  await expect(page.getByText('No events found matching your criteria')).toBeVisible();

  // A visitor's Register Now remembers the event and asks to sign in.
  await page.goto('/events?status=upcoming');
  const registerNow = page.getByRole('link', { name: /^Register Now/ }).first();
  await registerNow.click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toMatch(/^\/events\/[0-9a-f-]{36}$/);
  noConsoleErrors();
});

test('the events page offers a calendar feed of upcoming events', async ({ page }) => {
  await page.goto('/events');
  await appStarted(page);
  const link = page.getByRole('link', { name: 'Subscribe to the events calendar' });
  await expect(link).toBeVisible();
  const res = await page.request.get((await link.getAttribute('href'))!);
  expect(res.headers()['content-type']).toContain('text/calendar');
  const body = await res.text();
  expect(body).toContain('BEGIN:VCALENDAR');
  expect(body).toContain('BEGIN:VEVENT');
});

test('podcast search narrows the episodes and says when nothing matches', async ({ page }) => {
  const noConsoleErrors = watchConsole(page);
  await page.goto('/podcasts');
  await appStarted(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Power Mixer Podcast' })).toBeVisible();
  const episodes = page.getByRole('main').getByRole('article');
  await expect(episodes.first()).toBeVisible();
  const all = await episodes.count();
  expect(all).toBeGreaterThan(1);

  const search = page.getByRole('searchbox', { name: /search podcasts/i });
  await search.fill('Referral');
  await expect(page).toHaveURL(/q=Referral/);
  await expect(episodes).toHaveCount(1);
  await expect(episodes.first()).toContainText('Building a Referral Machine');

  await search.fill('zzqxnothing');
  await expect(page.getByText('No podcasts found matching your search.')).toBeVisible();
  await expect(episodes).toHaveCount(0);
  noConsoleErrors();
});

test('the contact form sends a message to the organisers; the landing page takes introduction requests', async ({
  page,
}) => {
  const noConsoleErrors = watchConsole(page);
  const subject = `Sponsorship question ${Date.now().toString(36)}`;

  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Required fields are checked before anything is sent.
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Full Name is required')).toBeVisible();

  await page.getByLabel('Full Name').fill('Casey Contact');
  await page.getByLabel('Email Address').fill('casey@example.com');
  await page.getByLabel('Phone (optional)').fill('704-555-0100');
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello! How do we become an event sponsor?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText("Thank you for your message! We'll get back to you soon.")).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue('');
  const mail = await latestMail(page, CONTACT_EMAIL);
  expect(mail?.subject).toContain(subject);
  expect(mail?.text).toContain('Hello! How do we become an event sponsor?');
  // The banner goes away after 5 seconds.
  await expect(page.getByText("Thank you for your message! We'll get back to you soon.")).toBeHidden({
    timeout: 8000,
  });

  // The FAQ answers open and close.
  await page.getByText('How quickly will I hear back?').click();
  await expect(page.getByText('We typically reply within 24 business hours.')).toBeVisible();

  // Introductions from the landing page.
  await page.goto('/');
  await appStarted(page);
  await scrollToBottom(page);
  await page.getByLabel('Your Name').fill('Ivy Intro');
  await page.getByLabel('Your Email').fill('ivy@example.com');
  await page.getByLabel('Who do you want to connect with?').fill('A commercial lender in South End');
  await page.getByRole('button', { name: 'Request an Introduction' }).click();
  await expect(page.getByText("Thanks! We'll be in touch to introduce you.")).toBeVisible();
  const intro = await latestMail(page, CONTACT_EMAIL);
  expect(intro?.subject).toContain('Ivy Intro');
  noConsoleErrors();
});

test.describe('axe finds nothing in both themes', () => {
  test('on the landing page', async ({ page }) => {
    const noConsoleErrors = watchConsole(page);
    await page.goto('/');
    await appStarted(page);
    await expect(page.getByRole('timer')).toBeVisible();
    await scrollToBottom(page);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '/');
    noConsoleErrors();
  });

  test('on the events list and an upcoming event', async ({ page }) => {
    const missingEvent = '/events/00000000-0000-4000-8000-000000000000';
    // The missing event's page and its API read both answer 404 (the browser logs each).
    const noConsoleErrors = watchConsole(page, /\/(api\/)?events\/00000000-0000-4000-8000-000000000000$/);
    await page.goto('/events');
    await appStarted(page);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '/events');

    await page.goto('/events?status=upcoming');
    await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
    await expect(page.getByRole('button', { name: 'Register Now' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'upcoming event');

    await page.goto(missingEvent);
    await expect(page.getByRole('heading', { level: 1, name: 'Event Not Found' })).toBeVisible();
    await expect(page.getByText("The event you're looking for doesn't exist.")).toBeVisible();
    noConsoleErrors();
  });

  test('on a completed event, its gallery lightbox and the attendee list', async ({ page }) => {
    const noConsoleErrors = watchConsole(page);
    // The newest completed event has every section: recap, gallery, sponsors, attendees.
    await page.goto('/events?status=completed');
    await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
    await expect(page.getByRole('button', { name: 'Event Completed' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Event Recap' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Event Sponsors' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'completed event');

    // The gallery: counter, arrows that wrap, and a lightbox driven by the keyboard.
    const gallery = page.getByRole('group', { name: /gallery/ });
    const counter = gallery.getByText(/^\d+ \/ \d+$/).first();
    await expect(counter).toHaveText(/^1 \/ \d+$/);
    const total = (await counter.textContent())!.split(' / ')[1];
    await gallery.getByRole('button', { name: 'Previous image' }).click();
    await expect(counter).toHaveText(`${total} / ${total}`);
    await gallery.getByRole('button', { name: /^View full size/ }).click();
    const lightbox = page.getByRole('dialog');
    await expect(lightbox).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(lightbox.getByRole('heading')).toContainText(`(1 / ${total})`);
    // Wrapped round to the first picture (a panelist's, when the event had speakers).
    await expect(lightbox.getByRole('img')).toHaveAttribute('alt', /(picture|panelist) 1 of/);
    await expectNoAxeViolationsInBothThemes(page, 'gallery lightbox');
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();

    await page.getByRole('button', { name: 'View All' }).click();
    const everyone = page.getByRole('dialog', { name: 'All Attendees' });
    await expect(everyone.getByText(/^\d+ registered (person|people)$/)).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'all attendees');
    noConsoleErrors();
  });

  test('on the podcasts and contact pages', async ({ page }) => {
    const noConsoleErrors = watchConsole(page);
    await page.goto('/podcasts');
    await appStarted(page);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '/podcasts');

    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '/contact');
    noConsoleErrors();
  });
});
