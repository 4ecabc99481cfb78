import { and, eq, gt, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { knownSignInIps, signInFailures, user } from '../db/schema';
import { tooManyRequests } from './errors';

// The per-account sign-in limit (docs/security.md). Everything lives in two tables that every
// server process shares (sign_in_failures, known_sign_in_ips); each change is one statement.

/** Failed sign-ins on one account before addresses it never used are held back. */
export const FAILURES_BEFORE_DELAY = 5;
/** The first hold, doubled at each further failure... */
export const FIRST_DELAY_SECONDS = 60;
/** ...up to this. */
export const MAX_DELAY_SECONDS = 60 * 60;
/** A failure count untouched this long starts again from zero. */
export const FAILURE_MEMORY_HOURS = 24;
/** An address that signed in to an account stays trusted for it this long after its last use. */
export const KNOWN_IP_DAYS = 180;

/** The 429's message: the same whether or not the e-mail has an account. */
export function accountDelayedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-ins on this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password by e-mail.`;
}

/** The failure count after one more attempt: it starts again when untouched for long. */
const nextCount = sql`case when ${signInFailures.lastFailureAt} < now() - make_interval(hours => ${FAILURE_MEMORY_HOURS})
  then 1 else ${signInFailures.failures} + 1 end`;

/** No hold below the threshold; then 1 min, 2, 4… up to the cap (the exponent is clamped so a
 * huge count cannot overflow). */
function holdUntil(failures: SQL) {
  return sql`case when ${failures} < ${FAILURES_BEFORE_DELAY} then null::timestamptz
    else now() + make_interval(secs => least(${MAX_DELAY_SECONDS}::float8,
      ${FIRST_DELAY_SECONDS}::float8 * power(2::float8, least(${failures} - ${FAILURES_BEFORE_DELAY}, 30)))) end`;
}

/** Counts this attempt against the account before the password is checked, so concurrent
 * guesses cannot slip past the limit together: one upsert, serialised on the account's row.
 * Refused (429, with Retry-After) while the account is held back, unless `ip` signed in to it
 * before. A refused attempt is not counted: it tested nothing. */
export async function admitSignIn(db: Db, email: string, ip: string): Promise<void> {
  const known = await db
    .select({ one: sql`1` })
    .from(knownSignInIps)
    .innerJoin(user, eq(user.id, knownSignInIps.userId))
    .where(
      and(
        eq(user.email, email),
        eq(knownSignInIps.ip, ip),
        gt(knownSignInIps.lastSeenAt, sql`now() - make_interval(days => ${KNOWN_IP_DAYS})`),
      ),
    );
  await countAttempt(db, email, known.length > 0, accountDelayedMessage);
}

/** The same hold for a second proof on a signed-in or half-signed-in account (a two-step code,
 * a password typed again), keyed `purpose:userId`. Every address counts: whoever is asking
 * already got past the password. Cleared by `passedAccountCheck`. */
export async function admitAccountCheck(db: Db, key: string): Promise<void> {
  await countAttempt(db, key, false, (retryAfter) => {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    return `Too many wrong attempts on this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  });
}

export async function passedAccountCheck(db: Db, key: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, key));
}

async function countAttempt(db: Db, key: string, isKnown: boolean, message: (retryAfter: number) => string) {
  // failures after this attempt: 1 when the row is new or its count is stale, else one more.
  const counted = await db
    .insert(signInFailures)
    .values({ email: key, failures: 1, lastFailureAt: sql`now()`, blockedUntil: holdUntil(sql`1`) })
    .onConflictDoUpdate({
      target: signInFailures.email,
      set: { failures: nextCount, lastFailureAt: sql`now()`, blockedUntil: holdUntil(nextCount) },
      setWhere: or(sql`${isKnown}`, isNull(signInFailures.blockedUntil), lte(signInFailures.blockedUntil, sql`now()`)),
    })
    .returning({ email: signInFailures.email });
  if (counted.length > 0) return;

  const [held] = await db
    .select({ retryAfter: sql<number>`ceil(extract(epoch from ${signInFailures.blockedUntil} - now()))::int` })
    .from(signInFailures)
    .where(eq(signInFailures.email, key));
  const retryAfter = Math.max(1, Number(held?.retryAfter ?? 1));
  const error = tooManyRequests(message(retryAfter));
  error.retryAfter = retryAfter;
  throw error;
}

/** A successful sign-in: the account's failure count starts again and `ip` is remembered. */
export async function signedIn(db: Db, userId: string, email: string, ip: string): Promise<void> {
  // One statement: the reset rides along as a data-modifying CTE.
  const reset = db.$with('reset').as(db.delete(signInFailures).where(eq(signInFailures.email, email)));
  await db
    .with(reset)
    .insert(knownSignInIps)
    .values({ userId, ip, lastSeenAt: sql`now()` })
    .onConflictDoUpdate({ target: [knownSignInIps.userId, knownSignInIps.ip], set: { lastSeenAt: sql`now()` } });
}

/** Trusts `ip` for this account from now on (a sign-in, or a completed password reset, which
 * proves the e-mail is theirs: the way back in for an owner on a network they never used). */
export async function rememberSignInIp(db: Db, userId: string, ip: string): Promise<void> {
  await db
    .insert(knownSignInIps)
    .values({ userId, ip, lastSeenAt: sql`now()` })
    .onConflictDoUpdate({ target: [knownSignInIps.userId, knownSignInIps.ip], set: { lastSeenAt: sql`now()` } });
}

/** Forgotten failures and addresses unused for long are useless; drop them now and then. */
export async function pruneSignInGuard(db: Db): Promise<void> {
  await db
    .delete(signInFailures)
    .where(
      and(
        lt(signInFailures.lastFailureAt, sql`now() - make_interval(hours => ${FAILURE_MEMORY_HOURS})`),
        or(isNull(signInFailures.blockedUntil), lt(signInFailures.blockedUntil, sql`now()`)),
      ),
    );
  await db
    .delete(knownSignInIps)
    .where(lt(knownSignInIps.lastSeenAt, sql`now() - make_interval(days => ${KNOWN_IP_DAYS})`));
}
