import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobDefinition } from '../../platform/jobs';
import { describeFailure, isPermanentFailure, retryDelayMs, MAX_ATTEMPTS, type Mailer } from '../../platform/mail';
import { audience as audienceSchema } from '../../../shared/announcements';
import { listRecipientsBatch } from './audience';
import { announcementMail } from './emails';
import { SEND_NOW_JOB, findForMail, startSending } from './service';

// Sending announcements, on the job base (platform/jobs.ts). Each run starts the scheduled ones
// that are due, lists the recipients of those started (in batches, resting between them), then
// sends mails within the rate (MAIL_RATE_PER_MINUTE, counted over the last
// minute from the rows themselves, so every process agrees). A recipient is taken by one
// process at a time (`for update skip locked`) and marked `sending` before its mail leaves:
// a row a dead process left in `sending` may have been delivered, so it is marked failed
// ("may have arrived") and waits for the admin's retry rather than going out twice.

export const ANNOUNCEMENTS_JOB = 'announcements';
/** How often the job looks: a batch of at most the minute's rate each time (a row in the Jobs
 * view each, so not more often). */
const ANNOUNCEMENTS_EVERY_SECONDS = 60;
/** A run stops taking mails after this long (the next period's run goes on). */
const RUN_BUDGET_MS = 40_000;
// Members are listed ANNOUNCEMENT_LIST_BATCH (2,000) a statement: listing 100,000 in one held a
// core of PostgreSQL for about 6 s (four indexes and two foreign-key checks a row), and the
// public reads beside it fell to half on two cores.
/** After each batch the run rests this many times as long as the batch took: listing then holds
 * at most two fifths of a core, whatever the machine's speed. */
const LIST_REST_RATIO = 1.5;

export const INTERRUPTED =
  'The sending process stopped during this mail: it may have arrived, so it is not sent again by itself. Retry to send it again.';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

type Claimed = {
  user_id: string;
  email: string;
  attempts: number;
};

export interface SenderDeps {
  config: Config;
  mailer: Mailer;
  /** This process's name on the rows it holds (the job runner's). */
  worker: () => string;
}

// Raw (as this file): claims with `for update skip locked` in a sub-select, and counts over
// partial indexes, said as the comments above describe them; the builder cannot say the claim.

async function startDue(db: Db, deps: SenderDeps, now: Date) {
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from announcements where status = 'scheduled' and send_at <= ${ts(now)} order by send_at limit 20`,
  );
  let started = 0;
  for (const { id } of rows) {
    if (await startSending(db, id, now, async () => undefined)) started++;
  }
  return started;
}

/** The next batch of one announcement's recipients, with its cursor moved in the same
 * transaction; the row lock makes one process list it at a time (another skips it). Answers null
 * when another process holds it or nothing is left to list, else whether listing is done. */
export async function listNextBatch(db: Db, config: Config, id: string, now: Date) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ audience: unknown; listed_through: string | null }>(
      sql`select audience, listed_through from announcements
        where id = ${id}::uuid and status = 'sending' and listed_at is null for update skip locked`,
    );
    const row = rows[0];
    if (!row) return null;
    const batch = await listRecipientsBatch(
      tx,
      id,
      audienceSchema.parse(row.audience),
      config.SITE_TIMEZONE,
      row.listed_through,
      config.ANNOUNCEMENT_LIST_BATCH,
    );
    await tx.execute(sql`update announcements set recipient_count = coalesce(recipient_count, 0) + ${batch.listed},
        listed_through = ${batch.last ?? row.listed_through}, listed_at = ${batch.done ? ts(now) : null}
      where id = ${id}::uuid`);
    return batch.done;
  });
}

/** Lists the recipients of the announcements that started, a batch at a time with a rest after
 * each, until done or `until` (Date.now()); a later run goes on from the cursor. */
export async function listStarted(db: Db, deps: SenderDeps, now: Date, until: number) {
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from announcements where status = 'sending' and listed_at is null order by started_at, id`,
  );
  let batches = 0;
  for (const { id } of rows) {
    while (Date.now() < until) {
      const begun = performance.now();
      const done = await listNextBatch(db, deps.config, id, now);
      if (done === null) break;
      batches++;
      if (done) break;
      await sleep((performance.now() - begun) * LIST_REST_RATIO);
    }
  }
  return batches;
}

/** Rows a process left mid-mail when it died: failed, never sent again by themselves. */
async function failInterrupted(db: Db, now: Date) {
  const { rows } = await db.execute<{ n: string | number }>(
    sql`with stale as (
        update announcement_recipients set status = 'failed', last_error = ${INTERRUPTED},
          locked_by = null, locked_until = null
        where status = 'sending' and locked_until <= ${ts(now)}
        returning 1)
      select count(*) as n from stale`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Mails the whole fleet may still send in this run: the rate less what went out in the last
 * minute (one run a minute, so a batch a minute). */
async function quota(db: Db, config: Config, now: Date) {
  const { rows } = await db.execute<{ n: string | number }>(
    sql`select count(*) as n from announcement_recipients
      where sent_at is not null and sent_at > ${ts(new Date(now.getTime() - 60_000))}`,
  );
  return Math.max(0, config.MAIL_RATE_PER_MINUTE - Number(rows[0]?.n ?? 0));
}

async function claim(db: Db, announcementId: string, worker: string, now: Date, leaseMs: number) {
  const { rows } = await db.execute<Claimed>(
    sql`update announcement_recipients r set status = 'sending', attempts = r.attempts + 1,
        locked_by = ${worker}, locked_until = ${ts(new Date(now.getTime() + leaseMs))}
      from (select announcement_id, user_id from announcement_recipients
        where announcement_id = ${announcementId}::uuid and status = 'queued'
          and (next_attempt_at is null or next_attempt_at <= ${ts(now)})
        limit 1 for update skip locked) c
      where r.announcement_id = c.announcement_id and r.user_id = c.user_id
      returning r.user_id, r.email, r.attempts`,
  );
  return rows[0] ?? null;
}

/** Only the holder finishes a row: one whose lease ran out and was taken over changes nothing. */
async function settle(db: Db, announcementId: string, row: Claimed, worker: string, set: ReturnType<typeof sql>) {
  await db.execute(sql`update announcement_recipients set ${set}, locked_by = null, locked_until = null
    where announcement_id = ${announcementId}::uuid and user_id = ${row.user_id} and locked_by = ${worker}
      and status = 'sending'`);
}

/** An announcement with nobody left to send to is sent. */
async function finishDone(db: Db, now: Date) {
  await db.execute(sql`update announcements a set status = 'sent', finished_at = ${ts(now)}, updated_at = ${ts(now)}
    where a.status = 'sending' and a.listed_at is not null and not exists (
      select 1 from announcement_recipients r where r.announcement_id = a.id and r.status in ('queued', 'sending'))`);
}

export async function sendAnnouncements(db: Db, deps: SenderDeps, now: Date, log: FastifyBaseLogger) {
  const { config, mailer } = deps;
  const begun = Date.now();
  const started = await startDue(db, deps, now);
  const listed = await listStarted(db, deps, now, begun + RUN_BUDGET_MS);
  const interrupted = await failInterrupted(db, now);
  let allowed = await quota(db, config, now);
  const worker = deps.worker();
  let sent = 0;
  let failed = 0;
  let retrying = 0;
  const { rows: sending } = await db.execute<{ id: string }>(
    sql`select id from announcements where status = 'sending' order by started_at, id`,
  );
  for (const { id } of sending) {
    if (allowed <= 0) break;
    const content = await findForMail(db, id);
    while (allowed > 0 && Date.now() - begun < RUN_BUDGET_MS) {
      const row = await claim(db, id, worker, now, config.MAIL_CLAIM_LEASE_MS);
      if (!row) break;
      allowed--;
      try {
        await mailer.deliverNow(await announcementMail(db, config, content, { userId: row.user_id, email: row.email }));
        await settle(db, id, row, worker, sql`status = 'sent', sent_at = ${ts(now)}, last_error = null`);
        sent++;
      } catch (error) {
        const gaveUp = isPermanentFailure(error) || row.attempts >= MAX_ATTEMPTS;
        log[gaveUp ? 'error' : 'warn'](
          { err: error, announcementId: id, attempts: row.attempts },
          'announcement mail failed',
        );
        const next = new Date(now.getTime() + retryDelayMs(row.attempts, config.MAIL_RETRY_BASE_MS));
        await settle(
          db,
          id,
          row,
          worker,
          gaveUp
            ? sql`status = 'failed', last_error = ${describeFailure(error)}`
            : sql`status = 'queued', next_attempt_at = ${ts(next)}, last_error = ${describeFailure(error)}`,
        );
        if (gaveUp) failed++;
        else retrying++;
      }
    }
  }
  await finishDone(db, now);
  return { started, listed, interrupted, sent, failed, retrying };
}

/** The recurring run, and the one-off run a start asks for (the same work). */
export function announcementJobs(deps: SenderDeps): JobDefinition[] {
  const run: JobDefinition['run'] = ({ db, now, log }) => sendAnnouncements(db, deps, now, log);
  return [
    { name: ANNOUNCEMENTS_JOB, everySeconds: ANNOUNCEMENTS_EVERY_SECONDS, run },
    { name: SEND_NOW_JOB, run },
  ];
}
