import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '../../../shared/two-factor-texts';

// The codes themselves: RFC 6238 time-based codes (six digits, 30 seconds, SHA-1, which every
// authenticator app reads) through otpauth, and the recovery codes. Nothing here touches the
// database; service.ts keeps what each code may still do.

const PERIOD_SECONDS = 30;
/** Codes from one step either side are taken too: a phone's clock a little off, or a code
 * typed as it turned over. */
const WINDOW = 1;

export const ISSUER = 'Power Mixer';

export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, email = '') {
  return new TOTP({ issuer: ISSUER, label: email, secret, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });
}

/** The `otpauth://` address the QR code holds. */
export function otpauthUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The 30-second step the code belongs to, or null when it is no code of this secret around
 * `now`. The caller refuses a step at or before the last one accepted. */
export function codeStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The secret as stored: AES-256-GCM under the install's key (iv, tag, text, base64url). */
export function sealSecret(secret: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const text = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64url');
}

export function openSecret(sealed: string, key: Buffer): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

// No 0/o, 1/l/i: a code copied from paper reads one way.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of two groups of five (about 49 bits each), as the member sees them. */
export function newRecoveryCodes(): string[] {
  const one = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = one();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** What is stored of a recovery code: typed with or without its dash, in any case. */
export function recoveryCodeHash(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normal).digest('base64url');
}
