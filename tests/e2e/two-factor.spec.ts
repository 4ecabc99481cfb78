import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoAxeViolationsInBothThemes, memberPage, signIn, signOut } from './fixtures';

// Two-step sign-in from the dashboard, as a member does it with a phone: the code is computed
// here from the key the page shows, as an authenticator app would. Then signing in asks for a
// code after the password; a wrong one is refused on its field, a recovery code lets them in.

const codeFor = (key: string) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')), digits: 6, period: 30 }).generate();

test('a member turns on two-step sign-in and signs in with a second step', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, member } = await memberPage(browser, 'twofactor');
  await page.goto('/dashboard');

  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section).toContainText('a stolen password alone does not open your account');
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await section.getByLabel('Your password').fill('not the password');
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByLabel('Your password')).toHaveAccessibleDescription(/That password is not right/);
  await section.getByLabel('Your password').fill(member.password);
  await section.getByRole('button', { name: 'Continue' }).click();

  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await section.getByTestId('two-factor-key').textContent())!;
  expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolationsInBothThemes(page, 'two-step sign-in setup');

  await section.getByLabel('Code from the app').fill(codeFor(key));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!;
  await expect(section.getByRole('link', { name: 'Download codes' })).toHaveAttribute(
    'download',
    'power-mixer-recovery-codes.txt',
  );
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section).toContainText('10 of 10 recovery codes left');

  // Signing in again: the password, then a code.
  await signOut(page);
  await signIn(page, member.email, member.password);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in', level: 1 })).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Code', exact: true });
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(code).toHaveAccessibleDescription(/That code is not right/);
  await expectNoAxeViolationsInBothThemes(page, 'sign-in second step');
  // The app's code was spent turning it on within this half-minute: a recovery code instead.
  await code.fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText('9 of 10 recovery codes left');
  await page.context().close();
});
