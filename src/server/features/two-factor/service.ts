import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventDoorStaff, profiles, recoveryCodes, signInChallenges, twoFactor } from '../../db/schema';
import { conflict, HttpError, unprocessable } from '../../platform/errors';
import { qrPng } from '../../platform/qr-image';
import { signingKey } from '../../platform/signing-keys';
import { type TwoFactorSetup, type TwoFactorStatus } from '../../../shared/two-factor';
import {
  CHALLENGE_EXPIRED,
  CODE_ALREADY_USED,
  NO_SETUP_STARTED,
  TWO_FACTOR_ALREADY_ON,
  WRONG_CODE,
} from '../../../shared/two-factor-texts';
import { codeStep, newRecoveryCodes, newSecret, openSecret, otpauthUri, recoveryCodeHash, sealSecret } from './totp';

/** How long a right password waits for its second step, and how many codes it may try. */
export const CHALLENGE_MINUTES = 10;
export const CHALLENGE_ATTEMPTS = 5;

const secretKey = (db: Db) => signingKey(db, 'two-factor');

/** Whether two-step sign-in is on for the member (a confirmed secret). */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.confirmedAt)));
  return !!row;
}

/** Admins, and members who are door staff for an event (the rule `STAFF_TWO_FACTOR` applies to). */
export async function isStaff(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      isAdmin: profiles.isAdmin,
      door: sql<boolean>`exists (select 1 from ${eventDoorStaff} where ${eventDoorStaff.userId} = ${userId})`,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return !!row && (row.isAdmin || row.door);
}

export async function twoFactorStatusOf(db: Db, userId: string, staffRule: boolean): Promise<TwoFactorStatus> {
  const [row] = await db
    .select({
      confirmedAt: twoFactor.confirmedAt,
      left: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId})`,
    })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.confirmedAt)));
  return {
    enabled: !!row,
    enabledAt: row?.confirmedAt?.toISOString() ?? null,
    recoveryCodesLeft: row ? Number(row.left) : 0,
    required: staffRule && (await isStaff(db, userId)),
  };
}

/** A new secret waiting for its first code; one begun earlier and never confirmed is replaced. */
export async function startSetup(db: Db, userId: string, email: string): Promise<TwoFactorSetup> {
  const secret = newSecret();
  const sealed = sealSecret(secret, await secretKey(db));
  const written = await db
    .insert(twoFactor)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secret: sealed, createdAt: sql`now()`, lastUsedStep: null },
      setWhere: isNull(twoFactor.confirmedAt),
    })
    .returning({ userId: twoFactor.userId });
  if (written.length === 0) throw conflict('TWO_FACTOR_ON', TWO_FACTOR_ALREADY_ON);
  const uri = otpauthUri(secret, email);
  return { secret, uri, qrCode: `data:image/png;base64,${qrPng(uri, 5, 4).toString('base64')}` };
}

/** The first code from the app turns it on; the member gets their recovery codes once. */
export async function confirmSetup(db: Db, userId: string, code: string, now: Date): Promise<string[]> {
  const [pending] = await db
    .select({ secret: twoFactor.secret, confirmedAt: twoFactor.confirmedAt })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!pending) throw unprocessable('NO_SETUP', NO_SETUP_STARTED, 'code');
  if (pending.confirmedAt) throw conflict('TWO_FACTOR_ON', TWO_FACTOR_ALREADY_ON);
  const step = codeStep(openSecret(pending.secret, await secretKey(db)), code.replace(/\s/g, ''), now);
  if (step === null) throw unprocessable('WRONG_CODE', WRONG_CODE, 'code');
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    const confirmed = await tx
      .update(twoFactor)
      .set({ confirmedAt: now, lastUsedStep: step })
      .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.confirmedAt)))
      .returning({ userId: twoFactor.userId });
    if (confirmed.length === 0) throw conflict('TWO_FACTOR_ON', TWO_FACTOR_ALREADY_ON);
    await replaceRecoveryCodes(tx, userId, codes);
  });
  return codes;
}

async function replaceRecoveryCodes(tx: Pick<Db, 'delete' | 'insert'>, userId: string, codes: string[]) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
}

/** Ten new recovery codes; the earlier ones stop working. */
export async function renewRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  if (!(await hasTwoFactor(db, userId))) throw conflict('TWO_FACTOR_OFF', 'Two-step sign-in is off.');
  const codes = newRecoveryCodes();
  await db.transaction((tx) => replaceRecoveryCodes(tx, userId, codes));
  return codes;
}

/** Turns it off: the secret and the recovery codes go. Whether anything was on. */
export async function removeTwoFactor(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const removed = await tx
      .delete(twoFactor)
      .where(eq(twoFactor.userId, userId))
      .returning({ confirmedAt: twoFactor.confirmedAt });
    return removed.some((row) => row.confirmedAt !== null);
  });
}

/** A code at sign-in: six digits from the app, accepted once (each step, and any before it,
 * is spent by one conditional update, so two requests with one code cannot both pass), or an
 * unused recovery code, deleted as it is accepted. Refused with a 401 that says which. */
export async function spendCode(db: Db, userId: string, typed: string, now: Date): Promise<'app' | 'recovery'> {
  const digits = typed.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const [row] = await db
      .select({ secret: twoFactor.secret })
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.confirmedAt)));
    const step = row ? codeStep(openSecret(row.secret, await secretKey(db)), digits, now) : null;
    if (step === null) throw unauthorizedCode('WRONG_CODE', WRONG_CODE);
    const spent = await db
      .update(twoFactor)
      .set({ lastUsedStep: step })
      .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step))))
      .returning({ userId: twoFactor.userId });
    if (spent.length === 0) throw unauthorizedCode('CODE_ALREADY_USED', CODE_ALREADY_USED);
    return 'app';
  }
  const used = await db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryCodeHash(typed))))
    .returning({ userId: recoveryCodes.userId });
  if (used.length === 0) throw unauthorizedCode('WRONG_CODE', WRONG_CODE);
  return 'recovery';
}

const unauthorizedCode = (code: string, message: string) => new HttpError(401, code, message, { code: message });

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A right password on an account with two-step sign-in: the token the browser keeps (in a
 * cookie) until it sends a code. */
export async function openChallenge(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // Forgotten ones go here, on the way: only members with two-step sign-in make them.
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
  await db.insert(signInChallenges).values({
    tokenHash: digest(token),
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
  });
  return token;
}

/** The member a live challenge is for, counting one more attempt at it; a challenge past its
 * time or its attempts is refused (401): the member starts again with the password. */
export async function takeChallengeAttempt(db: Db, token: string | null, now: Date): Promise<string> {
  const expired = () => unauthorizedCode('CHALLENGE_EXPIRED', CHALLENGE_EXPIRED);
  if (!token) throw expired();
  const [row] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(
      and(
        eq(signInChallenges.tokenHash, digest(token)),
        gt(signInChallenges.expiresAt, now),
        lt(signInChallenges.attempts, CHALLENGE_ATTEMPTS),
      ),
    )
    .returning({ userId: signInChallenges.userId });
  if (!row) throw expired();
  return row.userId;
}

export async function closeChallenge(db: Db, token: string): Promise<void> {
  await db.delete(signInChallenges).where(eq(signInChallenges.tokenHash, digest(token)));
}
