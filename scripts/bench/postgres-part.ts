import pino from 'pino';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/client';
import { createAuth } from '../../src/server/platform/auth';
import { createMailer } from '../../src/server/platform/mail';
import { onCleanup } from './cleanup';
import { postgresTarget, type DatabaseTarget, type Skipped } from './databases';
import type { MembersContext } from './members-cases';
import { BENCH_PASSWORD, addCredential } from './members-generate';
import { runPart, type BenchPart } from './part';
import { int, log, type PartReport } from './report';
import { BENCH_SESSION_SECRET, signIn, startAppServer, type ChildServer } from './servers';
import { settings } from './settings';

/** A member the frame gives a password and signs in through the server. */
export interface BenchMember {
  id: string;
  email: string;
}

/** What a part's measurements get from the frame. */
interface PartSetup<F, T extends DatabaseTarget = DatabaseTarget> {
  db: Db;
  target: T;
  /** What `generate` returned. */
  fixture: F;
  /** The real server (production mode) on the part's database. */
  server: ChildServer;
  /** Each signed-in member, in the order `signIn` gave them: the Cookie header the server set,
   * with what this process needs to look the same session up (the SQL ceilings' session lookup). */
  sessions: MembersContext[];
}

/** A part that runs on PostgreSQL only (door, forums, members, people to meet, reminders,
 * search), as the frame runs it in its stages:
 * 1. the database: it says so when BENCH_DATABASES leaves PostgreSQL out, makes or takes the
 *    part's database and opens it (which applies the migrations);
 * 2. the data: `generate` fills it, timed, and `describe` says what it made;
 * 3. the server: the real one as a child process on that database, with `serverEnv`;
 * 4. the sign-in: the members `signIn` names get the benchmark's password and sign in through
 *    POST /api/auth/sign-in (the per-address sign-in limit raised for them);
 * then `measure`. Whatever it does or throws, the server stops, the handle closes, the database
 * is released (a big one goes now, not at the end of the run) and the part's time is recorded; a
 * throw is the part's `failed`, with its cause (part.ts). */
interface PostgresPart<R extends PartReport, F, T extends DatabaseTarget> {
  enabled: boolean;
  /** As the header and messages say it ("people to meet"). */
  name: string;
  /** A fresh report, before anything is known. */
  report: () => R;
  databaseName: string;
  /** Another way to the database than a fresh one (search keeps its data set between runs). */
  target?: () => Promise<T | Skipped>;
  /** What `generate` makes, for the log (by default "the data set"; null: it logs its own). */
  plan?: string | null;
  generate: (db: Db, report: R, target: T) => Promise<F>;
  /** One line on what was generated, logged after the time it took (by default the fixture's
   * `counts`, when it has them). */
  describe?: (fixture: F) => string;
  serverEnv?: Record<string, string>;
  signIn?: (fixture: F) => BenchMember[];
  measure: (setup: PartSetup<F, T>, report: R) => Promise<void>;
  print: (report: R) => void;
  /** Beyond a failure (always broken): wrong answers, say. */
  broken?: (report: R) => boolean;
}

/** The part as bench.ts runs it, in the frame above. */
export function postgresPart<R extends PartReport, F, T extends DatabaseTarget = DatabaseTarget>(
  part: PostgresPart<R, F, T>,
): BenchPart<R> {
  return {
    enabled: part.enabled,
    run: () => runPostgresPart(part),
    print: part.print,
    broken: (report) => !!report.failed || !!part.broken?.(report),
  };
}

async function runPostgresPart<R extends PartReport, F, T extends DatabaseTarget>(
  part: PostgresPart<R, F, T>,
): Promise<R> {
  const name = part.name;
  const report = part.report();
  return runPart(name, report, async () => {
    log(`\n▶ ${name} (PostgreSQL only)`);
    if (settings.pglite) log(`  PGlite skipped: the ${name} target is for PostgreSQL.`);
    if (!settings.postgres) {
      report.skipped = `BENCH_DATABASES does not include postgres, and the ${name} part runs on PostgreSQL only`;
      log(`  skipped: ${report.skipped}`);
      return;
    }
    const target = await (part.target ?? (() => postgresTarget(part.databaseName) as Promise<T | Skipped>))();
    if ('skipped' in target) {
      report.skipped = target.skipped;
      log(`  skipped: ${target.skipped}`);
      return;
    }
    report.description = target.description;
    log(`  ${target.description}`);
    try {
      const database = await openDatabase(target.url);
      let closing: Promise<void> | null = null;
      const close = () => (closing ??= database.close());
      const forget = onCleanup(`${name} database handle`, close);
      try {
        await stages(database.db, target);
      } finally {
        await close();
        forget();
      }
    } finally {
      await target.release?.();
    }
  });

  async function stages(db: Db, target: T) {
    const started = performance.now();
    if (part.plan !== null) log(`  generating ${part.plan ?? 'the data set'}...`);
    const fixture = await part.generate(db, report, target);
    const seconds = (performance.now() - started) / 1000;
    const described = part.describe?.(fixture) ?? countsLine(fixture);
    log(`  data ready in ${seconds.toFixed(1)} s${described ? `: ${described}` : ''}`);
    const members = part.signIn?.(fixture) ?? [];
    for (const member of members) await addCredential(db, member.id);

    const env = { ...(members.length > 0 ? { AUTH_RATE_LIMIT: '100000' } : {}), ...part.serverEnv };
    log(`  starting the app server (child process${Object.keys(env).length ? `, ${envLine(env)}` : ''})...`);
    const server = await startAppServer(target.serverEnv, env);
    try {
      const sessions = await signInAll(db, server, members);
      if (members.length > 0) log(`  ${int(members.length)} signed in through POST /api/auth/sign-in`);
      await part.measure({ db, target, fixture, server, sessions }, report);
    } finally {
      await server.stop();
    }
  }
}

/** "100,000 members, 1,000,000 messages": the counts a generated fixture carries, if any. */
export function countsLine(fixture: unknown): string {
  const counts = (fixture as { counts?: Record<string, number> } | null)?.counts;
  return Object.entries(counts ?? {})
    .map(([name, n]) => `${int(n)} ${name}`)
    .join(', ');
}

const envLine = (env: Record<string, string>) =>
  Object.entries(env)
    .map(([key, value]) => `${key}=${value || "''"}`)
    .join(', ');

/** Signs each member in through the server, and sets up the same auth as the server's (same
 * secret, same cookie names) so that this process can look their sessions up. */
async function signInAll(db: Db, server: ChildServer, members: BenchMember[]): Promise<MembersContext[]> {
  if (members.length === 0) return [];
  const config = loadConfig({
    NODE_ENV: 'production',
    // The benchmarks' admin signs in with a password only.
    STAFF_TWO_FACTOR: 'recommended',
    PUBLIC_URL: server.url,
    SESSION_SECRET: BENCH_SESSION_SECRET,
    LOG_LEVEL: 'silent',
  });
  const auth = createAuth(db, config, createMailer(db, config, pino({ enabled: false })));
  const sessions: MembersContext[] = [];
  for (const member of members) {
    const cookie = await signIn(server.url, member.email, BENCH_PASSWORD);
    sessions.push({ db, config, auth, cookie, viewerId: member.id });
  }
  return sessions;
}
