import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes } from './fixtures';

// Issue 21: what does not exist answers 404 (search engines and link checkers see it as missing),
// and the person who followed the link still gets the designed not-found screen.

const missing = [
  { path: '/no-such-page', title: 'Page not found' },
  { path: '/events/00000000-0000-4000-8000-000000000000', title: 'Event Not Found' },
];

for (const { path, title } of missing) {
  test(`${path} answers 404 with the designed not-found screen`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toContain('text/html');
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    await expect(page.locator('main section').filter({ has: heading }).getByText('Error 404')).toBeVisible();
    // The way back is there, and the page tells crawlers to leave it out.
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectNoAxeViolationsInBothThemes(page, `${path} (404)`);
  });
}

test('a page that exists answers 200, and so does an event in the demo data', async ({ page, request }) => {
  const { events } = (await (await request.get('/api/events?pageSize=1')).json()) as { events: { id: string }[] };
  for (const path of ['/', '/events', `/events/${events[0]!.id}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('meta[name="robots"]'), path).toHaveCount(0);
  }
});
