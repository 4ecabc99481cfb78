import { expect, test } from '@playwright/test';
import { appStarted, DEMO_MEMBER_PASSWORD, signIn } from './fixtures';

// The demo content pretends nothing: the hero shows the next event's picture (no borrowed
// sample video unless HERO_VIDEO_URL names one), every podcast player plays a real excerpt
// and says so, events show pictures only once they happened, and a page writes dates one way.

test('the hero shows the next event’s image, not a sample video', async ({ page }) => {
  const landing = await (await page.request.get('/api/landing')).json();
  // The e2e server sets no HERO_VIDEO_URL.
  expect(landing.heroVideo).toBeNull();
  await page.goto('/');
  await appStarted(page);
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  const picture = hero.locator(`img[src="${landing.nextEvent.imageUrl}"]`);
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(hero.getByRole('button', { name: /^Play video/ })).toHaveCount(0);
  await expect(hero.locator('iframe, video')).toHaveCount(0);
});

test('every podcast player on the page plays a real excerpt, and its episode says how long', async ({ page }) => {
  await page.goto('/podcasts');
  await appStarted(page);
  const episodes = page.getByRole('main').getByRole('article');
  await expect(episodes.first()).toBeVisible();
  // No embeds of videos that do not exist; the announced episode has no player at all.
  await expect(page.getByRole('button', { name: /^Play video/ })).toHaveCount(0);
  const upcoming = episodes.filter({ hasText: 'Coming soon' });
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming.locator('audio, video')).toHaveCount(0);

  const playing = episodes.filter({ has: page.locator('audio') });
  const count = await playing.count();
  expect(count).toBe((await episodes.count()) - 1);
  for (let i = 0; i < count; i++) {
    const episode = playing.nth(i);
    const player = episode.locator('audio');
    const src = await player.getAttribute('src');
    const file = await page.request.get(src!);
    expect(file.status(), src!).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^audio\//);
    // The browser decodes it: as long as its episode card says.
    const seconds = await player.evaluate(
      (audio: HTMLAudioElement) =>
        new Promise<number>((resolve, reject) => {
          audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
          audio.addEventListener('error', () => reject(new Error('cannot play')), { once: true });
          audio.preload = 'metadata';
          audio.load();
        }),
    );
    expect(seconds).toBeGreaterThanOrEqual(20);
    // An excerpt (the opening theme) or a short spoken episode, with its length to the second
    // (an MP3's decoders may differ by the encoder's padding).
    const said = /(?:Excerpt|A short episode) \((\d+):(\d\d)\)/.exec((await episode.textContent()) ?? '');
    expect(said, 'the card says how long it plays').not.toBeNull();
    expect(Math.abs(Number(said![1]) * 60 + Number(said![2]) - seconds)).toBeLessThanOrEqual(1);
  }
});

test('events that have not started show no gallery; past ones call their pictures what they are', async ({ page }) => {
  const list = async (status: string) =>
    (
      (await (await page.request.get(`/api/events?status=${status}&pageSize=50`)).json()) as {
        events: { id: string }[];
      }
    ).events;
  const upcoming = await list('upcoming');
  expect(upcoming.length).toBeGreaterThan(0);
  for (const event of upcoming) {
    await page.goto(`/events/${event.id}`);
    await appStarted(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Event Gallery' })).toHaveCount(0);
  }
  const [past] = await list('completed');
  await page.goto(`/events/${past!.id}`);
  await appStarted(page);
  await expect(page.getByRole('heading', { name: 'Event Gallery' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/\bphotos?\b/i);
});

test('pages with demo dates write them one way: "March 5, 2026", never "Mar 5" or "3/5/2026"', async ({ page }) => {
  await signIn(page, 'jordan.lee@powermixer.example', DEMO_MEMBER_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const longDate =
    /(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/;
  const otherDate = /(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.? \d|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/;
  for (const path of ['/', '/podcasts', '/user/marcusbennett', '/dashboard', '/connections']) {
    await page.goto(path);
    const main = page.getByRole('main');
    // The landing page draws its lower sections as they scroll into view.
    if (path === '/') await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    // The connections page dates only pending requests, which come and go.
    if (path !== '/connections') await expect(main).toContainText(longDate);
    else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await main.innerText()).match(otherDate)?.[0], path).toBeUndefined();
  }
});
