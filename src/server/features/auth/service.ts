import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account, profiles, user } from '../../db/schema';
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
  const result = await db.execute<{
    id: string | null;
    email: string | null;
    username: string | null;
    full_name: string | null;
  }>(sql`
    select u.id, u.email, p.username, coalesce(p.full_name, u.name) as full_name
    from verification v left join "user" u on u.id = v.value left join profiles p on p.id = u.id
    where v.identifier = ${`reset-password:${token}`} and v.expires_at > now()
    limit 1`);
  const row = result.rows[0];
  if (!row) return null;
  if (!row.id || !row.email) return 'deleted';
  return { id: row.id, email: row.email, username: row.username, fullName: row.full_name };
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from ${profiles} where lower(username) = lower(${username}) limit 1`);
  return result.rows.length > 0;
}

type MeRow = {
  id: string;
  email: string;
  username: string;
  full_name: string | null;
  avatar_url: string | null;
  is_admin: boolean;
  password_reset_required: boolean;
  unread_messages: number;
  pending_requests: number;
};

/** Everything the navigation needs in one query: the profile and both badge counts. */
export async function loadMe(db: Db, userId: string, email: string): Promise<Me> {
  const query = () =>
    db.execute<MeRow>(sql`
      select p.id, u.email, p.username, p.full_name, p.avatar_url, p.is_admin, p.password_reset_required,
        (select count(*)::int from messages m
          where m.recipient_id = p.id and m.read_at is null and m.recipient_deleted_at is null) as unread_messages,
        (select count(*)::int from connections c
          where c.recipient_id = p.id and c.status = 'pending') as pending_requests
      from profiles p join "user" u on u.id = p.id
      where p.id = ${userId}`);
  let row = (await query()).rows[0];
  if (!row) {
    await ensureProfile(db, userId, email);
    row = (await query()).rows[0]!;
  }
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    fullName: row.full_name,
    avatarUrl: row.avatar_url,
    isAdmin: row.is_admin,
    passwordResetRequired: row.password_reset_required,
    unreadMessages: Number(row.unread_messages),
    pendingRequests: Number(row.pending_requests),
  };
}
