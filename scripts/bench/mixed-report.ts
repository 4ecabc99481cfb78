import type { MixedMeasurement } from './mixed';
import { int, markdown, ms, printTitle, share, text, type DatabaseReport, type Table } from './report';
import { settings } from './settings';

// The mixed part's table: one row per database, for the terminal and for the README.

function mixedTargetMet(m: MixedMeasurement): boolean {
  const w = m.writesWithReads;
  const reads = m.readsWithWrites;
  return (
    reads.rps >= settings.mixedTargetRatio * m.readsAlone.rps &&
    reads.non2xx + reads.errors === 0 &&
    w.p99 < settings.mixedWriteP99Ms &&
    w.staleField + w.staleList + w.checkFailed === 0 &&
    w.checked > 0
  );
}

function mixedTable(reports: DatabaseReport[]): Table {
  const headers = [
    'database',
    'reads/s alone',
    'reads/s with writes',
    'ratio (%)',
    'p99 ms alone',
    'p99 ms with writes',
    'writes/s alone',
    'writes/s with reads',
    'write p99 ms alone',
    'write p99 ms with reads',
    'failed writes (%)',
    'own reads checked (both runs)',
    'stale',
    'target met?',
  ];
  const rows = reports.flatMap(({ name, mixed: m }) => {
    if (!m) return [];
    const w = m.writesWithReads;
    const readsFailed = m.readsWithWrites.non2xx + m.readsWithWrites.errors + m.readsAlone.non2xx + m.readsAlone.errors;
    return [
      [
        name,
        int(m.readsAlone.rps),
        int(m.readsWithWrites.rps),
        share(m.readsWithWrites.rps, m.readsAlone.rps),
        ms(m.readsAlone.p99),
        ms(m.readsWithWrites.p99),
        int(m.writesAlone.writesPerSec),
        int(w.writesPerSec),
        ms(m.writesAlone.p99),
        ms(w.p99),
        `${share(w.failed, w.writes)}${w.errors ? ` (+${w.errors} errors)` : ''}`,
        int(w.checked + m.writesAlone.checked),
        // Both runs' own reads: the member must see their write with or without visitors around.
        `${w.staleField + w.staleList + m.writesAlone.staleField + m.writesAlone.staleList}${
          w.checkFailed + m.writesAlone.checkFailed ? ` (+${w.checkFailed + m.writesAlone.checkFailed} not 200)` : ''
        }`,
        mixedTargetMet(m) && readsFailed === 0 ? 'yes' : 'no',
      ],
    ];
  });
  return { headers, rows, right: headers.map((_, i) => i > 0 && i < 13) };
}

export function printMixedReport(reports: DatabaseReport[]) {
  const say = console.log;
  const measured = reports.filter((r) => r.mixed);
  const first = measured[0]?.mixed;
  const w = settings.mixedWriters;
  printTitle(
    `MIXED RESULTS  (${settings.connections} visitors reading, ${w} members writing, ${settings.duration} s per measurement)`,
  );
  const setup = first
    ? `GET /api/events/:id of "${first.fixture.eventName}" (${first.fixture.attendees} attendees + the ${w} writers) read by ${settings.connections} visitor connections (autocannon), alone, then while ${w} signed-in members switch their registration on it (PUT .../registration, attending and maybe in turn, one keep-alive connection each, every write timed, ${settings.mixedWriteRate > 0 ? `at ${settings.mixedWriteRate} writes/s in all (BENCH_MIXED_WRITE_RATE)` : 'as fast as they can'}). After every ${settings.mixedCheckEvery}th write the member reads the page and checks it shows their new status, in their registration and in the attendee list (stale must be 0).`
    : '';
  if (setup) say(setup);
  say(
    `Target: reads with writes >= ${100 * settings.mixedTargetRatio}% of reads alone, a write's p99 during the reads under ${settings.mixedWriteP99Ms} ms, no failed reads, no stale own read.\n`,
  );
  for (const report of reports) {
    if (report.skipped) say(`── ${report.name}: skipped: ${report.skipped}`);
    else if (!report.mixed) say(`── ${report.name}: not measured${report.failed ? ' (FAILED, see above)' : ''}`);
  }
  if (measured.length === 0) return;
  say(`\n${text(mixedTable(measured))}\n`);
  say(`── Markdown (for the README)\n`);
  say(`${setup} Measured with \`npm run bench\`, ${settings.duration} s per measurement.\n`);
  say(`${markdown(mixedTable(measured))}\n`);
}
