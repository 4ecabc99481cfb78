import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  appStarted,
  DEMO_ADMIN,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  latestMail,
} from './fixtures';

// The admin's events: create a sponsor, then an event with that sponsor and an image, edit it,
// see it on its public page with the sponsor, export its attendees. The session is made through
// the API.
const HEADER =
  'Type,Name,Email,Username,Company,Position,Website,Instagram,Facebook,LinkedIn,Status,Registration Date,Checked In,Guest of';
/** A time as the export writes it: ISO 8601 on the community's clocks (New York), with the offset. */
const LOCAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-0[45]:00$/;
/** What the page the admin lands on says after a save (issue 39). */
const saved = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function signInAsAdmin(page: Page) {
  await page.goto('/');
  await appStarted(page);
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/auth/sign-in', { data: DEMO_ADMIN, headers: { origin } });
  expect(res.status()).toBe(200);
}

const imagePng = () =>
  sharp({ create: { width: 800, height: 450, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();

test('an admin creates, edits and exports an event with a sponsor and an image', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const name = `Harbor Mixer ${tag}`;
  const renamed = `Harbor Mixer, Encore ${tag}`;
  const SPONSOR = `Dockside Credit Union ${tag}`;
  await signInAsAdmin(page);

  // The sponsor, made through its form first.
  await page.goto('/sponsors/create');
  await page.getByLabel('Name').fill(SPONSOR);
  await page.getByLabel('Website').fill('https://docksidecu.example');
  await page.getByRole('button', { name: 'Create Sponsor' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=sponsors$/);
  await expect(page.getByRole('listitem').filter({ hasText: SPONSOR })).toBeVisible();

  // The Events tab.
  await page.goto('/admin?tab=events');
  await expect(page.getByRole('link', { name: 'Create Event' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Export attendees of / }).first()).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'Events tab');

  // Create Event.
  await page.getByRole('link', { name: 'Create Event' }).click();
  await expect(page).toHaveURL(/\/events\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
  await expect(page.getByText('Save the event to add gallery images')).toBeVisible();
  await expect(page.getByText('Event ID is required for uploading images')).toHaveCount(0);
  await expect(page.getByLabel('Status')).toHaveValue('upcoming');
  await expect(page.getByRole('checkbox', { name: new RegExp(SPONSOR) })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, '/events/create');

  // The shared schema speaks before anything is sent.
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByLabel('Name')).toBeFocused();

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Summary').fill('Founders and builders by the water.');
  await page.getByLabel('Location').fill('Dockside Hall, Charlotte');
  await page.getByLabel('Category').fill('Mixer');
  await page.getByLabel('Start time').fill('2031-05-20T18:00');
  await page.getByLabel('End time').fill('2031-05-20T17:00');
  await page.getByLabel('Max attendees').fill('50');
  const editor = page.locator('[contenteditable="true"]').first();
  await editor.click();
  await page.keyboard.type('An evening of introductions.');
  await page.getByRole('checkbox', { name: new RegExp(SPONSOR) }).check();
  await page
    .locator('fieldset', { has: page.locator('legend', { hasText: /^Image$/ }) })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'harbor.png', mimeType: 'image/png', buffer: await imagePng() });
  await expect(page.getByRole('img', { name: 'Image preview' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('End time must be after start time')).toBeVisible();
  await page.getByLabel('End time').fill('2031-05-20T21:00');
  await page.getByRole('button', { name: 'Create Event' }).click();

  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await expect(saved(page, 'Event created.')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('Capacity 50')).toBeVisible();
  const editHref = await row.getByRole('link', { name: `Edit ${name}` }).getAttribute('href');
  const eventId = /\/events\/([^/]+)\/edit$/.exec(editHref ?? '')?.[1];
  expect(eventId).toBeTruthy();

  // Edit it: the form comes back filled, in the community's time zone.
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByLabel('Start time')).toHaveValue('2031-05-20T18:00');
  await expect(page.getByRole('checkbox', { name: new RegExp(SPONSOR) })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Add gallery images' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, '/events/:id/edit');
  await page.getByLabel('Name').fill(renamed);
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await expect(saved(page, 'Event updated.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: renamed })).toBeVisible();
  await expectNoAxeViolations(page, 'Events tab with the saved message');
  // Said once: not again after a reload, and gone once the admin moves to another tab.
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: renamed })).toBeVisible();
  await expect(saved(page, 'Event updated.')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Forums' }).click();
  await page.goBack();
  await expect(page.getByRole('listitem').filter({ hasText: renamed })).toBeVisible();
  await expect(saved(page, 'Event updated.')).toHaveCount(0);

  // The public page shows the new name, the image and the sponsor.
  await page.goto(`/events/${eventId}`);
  await appStarted(page);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText(SPONSOR).first()).toBeVisible();
  const imageSrc = await page.locator('img[src*="/uploads/event-images/events/"]').first().getAttribute('src');
  expect(imageSrc).toBeTruthy();
  expect((await page.request.get(imageSrc!)).status()).toBe(200);

  // Someone registers; the export names the file after the event and starts with the header.
  const origin = new URL(page.url()).origin;
  const registered = await page.request.put(`/api/events/${eventId}/registration`, {
    data: { status: 'attending' },
    headers: { origin },
  });
  expect(registered.status()).toBe(200);
  const withGuest = await page.request.put(`/api/events/${eventId}/guests`, {
    data: { guests: [{ name: 'Riley Guest', email: `riley.${tag}@example.com` }] },
    headers: { origin },
  });
  expect(withGuest.status()).toBe(200);
  await page.goto('/admin?tab=events');
  const exported = page.getByRole('listitem').filter({ hasText: renamed });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exported.getByRole('button', { name: `Export attendees of ${renamed}` }).click(),
  ]);
  const slug = renamed.toLowerCase().replace(/[^a-z0-9]/g, '_');
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${slug}_attendees_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).split('\r\n');
  expect(lines[0]).toBe(HEADER);
  // Registration Date in the community's time zone, in Checked In's form; Guest of names the member.
  const [member, guest] = lines.slice(1, 3).map((line) => line.split(','));
  expect(member![0]).toBe('Member');
  expect(member![11]).toMatch(LOCAL_ISO);
  expect(member![13]).toBe('');
  expect(guest!.slice(0, 3)).toEqual(['Guest', 'Riley Guest', `riley.${tag}@example.com`]);
  expect(guest![11]).toMatch(LOCAL_ISO);
  expect(guest![13]).toBe(member![1]);
  await expect(page.getByText('Failed to export attendees')).toHaveCount(0);

  // E-mail the attendees: the dialog says how many it reaches before sending.
  await exported.getByRole('button', { name: `Email attendees of ${renamed}` }).click();
  const dialog = page.getByRole('dialog');
  // The admin and their guest.
  await expect(dialog.getByText('This e-mail will go to 2 people.')).toBeVisible();
  await expectNoAxeViolations(page, 'Email attendees dialog');
  await dialog.getByLabel('Subject').fill(`Parking for ${tag}`);
  await dialog.getByLabel('Message').fill('Use the north garage.');
  await dialog.getByRole('button', { name: 'Send email' }).click();
  await expect(page.getByText('Your e-mail was sent to 2 people.')).toBeVisible();
  expect((await latestMail(page, DEMO_ADMIN.email))?.subject).toBe(`Parking for ${tag}`);

  // Duplicate opens a prefilled form; nothing is saved until it is submitted.
  await exported.getByRole('link', { name: `Duplicate ${renamed}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(renamed);
  await expect(page.getByLabel('Start time')).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: new RegExp(SPONSOR) })).toBeChecked();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await expect(page.getByRole('listitem').filter({ hasText: renamed })).toHaveCount(1);

  // Delete: the confirmation says registrations are cancelled and e-mailed; the admin is told.
  await page
    .getByRole('listitem')
    .filter({ hasText: renamed })
    .getByRole('button', { name: `Delete ${renamed}` })
    .click();
  await expect(page.getByRole('dialog').getByText(/e-mailed that the event is cancelled/)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: renamed })).toHaveCount(0);
  expect((await latestMail(page, DEMO_ADMIN.email))?.subject).toBe(`Cancelled: ${renamed}`);
});

test('an image uploaded into a form that is then cancelled is not left stored', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/events/create');
  await page
    .locator('fieldset', { has: page.locator('legend', { hasText: /^Image$/ }) })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'draft.png', mimeType: 'image/png', buffer: await imagePng() });
  const preview = page.getByRole('img', { name: 'Image preview' });
  await expect(preview).toBeVisible();
  const src = (await preview.getAttribute('src'))!;
  expect((await page.request.get(src)).status()).toBe(200);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await expect.poll(async () => (await page.request.get(src)).status()).toBe(404);
});

test('the event form says where each text shows; the gallery and the recap wait for a saved event', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/events/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();

  // Summary, Description and Content each say where they show, read with the field.
  await expect(page.getByLabel('Summary', { exact: true })).toHaveAccessibleDescription(/under the event's name/);
  await expect(page.getByLabel('Description', { exact: true })).toHaveAccessibleDescription(
    /short introduction in plain text, under the summary/,
  );
  await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toHaveAccessibleDescription(
    /The body of the page, under "About This Event"/,
  );

  // The gallery: a plain hint first; the spec's error only once an upload is tried.
  const gallery = page.getByRole('group', { name: 'Gallery images' });
  const add = gallery.getByRole('button', { name: 'Add gallery images' });
  await expect(add).toHaveAccessibleDescription('Save the event to add gallery images');
  await expect(page.getByText('Event ID is required for uploading images')).toHaveCount(0);
  await add.click();
  await expect(gallery.getByRole('alert')).toHaveText('Event ID is required for uploading images');
  await expect(add).toHaveAccessibleDescription(
    'Save the event to add gallery images Event ID is required for uploading images',
  );

  // No recap for an event that does not exist yet.
  await expect(page.getByRole('group', { name: 'Recap', exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Recap video URL')).toHaveCount(0);
  await expectNoAxeViolations(page, '/events/create (gallery refused)');

  // An existing event: the gallery takes files, and the recap is there.
  const events = (await (await page.request.get('/api/admin/events')).json()) as { events: { id: string }[] };
  await page.goto(`/events/${events.events[0]!.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Recap', exact: true })).toBeVisible();
  await expect(page.getByLabel('Recap video URL')).toBeVisible();
  await expect(page.getByText('Save the event to add gallery images')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add gallery images' })).not.toHaveAttribute('aria-describedby');
});
