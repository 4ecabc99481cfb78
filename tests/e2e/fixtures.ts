import AxeBuilder from '@axe-core/playwright';
import { expect, request, type Page } from '@playwright/test';
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

/** axe finds nothing on the page as it is now (WCAG 2.1 AA rules). */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  // Judge the page as people read it: after loading placeholders have given way to content.
  await expect(page.locator('.animate-pulse, [aria-busy="true"]'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  // With a modal open the page behind it is inert, hidden from screen readers and dimmed by the
  // overlay: judge the dialog, as the user meets it (the page itself is judged without it).
  if ((await page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').count()) > 0) {
    axe.include('[role="dialog"], [role="alertdialog"]');
  }
  const results = await axe.analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Runs the axe check in both themes. */
export async function expectNoAxeViolationsInBothThemes(page: Page, label?: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      localStorage.setItem('theme', t);
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(t);
    }, theme);
    await expectNoAxeViolations(page, `${label ?? page.url()} (${theme})`);
  }
}

/** The newest mail to `to`, read from the mailbox API as the admin (it is theirs only), in a
 * context of its own so the page keeps its own session. */
export async function latestMail(page: Page, to: string) {
  const origin = new URL(page.url()).origin;
  const admin = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  try {
    const signedIn = await admin.post('/api/auth/sign-in', { data: DEMO_ADMIN });
    expect(signedIn.status(), 'the admin signs in to read the mailbox').toBe(200);
    const res = await admin.get('/api/dev/mailbox');
    expect(res.status()).toBe(200);
    const { messages } = (await res.json()) as { messages: { to: string; subject: string; text: string }[] };
    return messages.find((m) => m.to === to);
  } finally {
    await admin.dispose();
  }
}
