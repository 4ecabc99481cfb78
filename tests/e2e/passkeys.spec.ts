import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes, memberPage, signOut } from './fixtures';

// Passkeys with Chromium's virtual authenticator (the WebAuthn domain of the DevTools protocol):
// a member adds one on the dashboard, signs in with it instead of the password, and removes it.

/** A platform authenticator with a fingerprint that always matches, on this page's tab. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('a member adds a passkey, signs in with it, and removes it', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, member } = await memberPage(browser, 'passkey');
  await virtualAuthenticator(page);

  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toContainText('Passkey added:');
  const items = section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('not used yet');
  await expectNoAxeViolationsInBothThemes(page, 'dashboard passkeys');

  await signOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await (await page.request.get('/api/me')).json()).toMatchObject({ user: { email: member.email } });
  await expect(items.first()).toContainText('last used');

  await items
    .first()
    .getByRole('button', { name: /^Remove the passkey / })
    .click();
  await expect(items).toHaveCount(0);
  await signOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  // The authenticator still holds it; the site no longer knows it.
  await expect(page.getByRole('alert')).toHaveText(
    'This passkey is not registered here. Sign in with your email and password.',
  );
  await expect(page).toHaveURL(/\/login$/);
  await page.context().close();
});
