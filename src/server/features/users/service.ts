import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, exists, isNotNull, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { account, eventAttendees, eventGuests, events, messages, profiles, user } from '../../db/schema';
import { memberSummaryColumns, presentMemberSummary } from '../../platform/presenters';
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

const userColumns = {
  ...memberSummaryColumns,
  isAdmin: profiles.isAdmin,
  isSponsor: profiles.isSponsor,
  isPanelist: profiles.isPanelist,
  createdAt: profiles.createdAt,
};

const detailColumns = {
  ...userColumns,
  company: profiles.company,
  position: profiles.position,
  website: profiles.website,
  bio: profiles.bio,
  instagramUrl: profiles.instagramUrl,
  facebookUrl: profiles.facebookUrl,
  linkedinUrl: profiles.linkedinUrl,
};

type UserRow = Pick<typeof profiles.$inferSelect, keyof typeof userColumns> & { email: string };

const toAdminUser = (r: UserRow): AdminUser => ({
  ...presentMemberSummary(r),
  email: r.email,
  isAdmin: r.isAdmin,
  isSponsor: r.isSponsor,
  isPanelist: r.isPanelist,
  createdAt: iso(r.createdAt),
});

/** 10 per page, by username; `q` matches username or full name (contains, any case). */
export async function listUsers(db: Db, query: AdminUsersQuery): Promise<AdminUsersResponse> {
  // The same expressions as the trigram indexes on profiles.
  const where = query.q
    ? or(
        like(sql`lower(${profiles.username})`, containsPattern(query.q)),
        like(sql`lower(coalesce(${profiles.fullName}, ''))`, containsPattern(query.q)),
      )
    : undefined;
  const [page, [counted]] = await Promise.all([
    db
      .select({ ...userColumns, email: user.email })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(where)
      .orderBy(sql`lower(${profiles.username})`, asc(profiles.id))
      .limit(USERS_PAGE_SIZE)
      .offset((query.page - 1) * USERS_PAGE_SIZE),
    db.select({ n: count() }).from(profiles).where(where),
  ]);
  return {
    users: page.map(toAdminUser),
    total: counted!.n,
    page: query.page,
    pageSize: USERS_PAGE_SIZE,
  };
}

export async function findUser(db: Db, id: string): Promise<AdminUserDetail | null> {
  const [r] = await db
    .select({
      ...detailColumns,
      twoFactorEnabled: sql<boolean>`exists (select 1 from two_factor t
        where t.user_id = ${profiles.id} and t.confirmed_at is not null)`,
    })
    .from(profiles)
    .where(eq(profiles.id, id));
  if (!r) return null;
  const { email: _email, ...listed } = toAdminUser({ ...r, email: '' });
  return {
    ...listed,
    company: r.company,
    position: r.position,
    website: r.website,
    bio: r.bio,
    instagramUrl: r.instagramUrl,
    facebookUrl: r.facebookUrl,
    linkedinUrl: r.linkedinUrl,
    twoFactorEnabled: r.twoFactorEnabled,
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
    await db
      .update(profiles)
      .set({
        username: input.username,
        fullName: orNull(input.fullName),
        company: orNull(input.company),
        position: orNull(input.position),
        website: orNull(input.website),
        bio: orNull(input.bio),
        instagramUrl: orNull(input.instagramUrl),
        facebookUrl: orNull(input.facebookUrl),
        linkedinUrl: orNull(input.linkedinUrl),
        isSponsor: input.isSponsor,
        isPanelist: input.isPanelist,
      })
      .where(eq(profiles.id, id));
  } catch (error) {
    if (isUniqueViolation(error, 'profiles_username_lower_idx'))
      throw conflict('USERNAME_TAKEN', USERNAME_TAKEN, 'username');
    throw error;
  }
  return { before, after: (await findUser(db, id))! };
}

/** Any number that names "the set of admins" for the transaction lock below. */
const ADMINS_LOCK = 7_201_001;

/**
 * Whether `id` is the only admin, asked under a transaction lock that every demotion and
 * deletion takes first: two admins demoting or deleting each other at once queue on it, and
 * the second sees the first's change, so the product always keeps an admin. (Row locks taken
 * in different orders could deadlock; one lock cannot.)
 */
async function lockAdmins(tx: Db) {
  // Raw: an advisory lock is a function call, not a table the builder knows.
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMINS_LOCK})`);
}

async function isLastAdmin(tx: Db, id: string): Promise<boolean> {
  const admins = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.isAdmin, true)).limit(2);
  return admins.length <= 1 && admins.some((r) => r.id === id);
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
    const [row] = await tx.select({ value: profiles[flag] }).from(profiles).where(eq(profiles.id, id)).for('update');
    if (!row) throw notFound(USER_NOT_FOUND);
    if (flag === 'isAdmin' && !value && row.value && (await isLastAdmin(tx, id))) {
      throw conflict('LAST_ADMIN', LAST_ADMIN);
    }
    await tx
      .update(profiles)
      .set({ [flag]: value })
      .where(eq(profiles.id, id));
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
    const [row] = await tx
      .select({ username: profiles.username, isAdmin: profiles.isAdmin, avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, id))
      .for('update');
    if (!row) throw notFound(USER_NOT_FOUND);
    if (row.isAdmin && (await isLastAdmin(tx, id))) throw conflict('LAST_ADMIN', LAST_ADMIN);
    // The upcoming events where they hold seats (their own or their guests'), locked first as a
    // registration locks its event: the seats they free go to the waitlist, as on unregistering.
    const seated = await tx
      .select({ id: events.id, max_attendees: events.maxAttendees })
      .from(events)
      .where(
        and(
          eq(events.status, 'upcoming'),
          or(
            exists(
              tx
                .select({ one: sql`1` })
                .from(eventAttendees)
                .where(
                  and(
                    eq(eventAttendees.eventId, events.id),
                    eq(eventAttendees.userId, id),
                    eq(eventAttendees.status, 'attending'),
                  ),
                ),
            ),
            exists(
              tx
                .select({ one: sql`1` })
                .from(eventGuests)
                .where(and(eq(eventGuests.eventId, events.id), eq(eventGuests.profileId, id))),
            ),
          ),
        ),
      )
      .orderBy(asc(events.id))
      .for('update', { of: events });
    // Messages the recipient already deleted on their side have no reader left once the
    // sender goes.
    await tx.delete(messages).where(and(eq(messages.senderId, id), isNotNull(messages.recipientDeletedAt)));
    await tx.delete(user).where(eq(user.id, id));
    for (const event of seated) {
      const userIds = await promoteWaitlisted(tx, event);
      if (userIds.length > 0) promotions.push({ eventId: event.id, userIds });
    }
    return row;
  });
  for (const { eventId, userIds } of promotions) options.onPromoted?.(eventId, userIds);
  const location = removed.avatarUrl ? storage.locate(removed.avatarUrl) : null;
  if (location && location.bucket === 'avatars') {
    // The account is gone either way; a file left behind is logged, not turned into a failure.
    await removeImage(storage, location.bucket, location.key).catch((err: unknown) => options.onFileError?.(err));
  }
  return { username: removed.username };
}
