import { eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';

/** A username made from the part of the e-mail before the @, made unique with a number. */
export async function availableUsername(db: Db, email: string): Promise<string> {
  const base =
    (email.split('@')[0] ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9_.-]/g, '')
      .slice(0, 24) || 'member';
  const padded = base.length >= 3 ? base : `${base}${'member'.slice(0, 3 - base.length)}`;
  const lowered = sql<string>`lower(${profiles.username})`;
  const taken = await db
    .select({ username: lowered })
    .from(profiles)
    .where(like(lowered, `${padded}%`));
  const names = new Set(taken.map((r) => r.username));
  if (!names.has(padded)) return padded;
  for (let n = 2; ; n++) if (!names.has(`${padded}${n}`)) return `${padded}${n}`;
}

/** The spec's rule for an account without a profile row: make one from the e-mail. */
export async function ensureProfile(db: Db, userId: string, email: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const username = await availableUsername(db, email);
    const inserted = await db
      .insert(profiles)
      .values({ id: userId, username })
      .onConflictDoNothing()
      .returning({ id: profiles.id });
    if (inserted.length > 0) return true;
    // Nothing inserted: either the profile exists now, or the username was just taken.
    const exists = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
    if (exists.length > 0) return false;
  }
  throw new Error('Could not create a profile');
}
