import { expect, test, type Locator, type Page } from '@playwright/test';
import { appStarted, expectNoAxeViolationsInBothThemes, memberPage } from './fixtures';

// The one search (issue 21), on the demo data: the header's button and shortcuts, the
// quick-search dialog (a combobox over grouped hits), the results page and a forum's own search.

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search Power Mixer' });
const box = (page: Page) => dialog(page).getByRole('combobox', { name: 'Search' });
const listbox = (page: Page) => dialog(page).getByRole('listbox');
const group = (page: Page, name: string) => listbox(page).getByRole('group', { name });
const searchButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Search' });

/** Press `/` once the page (and so its shortcut) is there. */
async function pressSlash(page: Page) {
  await expect(searchButton(page)).toBeVisible();
  await page.keyboard.press('/');
  await expect(box(page)).toBeFocused();
}

/** The option the combobox points at (aria-activedescendant). */
async function activeOption(page: Page) {
  const id = await box(page).getAttribute('aria-activedescendant');
  expect(id, 'an active option').toBeTruthy();
  const option = page.locator(`[id="${id}"]`);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  return option;
}

/** Arrow down until the active option reads `text` (at most `limit` presses). */
async function arrowTo(page: Page, text: string, limit = 25) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('ArrowDown');
    if (((await (await activeOption(page)).textContent()) ?? '').includes(text)) return;
  }
  throw new Error(`no option reading "${text}"`);
}

test.describe('quick search', () => {
  test('"/" opens it, typing shows grouped results, announced; a visitor gets no forums but a sign-in link', async ({
    page,
  }) => {
    await page.goto('/');
    await appStarted(page);
    await expect(searchButton(page)).toBeVisible();
    await page.keyboard.press('/');
    await expect(dialog(page)).toBeVisible();
    await expect(box(page)).toBeFocused();
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.type('jordan');
    await expect(group(page, 'Members').getByRole('option', { name: /Jordan Lee/ })).toBeVisible();
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
    // The matched word is marked, as an element (not HTML from the server).
    await expect(group(page, 'Members').locator('mark').first()).toHaveText(/jordan/i);
    await expect(dialog(page).getByRole('status')).toHaveText(/^\d+ results?$/);
    await expect(listbox(page).getByRole('group', { name: 'Forum posts and replies' })).toHaveCount(0);
    const signIn = dialog(page).getByRole('link', { name: 'Sign in to search the forums too.' });
    await expect(signIn).toHaveAttribute('href', `/login?redirect_to=${encodeURIComponent('/search?q=jordan')}`);

    // Nothing found says so.
    await box(page).fill('zzqqxxnothing');
    await expect(dialog(page).getByRole('status')).toHaveText('No results for “zzqqxxnothing”');
    await expect(listbox(page)).toBeHidden();
  });

  test('a newer query cancels the older request, whose answer never shows', async ({ page }) => {
    await page.goto('/');
    await appStarted(page);
    // The first query's request is held at the browser until the second query has shown.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = /\/api\/search\?q=jordan&/;
    await page.route(first, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    const cancelled = page.waitForEvent('requestfailed', (request) => first.test(request.url()));
    await pressSlash(page);
    const sent = page.waitForRequest(first);
    await box(page).fill('jordan');
    await sent;
    await box(page).fill('south end');
    await expect(group(page, 'Podcasts').getByRole('option', { name: /South End Retail Closing/ })).toBeVisible();
    await cancelled;
    release();
    await expect(box(page)).toHaveValue('south end');
    await expect(listbox(page).getByRole('option', { name: /Jordan Lee/ })).toHaveCount(0);
  });

  test('"/" typed in a text field stays text', async ({ page }) => {
    await page.goto('/podcasts');
    await appStarted(page);
    const field = page.getByRole('searchbox', { name: /Search podcasts/ });
    await field.click();
    await page.keyboard.type('a/b');
    await expect(field).toHaveValue('a/b');
    await expect(dialog(page)).toHaveCount(0);
  });

  test('Ctrl+K opens it; Escape closes it and focus returns to the button', async ({ page }) => {
    await page.goto('/events');
    await appStarted(page);
    await expect(searchButton(page)).toBeVisible();
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);

    await searchButton(page).click();
    await expect(box(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(searchButton(page)).toBeFocused();
  });

  test('arrows move the active option (wrapping) and Enter opens the hit', async ({ page }) => {
    await page.goto('/');
    await appStarted(page);
    await pressSlash(page);
    await box(page).fill('jordan');
    await expect(group(page, 'Members').getByRole('option', { name: /Jordan Lee/ })).toBeVisible();
    // From none active, Up wraps to the last option: "See all results".
    await page.keyboard.press('ArrowUp');
    await expect(await activeOption(page)).toHaveText('See all results');
    await page.keyboard.press('ArrowDown');
    await expect(await activeOption(page)).not.toHaveText('See all results');
    await page.keyboard.press('End');
    await expect(await activeOption(page)).toHaveText('See all results');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowUp');
    await expect(await activeOption(page)).toHaveText('See all results');

    await arrowTo(page, 'Jordan Lee');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/user\/jordanlee$/);
    await expect(dialog(page)).toHaveCount(0);
  });

  test("a podcast hit opens the episode's own page", async ({ page }) => {
    await page.goto('/podcasts');
    await appStarted(page);
    await expect(searchButton(page)).toBeVisible();
    await page.keyboard.press('Control+k');
    await box(page).fill('referral machine');
    await expect(group(page, 'Podcasts').getByRole('option', { name: /Building a Referral Machine/ })).toBeVisible();
    await arrowTo(page, 'Building a Referral Machine');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/podcasts\/[0-9a-f-]+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Building a Referral Machine in Charlotte Real Estate' }),
    ).toBeVisible();
  });

  test('a podcast hit names its guests once', async ({ page }) => {
    await page.goto('/');
    await appStarted(page);
    await pressSlash(page);
    const guests = /Rebecca Lawson/g;
    // Found by a guest: the guests read in the snippet, marked, and not again below it.
    await box(page).fill('rebecca lawson');
    const byGuest = group(page, 'Podcasts').getByRole('option', { name: /Building a Referral Machine/ });
    await expect(byGuest).toBeVisible();
    await expect(byGuest.locator('mark').first()).toHaveText(/rebecca/i);
    expect(((await byGuest.textContent()) ?? '').match(guests)).toHaveLength(1);
    // Found by its title: the guests read once, in the line under the title.
    await box(page).fill('referral machine');
    const byTitle = group(page, 'Podcasts').getByRole('option', { name: /Building a Referral Machine/ });
    await expect(byTitle).toContainText('Rebecca Lawson, Jordan Lee');
    expect(((await byTitle.textContent()) ?? '').match(guests)).toHaveLength(1);
  });

  test('a snippet keeps a space between the blocks of an event page', async ({ page }) => {
    // A snippet: the line of a hit with its matched words marked (the title is another line).
    const snippets = (scope: Locator) => scope.locator('span:has(> mark)').filter({ hasText: /What to expect/ });
    const apart = /What to expect \d{1,2}:\d\d [AP]M: \S/;
    // Run together, the heading and list items read "expect7:30 AM: Coffee8:00 AM", "9 AM.What".
    const together = /expect\d|[a-z][.!?:][A-Z]|[a-z]\d{1,2}:\d\d/;
    await page.goto('/');
    await appStarted(page);
    await pressSlash(page);
    await box(page).fill('what to expect');
    const inDialog = snippets(group(page, 'Events')).first();
    await expect(inDialog).toHaveText(apart);
    await expect(inDialog).not.toHaveText(together);

    // The results page shows the same words apart.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=what\+to\+expect$/);
    const onPage = snippets(page.getByRole('main')).first();
    await expect(onPage).toHaveText(apart);
    await expect(onPage).not.toHaveText(together);
  });

  test('Enter with no active option opens the results page; the results page is axe-clean, the dialog too', async ({
    page,
  }) => {
    await page.goto('/');
    await appStarted(page);
    await pressSlash(page);
    await box(page).fill('south end');
    await expect(listbox(page).getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=south\+end$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “south end”');
    await expect(page).toHaveTitle(/Results for “south end”/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Podcasts' })).toBeVisible();
    await expect(main.getByRole('link', { name: /South End Retail Closing/ })).toBeVisible();
    await expect(main.getByRole('status').filter({ hasText: /results?$/ })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Sign in to search the forums too.' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Forum posts and replies' })).toHaveCount(0);
    await expectNoAxeViolationsInBothThemes(page, '/search?q=south end');

    // One type: the filter is in the URL.
    await main.getByRole('link', { name: 'Members', exact: true }).click();
    await expect(page).toHaveURL(/type=members/);
    await expect(main.getByRole('link', { name: 'Members', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(main.getByRole('link', { name: /Carlos Rivera/ })).toBeVisible();

    // A new query from the page's own form.
    await main.getByRole('searchbox', { name: 'Search' }).fill('nothingatallzzq');
    await main.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=nothingatallzzq/);
    await expect(main.getByText('No results for “nothingatallzzq”').first()).toBeVisible();

    await page.keyboard.press('Control+k');
    await box(page).fill('jordan');
    // The answer to these words, not the last query's dimmed while the new one loads.
    await expect(
      listbox(page)
        .getByRole('option', { name: /Jordan/ })
        .first(),
    ).toBeVisible();
    await expect(listbox(page)).not.toHaveAttribute('aria-busy', 'true');
    await expectNoAxeViolationsInBothThemes(page, 'quick search open');
  });
});

test.describe('members', () => {
  test('a member finds a forum post in the quick search and opens it', async ({ browser }) => {
    const { page } = await memberPage(browser, 'search');
    await page.goto('/forums');
    await expect(searchButton(page)).toBeVisible();
    await page.keyboard.press('Control+k');
    await box(page).fill('vacancies');
    const forums = group(page, 'Forum posts and replies');
    await expect(forums.getByRole('option', { name: /South End retail vacancies/ })).toBeVisible();
    await arrowTo(page, 'South End retail vacancies');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/forums\/[0-9a-f-]+\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('South End retail vacancies are creeping up');
    await page.context().close();
  });

  test("a forum's own search finds a reply within it, with q in the URL, and clears", async ({ browser }) => {
    const { page } = await memberPage(browser, 'forumsearch');
    await page.goto('/forums');
    await page.getByRole('link', { name: 'Charlotte Market Talk' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Charlotte Market Talk' })).toBeVisible();
    const field = page.getByRole('searchbox', { name: 'Search this forum' });
    await expect(field).toHaveAttribute('placeholder', 'Search this forum...');

    await field.fill('dock permits');
    await expect(page).toHaveURL(/\?q=dock\+permits$/);
    const hit = page.getByRole('main').getByRole('link', { name: /Lake Norman waterfront/ });
    await expect(hit).toBeVisible();
    await expect(hit.locator('mark').first()).toHaveText(/dock/i);

    // A post of another forum is not found here.
    await field.fill('instagram');
    await expect(page.getByRole('main').getByText('No results for “instagram”').first()).toBeVisible();

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).not.toHaveURL(/q=/);
    await expect(field).toHaveValue('');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'South End retail vacancies are creeping up' }),
    ).toBeVisible();

    // The reply's link lands on the reply in its post.
    await field.fill('dock permits');
    await expect(page).toHaveURL(/\?q=dock\+permits$/);
    await hit.click();
    await expect(page).toHaveURL(/\?reply=[0-9a-f-]+$/);
    const replyId = new URL(page.url()).searchParams.get('reply');
    await expect(page.locator(`[id="reply-${replyId}"]`)).toContainText('dock permits');
    await expect(page.locator(`[id="reply-${replyId}"]`)).toBeInViewport();
    await page.context().close();
  });
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  const noSidewaysScroll = async (page: Page) =>
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(320);

  test('the header shows the search button and the dialog fits', async ({ browser }) => {
    const { page } = await memberPage(browser, 'narrow');
    await page.goto('/dashboard');
    await expect(searchButton(page)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeInViewport({ ratio: 1 });
    await noSidewaysScroll(page);

    await searchButton(page).click();
    await box(page).fill('jordan');
    await expect(listbox(page).getByRole('option').first()).toBeVisible();
    const size = await dialog(page).boundingBox();
    expect(size!.x).toBeGreaterThanOrEqual(0);
    expect(size!.x + size!.width).toBeLessThanOrEqual(320);
    await noSidewaysScroll(page);
    await page.context().close();
  });
});
