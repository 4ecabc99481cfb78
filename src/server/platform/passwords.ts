import { hash, verify } from '@node-rs/argon2';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { unprocessable } from './errors';

// OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane.
// `Algorithm` is a const enum in the typings, which isolated modules cannot import; 2 is Argon2id.
const ARGON2ID = 2 as const;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS as Parameters<typeof hash>[1]);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false; // a malformed stored hash is a failed sign-in, not a crash
  }
}

/** zxcvbn's score runs from 0 to 4; 3 means about 10^8 guesses or more ("safely unguessable:
 * moderate protection from offline slow-hash scenarios"), which argon2id makes slow indeed. */
export const MIN_PASSWORD_SCORE = 3;

export const WEAK_PASSWORD = 'This password is too easy to guess.';
const DEFAULT_ADVICE = 'Try a passphrase of a few unrelated words.';

/** Whose password it is: the estimator counts these (and their parts) as known to an attacker. */
export interface PasswordOwner {
  email?: string | null;
  username?: string | null;
  fullName?: string | null;
}

/** Words of the site itself, as guessable as the member's own data. */
const SITE_WORDS = ['powermixer', 'power mixer'];

let estimator: Promise<ZxcvbnFactory> | undefined;

/** The estimator with its common-password and English dictionaries (several megabytes): built
 * once, on the first check, and never part of the web bundle (this module is server-only). */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    const translations = {
      ...en.translations,
      warnings: {
        ...en.translations.warnings,
        userInputs: 'It should not contain your e-mail address, username or name.',
      },
    };
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations,
    });
  })().catch((error: unknown) => {
    estimator = undefined; // try again on the next check rather than failing forever
    throw error;
  });
  return estimator;
}

/** The owner's data as zxcvbn user inputs: each value whole, its parts, and the name run together. */
function userInputs(owner: PasswordOwner): string[] {
  const inputs = new Set<string>(SITE_WORDS);
  const add = (value: string) => {
    const v = value.trim().toLowerCase();
    if (v.length < 3) return;
    inputs.add(v);
    const parts = v.split(/[^\p{L}\p{N}]+/u).filter((p) => p.length >= 3);
    for (const part of parts) inputs.add(part);
    if (parts.length > 1) inputs.add(parts.join(''));
  };
  for (const value of [owner.email, owner.email?.split('@')[0], owner.username, owner.fullName]) {
    if (value) add(value);
  }
  return [...inputs];
}

/** Why `password` is too easy to guess for this owner, in one sentence or three; null when it
 * is strong enough. Length rules are the caller's (8 for members, 6 for admin-made users). */
export async function passwordProblem(password: string, owner: PasswordOwner = {}): Promise<string | null> {
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password, userInputs(owner));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  return [WEAK_PASSWORD, warning, suggestions[0] ?? DEFAULT_ADVICE].filter(Boolean).join(' ');
}

/** Throws the 422 `WEAK_PASSWORD` error on the `password` field (or `field`), with the reason, when
 * `password` is too easy to guess. */
export async function assertStrongPassword(
  password: string,
  owner: PasswordOwner = {},
  field = 'password',
): Promise<void> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw unprocessable('WEAK_PASSWORD', problem, field);
}
