import { expect, test, type Page } from '@playwright/test';
import { appStarted, newMember, settled } from './fixtures';
import { memberRoutes, publicRoutes } from './routes';

// Reflow (WCAG 1.4.10): at 320 CSS px wide every public and member screen reads without
// scrolling sideways.
test.use({ viewport: { width: 320, height: 640 } });

/** The page's horizontal overflow, and the elements that stick out past the right edge. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const width = root.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && !el.closest('[hidden], .sr-only');
      })
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`,
      );
    return { scrollWidth: root.scrollWidth, clientWidth: width, wide };
  });
}

async function expectReflow(page: Page, paths: string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
    // Judge the screen with its content, not its loading placeholders.
    await settled(page);
    const { scrollWidth, clientWidth, wide } = await overflow(page);
    if (scrollWidth > clientWidth + 1)
      problems.push(`${path}: ${scrollWidth} px wide in ${clientWidth}: ${wide.join(', ')}`);
  }
  expect(problems, 'screens that scroll sideways at 320 px').toEqual([]);
}

test('public screens reflow at 320 px', async ({ page }) => {
  await page.goto('/');
  await appStarted(page);
  await expectReflow(page, await publicRoutes(page));
});

test('member screens reflow at 320 px', async ({ page }) => {
  await page.goto('/');
  await appStarted(page);
  const res = await page.request.post('/api/auth/register', {
    data: newMember('reflow'),
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  await expectReflow(page, await memberRoutes(page));
});

test('member cards clamp offers and asks to whole lines at 320 px', async ({ page }) => {
  await page.goto('/');
  await appStarted(page);
  const res = await page.request.post('/api/auth/register', {
    data: newMember('clamp'),
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  // Many members have sparse profiles (the demo's newcomers): the first page of the directory
  // with enough offers and asks to measure.
  for (let n = 1; n <= 25; n++) {
    await page.goto(`/community?page=${n}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    if ((await page.locator('article dl > div').count()) > 4) break;
  }
  await expect(page.locator('article', { hasText: 'Offering:' }).first()).toBeVisible();
  // Each clamp box is one or two whole lines tall, and every line of its text is either wholly
  // inside the box or wholly below it (hidden): none is cut through.
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('article dl > div')].flatMap((row) => {
      const box = row.getBoundingClientRect();
      const line = parseFloat(getComputedStyle(row).lineHeight);
      const lines = box.height / line;
      const range = document.createRange();
      range.selectNodeContents(row);
      const straddling = [...range.getClientRects()].filter(
        (r) => r.height > 0 && r.top < box.bottom - 0.5 && r.bottom > box.bottom + 0.5,
      );
      const whole = Math.abs(lines - Math.round(lines)) < 0.05 && Math.round(lines) <= 2;
      return whole && straddling.length === 0 ? [] : [`${row.textContent} (${lines.toFixed(2)} lines)`];
    }),
  );
  expect(await page.locator('article dl > div').count()).toBeGreaterThan(4);
  expect(cut, 'offers and asks lines cut through').toEqual([]);
});
