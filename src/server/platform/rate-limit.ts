import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tooManyRequests } from './errors';
import { pruneSignInGuard } from './sign-in-guard';

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
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`);
  const row = result.rows[0]!;
  return { count: Number(row.count), retryAfter: Math.max(1, Number(row.retry_after)) };
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
  const result = await db.execute<{ n: number }>(sql`
    with gone as (delete from rate_limits where reset_at < now() - interval '1 hour' returning 1)
    select count(*)::int as n from gone`);
  await pruneSignInGuard(db);
  return Number(result.rows[0]!.n);
}
