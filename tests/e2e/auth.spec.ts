import { expect, test } from '@playwright/test';
import {
  appStarted,
  DEMO_ADMIN,
  expectNoAxeViolationsInBothThemes,
  newMember,
  register,
  signIn,
  signOut,
} from './fixtures';

test('register, sign out, sign in, reset the password through the mailbox, sign in with the new one', async ({
  page,
  browser,
}) => {
  const member = newMember('auth');
  await register(page, member);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: member.username })).toBeVisible();

  // Sign out from the dashboard.
  await page
    .getByRole('button', { name: /sign out/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page
    .getByRole('button', { name: /sign out/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);

  // Ask for a reset link.
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot your password/i }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: /reset|send/i }).click();
  await expect(page.getByText('Check your email for a link to reset your password.')).toBeVisible();

  // The admin reads it in the mailbox, in a browser of their own: asked to sign in first, then
  // brought back to the mailbox.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/dev/mailbox');
  await expect(admin).toHaveURL(/\/login$/);
  await admin.getByLabel('Email').fill(DEMO_ADMIN.email);
  await admin.getByLabel('Password').fill(DEMO_ADMIN.password);
  await admin.getByRole('button', { name: 'Sign In' }).click();
  await expect(admin).toHaveURL(/\/dev\/mailbox$/);
  await admin
    .getByRole('button', { name: /Reset your Power Mixer password/ })
    .first()
    .click();
  const link = admin.getByRole('link', { name: /\/new-password#token=/ }).first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toContain('/new-password#token=');
  await adminContext.close();
  await page.goto(href!);

  await page.getByLabel(/new password/i).fill('an even longer new password');
  await page.getByRole('button', { name: /update|set|save/i }).click();
  await expect(page.getByText('Password updated successfully! Redirecting to login...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  // The old password no longer works; the new one does.
  await signIn(page, member.email, member.password);
  await expect(page.getByRole('alert')).toContainText(/invalid/i);
  await signIn(page, member.email, 'an even longer new password');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the mailbox is the admin's: a visitor is asked to sign in, a member is sent home", async ({ page }) => {
  const member = newMember('nomail');
  await register(page, member);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dev/mailbox');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Developer mailbox' })).toHaveCount(0);
  expect((await page.request.get('/api/dev/mailbox')).status()).toBe(403);

  await signOut(page);
  await page.goto('/dev/mailbox');
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/dev/mailbox')).status()).toBe(401);
});

test('a reset link without a token says so', async ({ page }) => {
  await page.goto('/new-password');
  await expect(page.getByText('Invalid or missing access token.')).toBeVisible();
});

test('the theme toggle survives a reload and is applied before paint', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await appStarted(page);
  await expect(page.locator('html')).toHaveClass(/light/);
  await page
    .getByRole('button', { name: /switch to dark theme/i })
    .first()
    .click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  // A cookie, which the server writes into the page as <html class> (no script reads it).
  expect(await page.evaluate(() => document.cookie)).toMatch(/(?:^|; )theme=dark(?:;|$)/);

  // On reload the class is there before any module script runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { themeAtDomReady: string }).themeAtDomReady = document.documentElement.className;
    });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { themeAtDomReady: string }).themeAtDomReady)).toContain(
    'dark',
  );
  await expect(page.locator('html')).toHaveClass(/dark/);

  // Without the cookie, the system's theme, before any module script too.
  await page.context().clearCookies({ name: 'theme' });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { themeAtDomReady: string }).themeAtDomReady)).toBe('light');
});

test('a guarded route sends a visitor to sign in and back afterwards', async ({ page }) => {
  const member = newMember('guard');
  await register(page, member);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page
    .getByRole('button', { name: /sign out/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);

  // The query string proves the member comes back to this exact page, not the default.
  await page.goto('/dashboard?from=guard');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\?from=guard$/);
});

test('axe finds nothing on the sign-in screens in both themes', async ({ page }) => {
  for (const path of ['/', '/login', '/register', '/reset-password', '/new-password#token=abc']) {
    await page.goto(path);
    await page.locator('main h1').first().waitFor();
    await expectNoAxeViolationsInBothThemes(page, path);
  }
});
