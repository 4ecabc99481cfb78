import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords';

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

export const COMMON_PASSWORD_MESSAGE = 'That password is too common. Please choose a less guessable one.';

/** True for passwords on the list of the most common ones (ignoring case and surrounding spaces). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
