import { expect, test } from '@playwright/test';
import { latestMail, memberPage, signIn } from './fixtures';

// The dashboard's "Where you are signed in": a member signed in from two browsers sees both,
// this one marked, and signs the other out from here; it is signed out at once.

test('a member sees their two browsers and signs the other one out', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, member } = await memberPage(browser, 'sessions');
  const phoneContext = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const phone = await phoneContext.newPage();
  await signIn(phone, member.email, member.password);
  await expect(phone).toHaveURL(/\/dashboard$/);
  // A browser the account was never signed in from: the member is told by e-mail, naming it.
  const notice = await latestMail(phone, member.email, /^New sign-in/);
  expect(notice?.text).toContain('Safari 18 on iOS 18.1');

  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Where you are signed in' });
  const items = section.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(section).toContainText('Safari 18 on iOS 18.1');
  await expect(section).toContainText('Active today');

  await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('This device');
  expect((await phone.request.get('/api/me')).ok()).toBe(true);
  expect(await (await phone.request.get('/api/me')).json()).toEqual({ user: null });
  await phoneContext.close();
  await page.context().close();
});
