import { openDatabase, type Db } from '../../src/server/db/client';
import { onCleanup } from './cleanup';
import { postgresTarget, type DatabaseTarget, type Skipped } from './databases';
import { settings } from './settings';

/** What every part's report carries besides its measurements. */
export interface PartReport {
  description: string;
  skipped?: string;
  failed?: string;
  seconds?: number;
}

const log = (line: string) => console.log(line);

/** The frame of a part that runs on PostgreSQL only (door, forums, members, people to meet,
 * reminders, search): it says so when BENCH_DATABASES leaves PostgreSQL out, makes or takes the
 * part's database and opens it (which applies the migrations), and whatever `run` does or throws,
 * closes it, releases the database (a big one goes now, not at the end of the run) and records
 * the part's time. A throw is the part's `failed`, with its cause. */
export async function postgresPart<T extends DatabaseTarget>(
  part: {
    /** As the header and messages say it ("people to meet"). */
    name: string;
    report: PartReport;
    databaseName: string;
    /** Another way to the database than a fresh one (search keeps its data set between runs). */
    target?: () => Promise<T | Skipped>;
  },
  run: (db: Db, target: T) => Promise<void>,
): Promise<void> {
  const { name, report } = part;
  const started = performance.now();
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
      await run(database.db, target);
    } finally {
      await close();
      forget();
    }
  } catch (err) {
    const cause = (err as Error & { cause?: Error }).cause;
    report.failed = `${(err as Error).stack ?? String(err)}${cause ? `\ncaused by: ${cause.message}` : ''}`;
    log(`  ${name} failed: ${report.failed}`);
  } finally {
    await target.release?.();
    report.seconds = (performance.now() - started) / 1000;
  }
}
