import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { passkeys, profiles, user, webauthnChallenges } from '../../db/schema';
import { conflict, HttpError, notFound, unprocessable } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/errors';
import type { authenticationResponse, registrationResponse } from '../../../shared/passkeys';
import {
  PASSKEY_NOT_FOUND,
  PASSKEY_REFUSED,
  PASSKEY_TAKEN,
  PASSKEY_UNKNOWN,
  type PasskeySummary,
} from '../../../shared/passkey-texts';

/** How long the browser has to answer a challenge. */
export const CHALLENGE_MINUTES = 5;
const TIMEOUT_MS = CHALLENGE_MINUTES * 60_000;

/** The relying party is the address the product is served at (PUBLIC_URL): a passkey made for
 * it works only there, which is what makes it proof against look-alike sites. */
function relyingParty(config: Config) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const toBase64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromBase64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

async function storeChallenge(
  db: Db,
  challenge: string,
  purpose: 'register' | 'authenticate',
  userId: string | null,
  now: Date,
) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db
    .insert(webauthnChallenges)
    .values({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + TIMEOUT_MS) });
}

/** Takes a challenge handed out for this purpose (and member), unexpired: each answers once. */
function challengeTaker(db: Db, purpose: 'register' | 'authenticate', userId: string | null, now: Date) {
  return async (challenge: string) => {
    const taken = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          userId ? eq(webauthnChallenges.userId, userId) : isNull(webauthnChallenges.userId),
          gt(webauthnChallenges.expiresAt, now),
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    return taken.length > 0;
  };
}

const toSummary = (row: typeof passkeys.$inferSelect): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  synced: row.backedUp,
});

export async function listPasskeys(db: Db, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toSummary);
}

/** Options for the browser to make a passkey for the member: a discoverable credential (it
 * names the account, so signing in needs no e-mail), none they already have on it. */
export async function registrationOptions(db: Db, config: Config, userId: string, now: Date) {
  const [member] = await db
    .select({ email: user.email, fullName: profiles.fullName, username: profiles.username })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  const existing = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  const options = await generateRegistrationOptions({
    rpName: 'Power Mixer',
    rpID: relyingParty(config).rpID,
    userName: member!.email,
    userID: new TextEncoder().encode(userId),
    userDisplayName: member!.fullName?.trim() || member!.username || member!.email,
    attestationType: 'none',
    timeout: TIMEOUT_MS,
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: splitTransports(key.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, options.challenge, 'register', userId, now);
  return options;
}

const splitTransports = (text: string) => (text ? (text.split(',') as AuthenticatorTransport[]) : undefined);

/** Checks the browser's new credential against the challenge it was given and keeps it. */
export async function addPasskey(
  db: Db,
  config: Config,
  userId: string,
  credential: z.infer<typeof registrationResponse>,
  name: string,
  now: Date,
): Promise<PasskeySummary> {
  const { rpID, origin } = relyingParty(config);
  const result = await verifyRegistrationResponse({
    response: credential as RegistrationResponseJSON,
    expectedChallenge: challengeTaker(db, 'register', userId, now),
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified) throw unprocessable('PASSKEY_REFUSED', PASSKEY_REFUSED, 'credential');
  const { credential: made, credentialBackedUp } = result.registrationInfo;
  try {
    const [row] = await db
      .insert(passkeys)
      .values({
        id: made.id,
        userId,
        publicKey: toBase64url(made.publicKey),
        counter: made.counter,
        transports: (made.transports ?? []).join(','),
        backedUp: credentialBackedUp,
        name,
      })
      .returning();
    return toSummary(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('PASSKEY_TAKEN', PASSKEY_TAKEN);
    throw error;
  }
}

/** Removes one of the member's passkeys; its name, for the notice. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<string> {
  const [gone] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  if (!gone) throw notFound(PASSKEY_NOT_FOUND);
  return gone.name;
}

/** Options for the browser to sign with a passkey for this site: any it holds (signing in), or
 * only the signed-in member's (`userId`: proving it is them again). */
export async function authenticationOptions(db: Db, config: Config, now: Date, userId: string | null = null) {
  const allowed = userId
    ? await db
        .select({ id: passkeys.id, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
    : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: allowed.map((key) => ({ id: key.id, transports: splitTransports(key.transports) })),
  });
  await storeChallenge(db, options.challenge, 'authenticate', userId, now);
  return options;
}

/** The member a passkey's signature proves, after checking it against its challenge and its
 * stored key (and the signature count, where the authenticator keeps one). With `userId` (a
 * signed-in member proving it is them), only their own passkeys and challenges count, and
 * anything else is refused before anything is spent or written. */
export async function verifyPasskey(
  db: Db,
  config: Config,
  credential: z.infer<typeof authenticationResponse>,
  now: Date,
  userId: string | null = null,
): Promise<string> {
  const [key] = await db.select().from(passkeys).where(eq(passkeys.id, credential.id));
  if (!key || (userId && key.userId !== userId)) throw new HttpError(401, 'PASSKEY_UNKNOWN', PASSKEY_UNKNOWN);
  const { rpID, origin } = relyingParty(config);
  const result = await verifyAuthenticationResponse({
    response: credential as AuthenticationResponseJSON,
    expectedChallenge: challengeTaker(db, 'authenticate', userId, now),
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: key.id,
      publicKey: fromBase64url(key.publicKey),
      counter: key.counter,
      transports: splitTransports(key.transports),
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified) throw new HttpError(401, 'PASSKEY_REFUSED', PASSKEY_REFUSED);
  await db
    .update(passkeys)
    // Two sign-ins at once must not set the count back: the higher one stays.
    .set({ counter: sql`greatest(${passkeys.counter}, ${result.authenticationInfo.newCounter})`, lastUsedAt: now })
    .where(eq(passkeys.id, key.id));
  return key.userId;
}
