import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { appStarted, DEMO_ADMIN, expectNoAxeViolationsInBothThemes } from './fixtures';

// The admin's sponsors and podcasts: a sponsor with a logo, an episode that reaches the public
// podcasts page and then goes again. The session is made through the API, not the form.

async function signInAsAdmin(page: Page) {
  await page.goto('/');
  await appStarted(page);
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/auth/sign-in', { data: DEMO_ADMIN, headers: { origin } });
  expect(res.status()).toBe(200);
}

/** A spoken demo episode (72 seconds), as the seed stores it. */
const SPOKEN_MP3 = path.resolve('src/server/setup/seed/episodes/referral-machine.mp3');

const logoPng = () =>
  sharp({ create: { width: 320, height: 160, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();

test('an admin creates a sponsor with a logo, and creates, publishes and deletes a podcast', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const sponsorName = `Queen City Title ${tag}`;
  const podcastTitle = `Founders of Charlotte ${tag}`;
  await signInAsAdmin(page);

  // Sponsors tab → Create Sponsor.
  await page.goto('/admin?tab=sponsors');
  await expect(page.getByRole('link', { name: 'Create Sponsor' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'Sponsors tab');
  await page.getByRole('link', { name: 'Create Sponsor' }).click();
  await expect(page).toHaveURL(/\/sponsors\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Sponsor' })).toBeVisible();
  await expect(page.getByLabel('Level')).toHaveValue('Event Sponsor');
  await expectNoAxeViolationsInBothThemes(page, '/sponsors/create');

  // Bad website: the shared schema says so before anything is sent.
  await page.getByLabel('Name').fill(sponsorName);
  await page.getByLabel('Level').selectOption('Title Sponsor');
  await page.getByLabel('Info').fill('Closings for the community.');
  await page.getByLabel('Website').fill('not a website');
  await page.getByRole('button', { name: 'Create Sponsor' }).click();
  await expect(page.getByText('Website must be a URL starting with http:// or https://')).toBeVisible();
  await expect(page.getByLabel('Website')).toBeFocused();

  await page.getByLabel('Website').fill('https://queencitytitle.example');
  await expect(page.getByText('Website must be a URL starting with http:// or https://')).toBeHidden();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Sponsor' }).click();

  await expect(page).toHaveURL(/\/admin\?tab=sponsors$/);
  // The tab says it worked.
  await expect(page.getByRole('status').filter({ hasText: 'Sponsor created.' })).toBeVisible();
  const sponsorRow = page.getByRole('listitem').filter({ hasText: sponsorName });
  await expect(sponsorRow).toBeVisible();
  await expect(sponsorRow.getByText('Title Sponsor')).toBeVisible();
  await expect(sponsorRow.getByRole('link', { name: 'https://queencitytitle.example' })).toBeVisible();
  const logoSrc = await sponsorRow.locator('img').getAttribute('src');
  expect(logoSrc).toMatch(/^\/uploads\/sponsor-images\/logos\/.+\.webp$/);
  expect((await page.request.get(logoSrc!)).status()).toBe(200);

  // The edit form shows what was saved.
  await sponsorRow.getByRole('link', { name: `Edit ${sponsorName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Sponsor' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(sponsorName);
  await expect(page.getByLabel('Level')).toHaveValue('Title Sponsor');
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, '/sponsors/:id/edit');
  await page.getByLabel('Info').fill('Closings and title insurance for the community.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=sponsors$/);
  await expect(page.getByRole('status').filter({ hasText: 'Sponsor updated.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Sponsor created.' })).toHaveCount(0);

  // Podcasts tab → Create Podcast.
  await page.goto('/admin?tab=podcasts');
  await expect(page.getByRole('link', { name: 'Create Podcast' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'Podcasts tab');
  await page.getByRole('link', { name: 'Create Podcast' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Podcast' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, '/podcasts/create');

  await page.getByLabel('Title').fill(podcastTitle);
  await page.getByLabel('Description').fill('How three founders built their companies here.');
  await page.getByLabel('Media type').selectOption('youtube');
  await page.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=short');
  await page.getByLabel('Guests').fill('Ada Lovelace, , Grace Hopper');
  await page.getByLabel('Tags').fill('founders, charlotte');
  await page.getByRole('button', { name: 'Create Podcast' }).click();
  await expect(page.getByText(/not a YouTube link/)).toBeVisible();

  await page.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByRole('button', { name: 'Create Podcast' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=podcasts$/);
  await expect(page.getByRole('status').filter({ hasText: 'Podcast created.' })).toBeVisible();
  const podcastRow = page.getByRole('listitem').filter({ hasText: podcastTitle });
  await expect(podcastRow).toBeVisible();
  await expect(podcastRow.getByText('YouTube')).toBeVisible();

  // Its edit form holds what was saved; a thumbnail chosen there is stored at once.
  await podcastRow.getByRole('link', { name: `Edit ${podcastTitle}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Podcast' })).toBeVisible();
  await expect(page.getByLabel('Guests')).toHaveValue('Ada Lovelace, Grace Hopper');
  await page
    .locator('input[type="file"][accept^="image/"]')
    .setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: await logoPng() });
  await expect(page.getByRole('img', { name: 'Thumbnail preview' })).toHaveAttribute(
    'src',
    /^\/uploads\/podcast-images\/thumbnails\/.+\.webp$/,
  );
  await expectNoAxeViolationsInBothThemes(page, '/podcasts/:id/edit');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=podcasts$/);
  // Cancel saved nothing and says nothing; Save Changes says the update worked.
  await expect(page.getByRole('status').filter({ hasText: /Podcast (created|updated)\./ })).toHaveCount(0);
  await podcastRow.getByRole('link', { name: `Edit ${podcastTitle}` }).click();
  await page.getByLabel('Tags').fill('founders, charlotte, startups');
  // An audio file makes it a Direct episode of ours, its length read from the file; saving the
  // form afterwards keeps the file.
  await page
    .locator('input[type="file"][accept^="audio/"]')
    .setInputFiles({ name: 'episode.mp3', mimeType: 'audio/mpeg', buffer: await readFile(SPOKEN_MP3) });
  const audioField = page.getByRole('group', { name: 'Audio file' });
  await expect(audioField.getByText(/MP3 · 1:12 · \d+ KB/)).toBeVisible();
  await expect(audioField.getByRole('button', { name: 'Replace audio file' })).toBeVisible();
  await expect(page.getByLabel('Media type')).toHaveValue('direct');
  await expect(page.getByLabel('Media URL')).toHaveValue(/^\/uploads\/podcast-images\/audio\/.+\.mp3$/);
  await expectNoAxeViolationsInBothThemes(page, '/podcasts/:id/edit with its audio file');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=podcasts$/);
  await expect(page.getByRole('status').filter({ hasText: 'Podcast updated.' })).toBeVisible();

  // It is on the public podcasts page, guests split from the comma-separated text.
  await page.goto('/podcasts');
  await appStarted(page);
  const episode = page.getByRole('article').filter({ has: page.getByRole('heading', { name: podcastTitle }) });
  await expect(episode).toBeVisible();
  await expect(episode.getByText('Ada Lovelace, Grace Hopper')).toBeVisible();
  // And in the podcast feed the page links to, with its file as the enclosure.
  const follow = page.getByRole('link', { name: 'Follow in your podcast app' });
  await expect(follow).toHaveAttribute('href', '/podcasts/feed.xml');
  const feed = await (await page.request.get('/podcasts/feed.xml')).text();
  expect(feed).toContain(`<title>${podcastTitle}</title>`);
  expect(feed).toMatch(
    /<enclosure url="[^"]+\/uploads\/podcast-images\/audio\/[^"]+\.mp3" length="\d+" type="audio\/mpeg"\/>/,
  );

  // Delete it after confirming; it is gone from the tab and from /podcasts.
  await page.goto('/admin?tab=podcasts');
  await page.getByRole('button', { name: `Delete ${podcastTitle}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${podcastTitle}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: podcastTitle })).toHaveCount(0);
  await page.goto('/podcasts');
  await appStarted(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Power Mixer Podcast' })).toBeVisible();
  await expect(page.getByRole('heading', { name: podcastTitle })).toHaveCount(0);

  // A missing episode's edit form says so.
  await page.goto('/podcasts/00000000-0000-4000-8000-000000000000/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Podcast not found' })).toBeVisible();
});
