import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/** Waits until the server's first job pass has run `job` and nothing is running: the first pass
 * on a generated data set (reminders due, morning-after mails for yesterday's events) is work a
 * measurement taken beside it would count as its own. */
export async function jobsIdle(db: Db, job: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const result = await db.execute<{ running: number; done: number }>(sql`select
      (count(*) filter (where status = 'running'))::int as running,
      (count(*) filter (where name = ${job} and status = 'done'))::int as done from jobs`);
    const { running, done } = result.rows[0]!;
    if (Number(running) === 0 && Number(done) > 0) return;
    if (Date.now() > deadline) throw new Error(`the server ran no ${job} job within 60 s of starting`);
    await sleep(100);
  }
}
