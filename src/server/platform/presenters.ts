import { sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { profiles } from '../db/schema';
import type { PersonSummary } from '../../shared/members';

// Presenters shared by several features: one function per resource turns its row into what the
// client gets, so a field added to the resource is added here once. A feature's own resources
// keep their presenter in the feature (forums/service.ts: presentForum).

/** profiles, or an alias of it. */
type ProfileLike = { id: PgColumn; username: PgColumn; fullName: PgColumn; avatarUrl: PgColumn };

/** The profile columns of a member summary, for the builder: `db.select({ ...memberSummaryColumns })`. */
export const memberSummaryColumns = {
  id: profiles.id,
  username: profiles.username,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
};

/** The same columns of an aliased profiles table (`alias(profiles, 'author')`). */
export function memberSummaryColumnsOf<T extends ProfileLike>(table: T): Pick<T, keyof ProfileLike> {
  return { id: table.id, username: table.username, fullName: table.fullName, avatarUrl: table.avatarUrl };
}

/** What a member summary is made of: the profile's own fields, as the builder returns them. */
export type MemberSummaryRow = Pick<typeof profiles.$inferSelect, 'id' | 'username' | 'fullName' | 'avatarUrl'>;

/** A member as every answer names them: id, username, full name and picture. Cards, profiles and
 * the admin's user rows start from it and add their own fields. */
export function presentMemberSummary(row: MemberSummaryRow): PersonSummary {
  return { id: row.id, username: row.username, fullName: row.fullName, avatarUrl: row.avatarUrl };
}

/** The member summary built inside SQL, for a json_agg or a json column (the same keys as
 * presentMemberSummary). `table` is profiles or an alias of it (`alias(profiles, 'p')`), or in a
 * raw statement the alias it is given there (`'p'` for `join profiles p`). */
export function memberSummaryJson(table: ProfileLike | string): SQL {
  const t = typeof table === 'string' ? alias(profiles, table) : table;
  return sql`json_build_object('id', ${t.id}, 'username', ${t.username}, 'fullName', ${t.fullName}, 'avatarUrl', ${t.avatarUrl})`;
}
