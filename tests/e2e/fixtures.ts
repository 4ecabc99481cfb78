import AxeBuilder from '@axe-core/playwright';
import { expect, request, type Browser, type Locator, type Page } from '@playwright/test';
import { E2E_DEMO_ADMIN, E2E_DEMO_MEMBER_PASSWORD } from './demo-logins';

// Shared steps for the journeys. The server under test is seeded with the demo content, with the
// passwords playwright.config.ts gives it (a real install draws random ones).

export const DEMO_ADMIN = E2E_DEMO_ADMIN;
export const DEMO_MEMBER_PASSWORD = E2E_DEMO_MEMBER_PASSWORD;

let counter = 0;
/** A new member's details, unique per run. */
export function newMember(prefix = 'e2e') {
  const tag = `${prefix}${Date.now().toString(36)}${++counter}`;
  return { email: `${tag}@example.com`, username: tag, fullName: `Test ${tag}`, password: 'a long test password' };
}

/** A new member, registered through the API, on a page of a fresh browser context of their own. */
export async function memberPage(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  const member = newMember(prefix);
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/auth/register', { data: member, headers: { origin } });
  expect(res.status(), 'the member registers').toBe(201);
  return { page, member };
}

export async function register(page: Page, member: ReturnType<typeof newMember>) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Full name').fill(member.fullName);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: /create account|register/i }).click();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signOut(page: Page) {
  await page.request.post('/api/auth/sign-out', { headers: { origin: new URL(page.url()).origin } });
}

/** Waits until the app has taken over the page, its screen included (web app/app-started.tsx).
 * A visitor's five public pages arrive rendered by the server (decision 045) and load the app's
 * code after the page: until then links work as links, a pressed button waits for the app, and a
 * shortcut or typed text does nothing. */
export async function appStarted(page: Page) {
  await page.locator('html[data-app]').waitFor({ state: 'attached', timeout: 15_000 });
}

/** Loading placeholders that give way to content by themselves: not those held until the visitor
 * scrolls near or does anything (WhenNear's fallback, `data-when-near="waiting"`), which no wait
 * would see go. */
export const LOADING_PLACEHOLDERS =
  '.animate-pulse:not([data-when-near="waiting"] *), [aria-busy="true"]:not([data-when-near="waiting"] *)';

/** Waits (up to 10 s) for the loading placeholders to give way to content; judged as is after. */
export async function settled(page: Page) {
  await expect(page.locator(LOADING_PLACEHOLDERS))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
}

/** axe finds nothing on the page as it is now (WCAG 2.1 AA rules). */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  // Judge the page as people read it: after loading placeholders have given way to content.
  await settled(page);
  // A page of one frame is checked by axe.run in the page itself (legacy mode): the same rules,
  // without the blank page the frame-by-frame mode opens for each check. A page with frames keeps
  // that mode, which reaches into them. axe already in the document (the other theme's check) is
  // not injected again.
  const oneFrame = page.frames().length === 1;
  const injected =
    oneFrame && (await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'));
  const axe = new AxeBuilder({ page, ...(injected ? { axeSource: ';' } : {}) }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
  ]);
  if (oneFrame) axe.setLegacyMode();
  // With a modal open the page behind it is inert, hidden from screen readers and dimmed by the
  // overlay: judge the dialog, as the user meets it (the page itself is judged without it).
  if ((await page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').count()) > 0) {
    axe.include('[role="dialog"], [role="alertdialog"]');
  }
  const violations = async () =>
    (await axe.analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  let summary = await violations();
  if (summary.length > 0) {
    // Judged again once the page has come to rest: a colour read mid-way through a dialog's
    // first paint after a theme switch failed once in CI (a heading in the All Attendees dialog,
    // dark text on white in the trace's frames). A real violation is there both times.
    await page.waitForTimeout(500);
    await settled(page);
    summary = await violations();
  }
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Runs the axe check in both themes. */
export async function expectNoAxeViolationsInBothThemes(page: Page, label?: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.cookie = `theme=${t}; Path=/`;
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(t);
    }, theme);
    await expectNoAxeViolations(page, `${label ?? page.url()} (${theme})`);
  }
}

/** The newest mail to `to`, read from the mailbox API as the admin (it is theirs only), in a
 * context of its own so the page keeps its own session. "New sign-in" notices (every fresh
 * browser context that signs in sends one) are passed over unless `subject` asks for them. The
 * reader signs in as one browser, so its own sign-ins tell the admin of it once. */
export async function latestMail(page: Page, to: string, subject?: RegExp) {
  const origin = new URL(page.url()).origin;
  const admin = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  try {
    const signedIn = await admin.post('/api/auth/sign-in', {
      data: DEMO_ADMIN,
      headers: { cookie: `pm_browser=${MAILBOX_READER_BROWSER}` },
    });
    expect(signedIn.status(), 'the admin signs in to read the mailbox').toBe(200);
    const res = await admin.get('/api/dev/mailbox');
    expect(res.status()).toBe(200);
    const { messages } = (await res.json()) as { messages: { to: string; subject: string; text: string }[] };
    return messages.find((m) => m.to === to && (subject ? subject.test(m.subject) : m.subject !== NEW_SIGN_IN));
  } finally {
    await admin.dispose();
  }
}
const MAILBOX_READER_BROWSER = 'e2e-mailbox-reader-browser-0000000000';
const NEW_SIGN_IN = 'New sign-in to your Power Mixer account';

/** WCAG relative luminance contrast of two CSS rgb() colours. */
export function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

export type FocusRing = {
  name: string;
  outlineStyle: string;
  outlineWidth: number;
  outlineColor: string;
  /** What the ring is seen against: the nearest painted background, or the edge drawn around it. */
  around: string;
};

/** The focused element's ring as drawn (its outline, or that of its ::after), or null when focus
 * rests on the page body. */
export async function focusRing(page: Page): Promise<FocusRing | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    // Any CSS colour (oklch included) as rgb(), through a canvas.
    const toRgb = (color: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d')!;
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      return `rgb(${r}, ${g}, ${b})`;
    };
    const style = getComputedStyle(el);
    // What the outline is drawn on: the nearest painted background around the element.
    let node: HTMLElement | null = el.parentElement;
    let around = 'rgb(255, 255, 255)';
    while (node) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg && bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') {
        around = bg;
        break;
      }
      node = node.parentElement;
    }
    // Some rings are drawn by ::after (rows, pictures); a dark edge around them counts as
    // what the ring is seen against.
    const after = getComputedStyle(el, '::after');
    const usesAfter = style.outlineStyle === 'none' && after.outlineStyle !== 'none';
    const outline = usesAfter ? after : style;
    const edge = usesAfter ? after.boxShadow.match(/rgba?\([^)]*\)/)?.[0] : undefined;
    if (edge) around = edge;
    return {
      name: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
      outlineStyle: outline.outlineStyle,
      outlineWidth: parseFloat(outline.outlineWidth),
      outlineColor: toRgb(outline.outlineColor),
      around: toRgb(around),
    };
  });
}

/** The ring shows: drawn, 2 px or more, with 3:1 contrast against what it is drawn on. */
export function expectVisibleRing(ring: FocusRing, label: string) {
  expect(ring.outlineStyle, label).not.toBe('none');
  expect(ring.outlineWidth, label).toBeGreaterThanOrEqual(2);
  expect(
    contrast(ring.outlineColor, ring.around),
    `${label}: ${ring.outlineColor} on ${ring.around}`,
  ).toBeGreaterThanOrEqual(3);
}

/** Keyboard focus is on `target` (found by role and name) and shows a visible ring. */
export async function expectFocusOn(page: Page, target: Locator, label = String(target)) {
  await expect(target, `focus on ${label}`).toBeFocused();
  // Judged once it has settled: right after a theme switch a colour may still be on its way
  // (a CI run measured the dark ring on the light page once). The last reading is asserted.
  let ring: FocusRing | null = null;
  await expect
    .poll(async () => {
      ring = await focusRing(page);
      return ring !== null && isVisibleRing(ring);
    })
    .toBe(true)
    .catch(() => undefined);
  expect(ring, `focus on ${label}, not the page body`).not.toBeNull();
  expectVisibleRing(ring!, label);
}

const isVisibleRing = (ring: FocusRing) =>
  ring.outlineStyle !== 'none' && ring.outlineWidth >= 2 && contrast(ring.outlineColor, ring.around) >= 3;
