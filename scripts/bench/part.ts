import { log, type PartReport } from './report';

// The frame every part of `npm run bench` runs in (scripts/bench.ts walks the list of them): a
// part is run, returns its report, prints it, and says whether it broke the run. The parts on
// PostgreSQL alone get more of the frame: their database, data set, server and signed-in
// members (postgres-part.ts).

export interface BenchPart<R extends PartReport = PartReport> {
  /** Chosen by BENCH_SUITES (settings.ts). */
  enabled: boolean;
  /** Runs the part; a throw inside is the report's `failed`, not the run's end. */
  run(): Promise<R>;
  /** Its tables for the terminal and its markdown for the documentation. */
  print(report: R): void;
  /** Something broke (a failure or wrong answers), as opposed to a missed target: the run's exit
   * code says so. */
  broken(report: R): boolean;
}

/** Runs `body` for the part's report, timing it; a throw is recorded as the part's `failed`,
 * with its cause, and the next part still runs. */
export async function runPart<R extends PartReport>(name: string, report: R, body: () => Promise<void>): Promise<R> {
  const started = performance.now();
  try {
    await body();
  } catch (err) {
    const cause = (err as Error & { cause?: Error }).cause;
    report.failed = `${(err as Error).stack ?? String(err)}${cause ? `\ncaused by: ${cause.message}` : ''}`;
    log(`  ${name} failed: ${report.failed}`);
  } finally {
    report.seconds = (performance.now() - started) / 1000;
  }
  return report;
}
