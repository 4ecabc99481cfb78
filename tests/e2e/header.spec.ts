import { expect, test, type Page } from '@playwright/test';
import { appStarted, DEMO_ADMIN, signIn } from './fixtures';

// The site header signed in as the admin, whose bar is the fullest (the Admin link, the message
// and request badges, the username): it fits every desktop width on one line, with the logo
// whole, and gives way to the menu below 1024 px, where the phone's bar fits too.

/** The header's layout: the logo word's line boxes and height, the logo mark's width, and what
 * sticks out of the bar's content box or overlaps its neighbour. */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const nav = document.querySelector<HTMLElement>('header nav')!;
    const style = getComputedStyle(nav);
    const box = nav.getBoundingClientRect();
    const left = box.left + parseFloat(style.paddingLeft);
    const right = box.right - parseFloat(style.paddingRight);
    const logo = nav.querySelector<HTMLAnchorElement>('a[href="/"]')!;
    const word = [...logo.querySelectorAll('span')].find((s) => s.textContent === 'Power Mixer')!;
    const shown = [...nav.children].filter(
      (el): el is HTMLElement => el instanceof HTMLElement && el.getClientRects().length > 0 && el.id !== 'mobile-menu',
    );
    const problems: string[] = [];
    shown.forEach((el, i) => {
      const r = el.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()}#${i}`;
      if (r.left < left - 0.5 || r.right > right + 0.5)
        problems.push(`${name} ${Math.round(r.left)}-${Math.round(r.right)} outside ${left}-${right}`);
      const next = shown[i + 1]?.getBoundingClientRect();
      if (next && next.left < r.right - 0.5) problems.push(`${name} overlaps the next (${r.right} > ${next.left})`);
      if (r.height > box.height) problems.push(`${name} is ${r.height} px tall in a ${box.height} px bar`);
    });
    return {
      wordLines: word.getClientRects().length,
      wordHeight: word.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(word).lineHeight),
      markWidth: logo.querySelector('svg')!.getBoundingClientRect().width,
      overflow: nav.scrollWidth - nav.clientWidth,
      pageOverflow: document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth,
      problems,
    };
  });
}

test('the admin’s header fits on one line at 1024, 1280 and 1440 px, and folds into the menu below', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).not.toHaveURL(/\/login/);
  const banner = page.getByRole('banner');
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/events', '/admin']) {
      await page.goto(path);
      const admin = banner.getByRole('link', { name: 'Admin', exact: true });
      await expect(admin, `${width} px ${path}`).toBeVisible();
      await expect(banner.getByRole('link', { name: /^Messages/ })).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Menu' })).toBeHidden();
      const layout = await headerLayout(page);
      const at = `${width} px ${path}`;
      expect(layout.wordLines, `${at}: the logo text's lines`).toBe(1);
      expect(layout.wordHeight, `${at}: the logo text's height`).toBeLessThanOrEqual(layout.lineHeight + 1);
      expect(layout.markWidth, `${at}: the logo mark keeps its size`).toBe(28);
      expect(layout.overflow, `${at}: the bar's overflow`).toBe(0);
      expect(layout.pageOverflow, `${at}: the page's overflow`).toBe(0);
      expect(layout.problems, at).toEqual([]);
    }
  }

  // Below 1024 px the links live in the menu, the Admin link too.
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto('/events');
  await appStarted(page);
  const menu = banner.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  expect((await headerLayout(page)).problems).toEqual([]);
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
  await menu.click();

  // On phones the bar fits too: the logo text on one line, or the mark alone below 375 px.
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/events');
    await appStarted(page);
    await expect(menu).toBeVisible();
    const layout = await headerLayout(page);
    expect(layout.wordLines, `${width} px: the logo text's lines`).toBe(1);
    expect(layout.wordHeight, `${width} px: the logo text's height`).toBeLessThanOrEqual(layout.lineHeight + 1);
    expect(layout.overflow, `${width} px: the bar's overflow`).toBe(0);
    expect(layout.problems, `${width} px`).toEqual([]);
  }
});
