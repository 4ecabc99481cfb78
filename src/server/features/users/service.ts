import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { account, profiles, user } from '../../db/schema';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import { assertStrongPassword, hashPassword } from '../../platform/passwords';
import { removeImage } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import { USERNAME_TAKEN } from '../../../shared/auth';
import {
  DELETE_SELF,
  LAST_ADMIN,
  OWN_ADMIN_FLAG,
  USER_NOT_FOUND,
  USERS_PAGE_SIZE,
  type AdminUser,
  type AdminUserDetail,
  type AdminUsersQuery,
  type AdminUsersResponse,
  type CreateUserInput,
  type UpdateUserInput,
  type UserFlag,
  createUserInput,
  updateUserInput,
} from '../../../shared/users';
import { promoteWaitlisted } from '../events/registration';
import { containsPattern } from '../../db/query-values';

// Admin user management. The e-mail comes from the auth `user` table and appears in these
// answers only: no other answer of the product joins it.

type UserRow = {
  id: string;
  username: string;
  full_name: string | null;
  email: string;
  avatar_url: string | null;
  is_admin: boolean;
  is_sponsor: boolean;
  is_panelist: boolean;
  created_at: Date | string;
};

type DetailRow = UserRow & {
  company: string | null;
  position: string | null;
  website: string | null;
  bio: string | null;
  instagram_url: string | null;
  facebook_url: string | null;
  linkedin_url: string | null;
};

const toAdminUser = (r: UserRow): AdminUser => ({
  id: r.id,
  username: r.username,
  fullName: r.full_name,
  email: r.email,
  avatarUrl: r.avatar_url,
  isAdmin: r.is_admin,
  isSponsor: r.is_sponsor,
  isPanelist: r.is_panelist,
  createdAt: iso(r.created_at),
});

/** 10 per page, by username; `q` matches username or full name (contains, any case). */
export async function listUsers(db: Db, query: AdminUsersQuery): Promise<AdminUsersResponse> {
  const where = query.q
    ? sql`(lower(p.username) like ${containsPattern(query.q)} or lower(coalesce(p.full_name, '')) like ${containsPattern(query.q)})`
    : sql`true`;
  const offset = (query.page - 1) * USERS_PAGE_SIZE;
  const [page, count] = await Promise.all([
    db.execute<UserRow>(sql`select p.id, p.username, p.full_name, u.email, p.avatar_url, p.is_admin, p.is_sponsor,
        p.is_panelist, p.created_at
      from profiles p join "user" u on u.id = p.id
      where ${where}
      order by lower(p.username), p.id
      limit ${USERS_PAGE_SIZE} offset ${offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from profiles p where ${where}`),
  ]);
  return {
    users: page.rows.map(toAdminUser),
    total: Number(count.rows[0]!.n),
    page: query.page,
    pageSize: USERS_PAGE_SIZE,
  };
}

export async function findUser(db: Db, id: string): Promise<AdminUserDetail | null> {
  const result = await db.execute<Omit<DetailRow, 'email'>>(sql`select p.id, p.username, p.full_name,
      p.avatar_url, p.is_admin, p.is_sponsor, p.is_panelist, p.created_at, p.company, p.position,
      p.website, p.bio, p.instagram_url, p.facebook_url, p.linkedin_url
    from profiles p where p.id = ${id}`);
  const r = result.rows[0];
  if (!r) return null;
  const { email: _email, ...listed } = toAdminUser({ ...r, email: '' });
  return {
    ...listed,
    company: r.company,
    position: r.position,
    website: r.website,
    bio: r.bio,
    instagramUrl: r.instagram_url,
    facebookUrl: r.facebook_url,
    linkedinUrl: r.linkedin_url,
  };
}

/** The admin's own user list entry point: an account and its profile, in one transaction. */
export async function createUser(db: Db, raw: CreateUserInput): Promise<string> {
  const input = createUserInput.parse(raw);
  await assertStrongPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);
  const email = input.email.toLowerCase();
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(user).values({ id, name: input.fullName || input.username, email, emailVerified: false });
      await tx
        .insert(account)
        .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
      await tx.insert(profiles).values({
        id,
        username: input.username,
        fullName: input.fullName || null,
        isAdmin: input.isAdmin,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'profiles_username_lower_idx'))
      throw conflict('USERNAME_TAKEN', USERNAME_TAKEN, 'username');
    if (isUniqueViolation(error, 'user_email_unique')) {
      throw conflict('EMAIL_TAKEN', 'A user with this email already exists.', 'email');
    }
    throw error;
  }
  return id;
}

/** Writes every profile field; returns the values before the change (for the audit log). */
export async function updateUser(
  db: Db,
  id: string,
  raw: UpdateUserInput,
): Promise<{ before: AdminUserDetail; after: AdminUserDetail }> {
  const input = updateUserInput.parse(raw);
  const before = await findUser(db, id);
  if (!before) throw notFound(USER_NOT_FOUND);
  const orNull = (v: string) => (v === '' ? null : v);
  try {
    await db.execute(sql`update profiles set username = ${input.username}, full_name = ${orNull(input.fullName)},
      company = ${orNull(input.company)}, position = ${orNull(input.position)}, website = ${orNull(input.website)},
      bio = ${orNull(input.bio)}, instagram_url = ${orNull(input.instagramUrl)},
      facebook_url = ${orNull(input.facebookUrl)}, linkedin_url = ${orNull(input.linkedinUrl)},
      is_sponsor = ${input.isSponsor}, is_panelist = ${input.isPanelist}
      where id = ${id}`);
  } catch (error) {
    if (isUniqueViolation(error, 'profiles_username_lower_idx'))
      throw conflict('USERNAME_TAKEN', USERNAME_TAKEN, 'username');
    throw error;
  }
  return { before, after: (await findUser(db, id))! };
}

const FLAG_COLUMNS: Record<UserFlag, string> = {
  isAdmin: 'is_admin',
  isSponsor: 'is_sponsor',
  isPanelist: 'is_panelist',
};

/** Any number that names "the set of admins" for the transaction lock below. */
const ADMINS_LOCK = 7_201_001;

/**
 * Whether `id` is the only admin, asked under a transaction lock that every demotion and
 * deletion takes first: two admins demoting or deleting each other at once queue on it, and
 * the second sees the first's change, so the product always keeps an admin. (Row locks taken
 * in different orders could deadlock; one lock cannot.)
 */
async function lockAdmins(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMINS_LOCK})`);
}

async function isLastAdmin(tx: Db, id: string): Promise<boolean> {
  const admins = await tx.execute<{ id: string }>(sql`select id from profiles where is_admin limit 2`);
  return admins.rows.length <= 1 && admins.rows.some((r) => r.id === id);
}

/** Flips one flag at once. An admin keeps their own admin flag; the last admin stays one. */
export async function setUserFlag(
  db: Db,
  actorId: string,
  id: string,
  flag: UserFlag,
  value: boolean,
): Promise<{ before: boolean; user: AdminUserDetail }> {
  if (flag === 'isAdmin' && !value && id === actorId) throw forbidden(OWN_ADMIN_FLAG);
  const before = await db.transaction(async (tx) => {
    if (flag === 'isAdmin' && !value) await lockAdmins(tx);
    const found = await tx.execute<{ value: boolean }>(
      sql`select ${sql.raw(FLAG_COLUMNS[flag])} as value from profiles where id = ${id} for update`,
    );
    const row = found.rows[0];
    if (!row) throw notFound(USER_NOT_FOUND);
    if (flag === 'isAdmin' && !value && row.value && (await isLastAdmin(tx, id))) {
      throw conflict('LAST_ADMIN', LAST_ADMIN);
    }
    await tx.execute(sql`update profiles set ${sql.raw(FLAG_COLUMNS[flag])} = ${value} where id = ${id}`);
    return row.value;
  });
  return { before, user: (await findUser(db, id))! };
}

/**
 * Deletes a member for good: the auth user row goes, and with it (foreign keys) the sessions,
 * credential, profile, registrations, guests, connections, skills and messages sent to them.
 * Messages they sent and their forum posts and replies stay, their author set to null (shown as
 * a former member). Their avatar file is removed from storage after the rows are gone.
 */
export async function deleteUser(
  db: Db,
  storage: Storage,
  id: string,
  options: {
    actorId: string;
    self: boolean;
    onFileError?: (error: unknown) => void;
    /** Members who got a freed seat, told after the commit (their registration e-mail). */
    onPromoted?: (eventId: string, userIds: string[]) => void;
  },
): Promise<{ username: string }> {
  if (!options.self && id === options.actorId) throw forbidden(DELETE_SELF);
  const promotions: { eventId: string; userIds: string[] }[] = [];
  const removed = await db.transaction(async (tx) => {
    await lockAdmins(tx);
    const found = await tx.execute<{ username: string; is_admin: boolean; avatar_url: string | null }>(
      sql`select username, is_admin, avatar_url from profiles where id = ${id} for update`,
    );
    const row = found.rows[0];
    if (!row) throw notFound(USER_NOT_FOUND);
    if (row.is_admin && (await isLastAdmin(tx, id))) throw conflict('LAST_ADMIN', LAST_ADMIN);
    // The upcoming events where they hold seats (their own or their guests'), locked first as a
    // registration locks its event: the seats they free go to the waitlist, as on unregistering.
    const seated = await tx.execute<{ id: string; max_attendees: number | null }>(sql`select e.id, e.max_attendees
      from events e where e.status = 'upcoming' and (
        exists (select 1 from event_attendees a where a.event_id = e.id and a.user_id = ${id} and a.status = 'attending')
        or exists (select 1 from event_guests g where g.event_id = e.id and g.profile_id = ${id}))
      order by e.id for update of e`);
    // Messages the recipient already deleted on their side have no reader left once the
    // sender goes.
    await tx.execute(sql`delete from messages where sender_id = ${id} and recipient_deleted_at is not null`);
    await tx.execute(sql`delete from "user" where id = ${id}`);
    for (const event of seated.rows) {
      const userIds = await promoteWaitlisted(tx, event);
      if (userIds.length > 0) promotions.push({ eventId: event.id, userIds });
    }
    return row;
  });
  for (const { eventId, userIds } of promotions) options.onPromoted?.(eventId, userIds);
  const location = removed.avatar_url ? storage.locate(removed.avatar_url) : null;
  if (location && location.bucket === 'avatars') {
    // The account is gone either way; a file left behind is logged, not turned into a failure.
    await removeImage(storage, location.bucket, location.key).catch((err: unknown) => options.onFileError?.(err));
  }
  return { username: removed.username };
}
