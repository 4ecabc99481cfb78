import { count, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from './errors';
import { pruneSignInGuard } from './sign-in-guard';
import { pruneKnownBrowsers } from './known-browsers';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** Counts one attempt for `key` (an action plus the client's IP) in a fixed window kept in
 * the database, so every server process shares the count. One statement, no race. */
export async function hitRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
): Promise<{ count: number; retryAfter: number }> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${rule.windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfter: sql<number>`ceil(extract(epoch from ${rateLimits.resetAt} - now()))::int`,
    });
  return { count: row!.count, retryAfter: Math.max(1, Number(row!.retryAfter)) };
}

/** Throws 429 once `key` went over its limit. */
export async function enforceRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<void> {
  const { count, retryAfter } = await hitRateLimit(db, key, rule);
  if (count > rule.limit) {
    const error = tooManyRequests();
    error.retryAfter = retryAfter;
    throw error;
  }
}

/** Old windows are useless; drop them now and then (with the per-account sign-in records).
 * Answers how many windows went (platform/housekeeping.ts logs it). */
export async function pruneRateLimits(db: Db): Promise<number> {
  const gone = db.$with('gone').as(
    db
      .delete(rateLimits)
      .where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`))
      .returning({ key: rateLimits.key }),
  );
  const [pruned] = await db.with(gone).select({ n: count() }).from(gone);
  await pruneSignInGuard(db);
  await pruneKnownBrowsers(db);
  return pruned!.n;
}
