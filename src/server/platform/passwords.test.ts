import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { WEAK_PASSWORD, assertStrongPassword, passwordProblem } from './passwords';

const owner = { email: 'jordan.lee@example.com', username: 'jlee_clt', fullName: 'Jordan Lee' };

describe('passwordProblem', () => {
  it.each([
    ['a common password with a substitution', 'passw0rd!'],
    ['one of the most common passwords', 'password123'],
    ['a keyboard row', 'qwertyuiop'],
    ['the e-mail itself', 'jordan.lee@example.com'],
    ['the e-mail in other letter case', 'Jordan.Lee@Example.com'],
    ['the username', 'jlee_clt'],
    ['the username with a digit', 'jlee_clt1'],
    ['the full name and a year', 'JordanLee2024'],
    ['the site name and a year', 'powermixer2026'],
  ])('refuses %s with one clear message', async (_label, password) => {
    const problem = await passwordProblem(password, owner);
    expect(problem).not.toBeNull();
    expect(problem!.startsWith(WEAK_PASSWORD)).toBe(true);
  });

  it("says why, in zxcvbn's words or ours", async () => {
    expect(await passwordProblem('passw0rd!', owner)).toMatch(/similar to a commonly used password/);
    expect(await passwordProblem('jlee_clt', owner)).toMatch(
      /should not contain your e-mail address, username or name/,
    );
  });

  it.each([
    'copper kettle on a windy porch',
    'correct horse battery',
    'violet river 42 lantern',
    'Tr0ub4dor&3-x',
    'xK9#mQ2$vLp',
    'jordan likes quiet blue harbors',
  ])('accepts a strong password: %s', async (password) => {
    expect(await passwordProblem(password, owner)).toBeNull();
  });

  it('works without knowing the owner (the admin creating a user passes what it has)', async () => {
    expect(await passwordProblem('passw0rd!')).not.toBeNull();
    expect(await passwordProblem('copper kettle on a windy porch')).toBeNull();
  });

  it('assertStrongPassword throws the 422 WEAK_PASSWORD error with the message', async () => {
    const error = await assertStrongPassword('jordan.lee@example.com', owner).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 422, code: 'WEAK_PASSWORD' });
    expect((error as HttpError).message).toMatch(/^This password is too easy to guess\./);
    await expect(assertStrongPassword('copper kettle on a windy porch', owner)).resolves.toBeUndefined();
  });
});
