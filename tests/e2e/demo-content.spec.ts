import { expect, test } from '@playwright/test';

// The demo content pretends nothing: the hero shows the next event's picture (no borrowed
// sample video unless HERO_VIDEO_URL names one), and every podcast player plays real audio.

test('the hero shows the next event’s image, not a sample video', async ({ page }) => {
  const landing = await (await page.request.get('/api/landing')).json();
  // The e2e server sets no HERO_VIDEO_URL.
  expect(landing.heroVideo).toBeNull();
  await page.goto('/');
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  const picture = hero.locator(`img[src="${landing.nextEvent.imageUrl}"]`);
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(hero.getByRole('button', { name: /^Play video/ })).toHaveCount(0);
  await expect(hero.locator('iframe, video')).toHaveCount(0);
});

test('every podcast player on the page plays real audio', async ({ page }) => {
  await page.goto('/podcasts');
  const episodes = page.getByRole('main').getByRole('article');
  await expect(episodes.first()).toBeVisible();
  // No embeds of videos that do not exist; the announced episode has no player at all.
  await expect(page.getByRole('button', { name: /^Play video/ })).toHaveCount(0);
  const upcoming = episodes.filter({ hasText: 'Coming soon' });
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming.locator('audio, video')).toHaveCount(0);

  const players = page.locator('main audio');
  const count = await players.count();
  expect(count).toBe((await episodes.count()) - 1);
  for (let i = 0; i < count; i++) {
    const player = players.nth(i);
    const src = await player.getAttribute('src');
    const file = await page.request.get(src!);
    expect(file.status(), src!).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^audio\//);
    // The browser decodes it: a duration of a few seconds.
    const seconds = await player.evaluate(
      (audio: HTMLAudioElement) =>
        new Promise<number>((resolve, reject) => {
          audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
          audio.addEventListener('error', () => reject(new Error('cannot play')), { once: true });
          audio.preload = 'metadata';
          audio.load();
        }),
    );
    expect(seconds).toBeGreaterThan(2);
  }
});
