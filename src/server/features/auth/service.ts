import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account, profiles, session, user, verification } from '../../db/schema';
import { memberSummaryColumns, presentMemberSummary } from '../../platform/presenters';
import { conflict, isUniqueViolation } from '../../platform/errors';
import { assertStrongPassword, hashPassword, type PasswordOwner } from '../../platform/passwords';
import { USERNAME_TAKEN, type Me, type RegisterInput } from '../../../shared/auth';
import { ensureProfile } from '../members/profile-defaults';

/** Creates the auth user, its credential account and the profile row in one transaction:
 * either the member exists completely or not at all. */
export async function registerMember(db: Db, input: RegisterInput): Promise<string> {
  await assertStrongPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);
  const email = input.email.toLowerCase();
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(user).values({ id, name: input.fullName, email, emailVerified: false });
      await tx
        .insert(account)
        .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
      await tx.insert(profiles).values({ id, username: input.username, fullName: input.fullName });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'profiles_username_lower_idx'))
      throw conflict('USERNAME_TAKEN', USERNAME_TAKEN, 'username');
    if (isUniqueViolation(error, 'user_email_unique')) {
      throw conflict('EMAIL_TAKEN', 'User already exists. Use another email.', 'email');
    }
    throw error;
  }
  return id;
}

/** Whose password an unexpired reset token would set (for the strength check), or null. */
/** The account a live reset token belongs to; `deleted` when the token outlived its account
 * (an admin removed it after the link was sent); null for an unknown or expired token. */
export async function resetTokenOwner(
  db: Db,
  token: string,
): Promise<(PasswordOwner & { id: string }) | 'deleted' | null> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      username: profiles.username,
      fullName: sql<string | null>`coalesce(${profiles.fullName}, ${user.name})`,
    })
    .from(verification)
    .leftJoin(user, eq(user.id, verification.value))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  if (!row.id || !row.email) return 'deleted';
  return { id: row.id, email: row.email, username: row.username, fullName: row.fullName };
}

/** Everything the navigation needs in one query: the profile and both badge counts. */
export async function loadMe(db: Db, userId: string, email: string, staffTwoFactorRequired: boolean): Promise<Me> {
  const query = () =>
    db
      .select({
        ...memberSummaryColumns,
        email: user.email,
        isAdmin: profiles.isAdmin,
        passwordResetRequired: profiles.passwordResetRequired,
        unreadMessages: sql<number>`(select count(*)::int from messages m
          where m.recipient_id = ${profiles.id} and m.read_at is null and m.recipient_deleted_at is null)`,
        pendingRequests: sql<number>`(select count(*)::int from connections c
          where c.recipient_id = ${profiles.id} and c.status = 'pending')`,
        doorStaff: sql<boolean>`exists (select 1 from event_door_staff d where d.user_id = ${profiles.id})`,
        twoFactorEnabled: sql<boolean>`exists (select 1 from two_factor t
          where t.user_id = ${profiles.id} and t.confirmed_at is not null)`,
      })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, userId));
  let [row] = await query();
  if (!row) {
    await ensureProfile(db, userId, email);
    [row] = await query();
  }
  return {
    ...presentMemberSummary(row!),
    email: row!.email,
    isAdmin: row!.isAdmin,
    passwordResetRequired: row!.passwordResetRequired,
    twoFactorSetupRequired: staffTwoFactorRequired && (row!.isAdmin || row!.doorStaff) && !row!.twoFactorEnabled,
    twoFactorEnabled: row!.twoFactorEnabled,
    unreadMessages: Number(row!.unreadMessages),
    pendingRequests: Number(row!.pendingRequests),
  };
}

/** Ends one session by its token (a sign-in that still waits for its second step). */
export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(session).where(eq(session.token, token));
}
