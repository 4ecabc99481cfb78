// A server process for the tests that need a second (or third) one on PostgreSQL: the whole app
// on the given database, with a clock the test moves and jobs run when the test says so, over
// the IPC channel of child_process.fork. `test-hold` is a job that never finishes here when
// HOLD_JOBS=1 (the process is then killed holding it), and counts its runs otherwise.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { buildApp } from '../app';
import { manualClock } from '../platform/clock';

type Command = { type: 'clock'; at: string } | { type: 'tick' } | { type: 'close' };

const database = await openDatabase(process.env.WORKER_DATABASE_URL!);
const clock = manualClock(process.env.WORKER_CLOCK ?? new Date().toISOString());
const hold = process.env.HOLD_JOBS === '1';
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    JOBS_CHECK_MS: '3600000',
    ...JSON.parse(process.env.WORKER_ENV ?? '{}'),
  }),
  database,
  webRoot: null,
  clock,
  jobs: [
    {
      name: 'test-hold',
      run: async ({ db, payload }) => {
        if (hold) await new Promise(() => undefined);
        await db.execute(sql`insert into contact_messages (full_name, email, subject, message)
          values ('job', 'job@example.com', 'test-hold ran', ${String(payload?.mark ?? '')})`);
        return { ran: 1 };
      },
    },
  ],
});
await app.ready();
process.send!({ type: 'ready', worker: app.services.jobs.worker });

process.on('message', (command: Command) => {
  void (async () => {
    if (command.type === 'clock') {
      clock.set(command.at);
      process.send!({ type: 'done' });
    } else if (command.type === 'tick') {
      const runs = await app.services.jobs.tick();
      process.send!({ type: 'done', runs });
    } else {
      await app.close();
      await database.close();
      process.send!({ type: 'done' });
      process.exit(0);
    }
  })().catch((err: unknown) => process.send!({ type: 'error', message: String(err) }));
});
