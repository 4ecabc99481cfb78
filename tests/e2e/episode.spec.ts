import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import type { PodcastsResponse } from '../../src/shared/podcasts';
import { appStarted, DEMO_ADMIN, expectNoAxeViolationsInBothThemes } from './fixtures';

// An episode's own page (issue 36): reached from the podcasts list, the guests linked to their
// profiles, the show notes, and a transcript whose times seek our own player; a missing one is
// the not-found screen. The episode is made for the test (the demo's audio, a timed transcript)
// and deleted after it.

test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

const TITLE = 'Timed Transcript Test Episode';

async function asAdmin(page: Page, use: (admin: APIRequestContext) => Promise<void>) {
  const origin = new URL(page.url()).origin;
  const admin = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  try {
    expect((await admin.post('/api/auth/sign-in', { data: DEMO_ADMIN })).status()).toBe(200);
    await use(admin);
  } finally {
    await admin.dispose();
  }
}

test('an episode page shows its guests, notes and transcript, and a time seeks the player', async ({ page }) => {
  await page.goto('/podcasts');
  await appStarted(page);
  const { podcasts } = (await (await page.request.get('/api/podcasts')).json()) as PodcastsResponse;
  const audio = podcasts.find((p) => p.mediaType === 'direct' && p.mediaUrl)?.mediaUrl;
  expect(audio, 'a demo episode with a file of ours').toBeTruthy();
  let id = '';
  await asAdmin(page, async (admin) => {
    const created = await admin.post('/api/podcasts', {
      data: {
        title: TITLE,
        description: 'Made by the end-to-end test.',
        mediaType: 'direct',
        mediaUrl: new URL(audio!, page.url()).href,
        guests: 'Jordan Lee, A Guest From Elsewhere',
        showNotes: '<p>Topics: <strong>referrals</strong> and follow-ups.</p><script>alert(1)</script>',
        transcript: '[0:00] Camille: Welcome to the show.\n[0:12] Jordan: Thanks for having me.',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    id = ((await created.json()) as { podcast: { id: string } }).podcast.id;
  });
  try {
    // Searched for (a list of its own: the whole list may be a visitor's cached answer for a while).
    await page.goto(`/podcasts?q=${encodeURIComponent('Timed Transcript')}`);
    await page.getByRole('link', { name: TITLE }).click();
    await expect(page).toHaveURL(new RegExp(`/podcasts/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(TITLE));

    // A guest who is a member links to their profile; one who is not is their name.
    const guests = page.getByRole('region', { name: 'Guests' });
    await expect(guests.getByRole('link', { name: 'Jordan Lee' })).toHaveAttribute('href', '/user/jordanlee');
    await expect(guests.getByText('A Guest From Elsewhere')).toBeVisible();
    await expect(guests.getByRole('link', { name: 'A Guest From Elsewhere' })).toHaveCount(0);

    // The show notes as the server left them: the markup kept, the script gone.
    const notes = page.getByRole('region', { name: 'Show notes' });
    await expect(notes.locator('strong')).toHaveText('referrals');
    await expect(notes.locator('script')).toHaveCount(0);

    // A time in the transcript seeks our player, by keyboard.
    const transcript = page.getByRole('region', { name: 'Transcript' });
    await expect(transcript).toContainText('Jordan: Thanks for having me.');
    const at12 = transcript.getByRole('button', { name: 'Play from 0:12' });
    await at12.focus();
    await page.keyboard.press('Enter');
    const player = page.locator('audio');
    await expect
      .poll(() => player.evaluate((a: HTMLAudioElement) => Math.round(a.currentTime)))
      .toBeGreaterThanOrEqual(12);
    await expectNoAxeViolationsInBothThemes(page, 'an episode page');
  } finally {
    await asAdmin(page, async (admin) => {
      expect((await admin.delete(`/api/podcasts/${id}`)).status()).toBeLessThan(300);
    });
  }
});

test('a missing episode is the not-found screen, answered 404', async ({ page }) => {
  const res = await page.goto('/podcasts/00000000-0000-4000-8000-000000000000');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Podcast not found')).toBeVisible();
  await page.getByRole('link', { name: 'All episodes' }).click();
  await expect(page).toHaveURL(/\/podcasts$/);
});
