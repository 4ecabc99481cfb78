import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles, user } from '../db/schema';
import { HttpError } from '../platform/errors';
import { registerMember } from '../features/auth/service';
import { registerInput, USERNAME_PATTERN } from '../../shared/auth';

// The first admin of a real install (`npm run admin:create`, or ADMIN_EMAIL and ADMIN_PASSWORD at
// start-up): a member made by the registration's own code, flagged admin in the same transaction.

export interface AdminInput {
  email: string;
  username: string;
  fullName: string;
  password: string;
}

export type AdminOutcome = { status: 'created' | 'promoted' | 'already-admin'; id: string; email: string };

/** A problem with the input (weak password, taken username, invalid e-mail): its message is for people. */
export class AdminSetupError extends Error {
  override name = 'AdminSetupError';
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The user with this e-mail (case-insensitive) and whether their profile is an admin, or null. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, isAdmin: profiles.isAdmin })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  return row ? { id: row.id, email: row.email, isAdmin: row.isAdmin ?? false } : null;
}

/** True when some profile is an admin. */
export async function hasAdmin(db: Db): Promise<boolean> {
  const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.isAdmin, true)).limit(1);
  return rows.length > 0;
}

/** Creates user, credential account and profile (through `registerMember`, with its checks: the
 * same e-mail, username and password rules as anyone registering) and makes the profile an admin,
 * all in one transaction. */
export async function createAdmin(db: Db, input: AdminInput): Promise<AdminOutcome> {
  const parsed = registerInput.safeParse(input);
  if (!parsed.success) throw new AdminSetupError(parsed.error.issues.map((i) => i.message).join('; '));
  try {
    const id = await db.transaction(async (tx: Tx) => {
      // The transaction is a Db for the registration's own (nested, savepoint) transaction.
      const id = await registerMember(tx as unknown as Db, parsed.data);
      await tx.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, id));
      return id;
    });
    return { status: 'created', id, email: parsed.data.email.toLowerCase() };
  } catch (error) {
    if (error instanceof HttpError) throw new AdminSetupError(error.message);
    throw error;
  }
}

/** Makes an existing member an admin. */
export async function promoteToAdmin(db: Db, email: string): Promise<AdminOutcome> {
  const found = await findUserByEmail(db, email);
  if (!found) throw new AdminSetupError(`No member has the e-mail ${email}.`);
  if (found.isAdmin) return { status: 'already-admin', id: found.id, email: found.email };
  const updated = await db
    .update(profiles)
    .set({ isAdmin: true })
    .where(eq(profiles.id, found.id))
    .returning({ id: profiles.id });
  if (updated.length === 0) throw new AdminSetupError(`${email} has no member profile yet; sign in once first.`);
  return { status: 'promoted', id: found.id, email: found.email };
}

/** A free username from an e-mail's local part ("jane.doe+x@…" → "jane.doe.x"), for the admin
 * made from the environment, who types none. */
export async function usernameFromEmail(db: Db, email: string): Promise<string> {
  const base =
    (email.split('@')[0] ?? '')
      .replace(/[^a-zA-Z0-9_.-]+/g, '.')
      .replace(/^[.-]+|[.-]+$/g, '')
      .slice(0, 24) || 'admin';
  const padded = base.length >= 3 ? base : `${base}admin`.slice(0, 24);
  for (let n = 0; n < 50; n++) {
    const candidate = n === 0 ? padded : `${padded}${n + 1}`;
    if (!USERNAME_PATTERN.test(candidate)) continue;
    const taken = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(sql`lower(${profiles.username}) = lower(${candidate})`)
      .limit(1);
    if (taken.length === 0) return candidate;
  }
  throw new AdminSetupError('Could not find a free username; run `npm run admin:create` and choose one.');
}

/** ADMIN_EMAIL and ADMIN_PASSWORD at start-up: the admin is created when no user has that
 * e-mail. An existing account is left as it is (its password may have changed since). */
export async function ensureAdminFromEnvironment(
  db: Db,
  env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string },
): Promise<AdminOutcome | { status: 'exists-not-admin'; id: string; email: string } | null> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = env;
  if (!email && !password) return null;
  if (!email || !password) throw new AdminSetupError('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither.');
  const existing = await findUserByEmail(db, email);
  if (existing) {
    return existing.isAdmin
      ? { status: 'already-admin', id: existing.id, email: existing.email }
      : { status: 'exists-not-admin', id: existing.id, email: existing.email };
  }
  const username = await usernameFromEmail(db, email);
  try {
    return await createAdmin(db, { email, username, fullName: 'Administrator', password });
  } catch (error) {
    if (error instanceof AdminSetupError) throw new AdminSetupError(`ADMIN_EMAIL/ADMIN_PASSWORD: ${error.message}`);
    throw error;
  }
}
