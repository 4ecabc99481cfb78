import autocannon, { type Request, type Result } from 'autocannon';
import { int, log, ms, share, type Table } from './report';
import { settings } from './settings';
import { percentile } from './stats';

// Visitors reading public pages without a break while the server does some other work (the
// reminders part's sweep, the announcements part's send): one autocannon run whose every
// response is kept with its time, so that "alone" and "during the work" are two windows of the
// same run, side by side, and the machine's other work (shared and noisy) weighs on both alike.

/** Reads over one window of a load run. */
export interface WindowResult {
  rps: number;
  p99: number;
  responses: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  seconds: number;
}

/** autocannon over `requests` (at settings.connections) for at most `seconds`, every response's
 * time and latency kept so that any window of the run can be counted afterwards. */
export function startReads(baseUrl: string, requests: Request[], seconds: number) {
  const at: number[] = [];
  const latency: number[] = [];
  const bad: number[] = [];
  const errors: number[] = [];
  const startedAt = Date.now();
  let resolve!: (result: Result) => void;
  let reject!: (err: Error) => void;
  const done = new Promise<Result>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  const instance = autocannon(
    { url: baseUrl, connections: settings.connections, duration: Math.ceil(seconds), timeout: 10, requests },
    (err, res) => (err ? reject(err) : resolve(res)),
  );
  instance.on('response', (_client, status, _bytes, responseTime) => {
    const now = Date.now();
    at.push(now);
    latency.push(responseTime);
    if (status < 200 || status >= 300) bad.push(now);
  });
  instance.on('reqError', () => errors.push(Date.now()));

  const inside = (list: number[], from: number, to: number) => list.filter((t) => t >= from && t < to).length;
  return {
    startedAt,
    done,
    stop: () => instance.stop(),
    window(from: number, to: number): WindowResult {
      const picked: number[] = [];
      for (let i = 0; i < at.length; i++) if (at[i]! >= from && at[i]! < to) picked.push(latency[i]!);
      picked.sort((a, b) => a - b);
      const seconds = Math.max(0.001, (to - from) / 1000);
      return {
        rps: picked.length / seconds,
        p99: percentile(picked, 0.99),
        responses: picked.length,
        non2xx: inside(bad, from, to),
        errors: inside(errors, from, to),
        seconds,
      };
    },
  };
}

/** The public event reads, in rounds walked in turn (each round a few paths): each distinct path
 * must answer 2xx once, then a first pass fills the caches and warms the server up (not counted). */
export async function warmReads(baseUrl: string, rounds: string[][]): Promise<Request[]> {
  const paths = rounds.flat();
  for (const path of new Set(paths)) {
    const res = await fetch(baseUrl + path);
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
    await res.arrayBuffer();
  }
  const requests: Request[] = paths.map((path) => ({ method: 'GET', path }));
  await startReads(baseUrl, requests, settings.warmup + 2).done;
  return requests;
}

/** One progress line for a window of reads; beside `alone`, its share of that window's rate. */
export function logWindow(label: string, reads: WindowResult, alone?: WindowResult): void {
  const beside = alone
    ? `  (${((100 * reads.rps) / alone.rps).toFixed(0)}% of alone, over ${reads.seconds.toFixed(2)} s)`
    : '';
  log(`    ${label.padEnd(90)} ${int(reads.rps).padStart(7)} req/s    p99 ${reads.p99.toFixed(1)} ms${beside}`);
}

/** A part's one-row table: its own columns (header: cell), the reads' (alone, during the work as
 * `during` says it, "while written"; their ratio, both p99s, the failed reads of both windows),
 * and whether the target was met: `why` it was not, failed reads added. */
export function readsTable(
  own: Record<string, string>,
  alone: WindowResult,
  reads: WindowResult,
  during: string,
  why: string[],
): Table {
  const failed = alone.non2xx + alone.errors + reads.non2xx + reads.errors;
  const missed = failed > 0 ? [...why, 'failed reads'] : why;
  const headers = [
    ...Object.keys(own),
    ...['reads/s alone', `reads/s ${during}`, 'ratio (%)', 'p99 ms alone', `p99 ms ${during}`, 'failed reads'],
    'target met?',
  ];
  const row = [
    ...Object.values(own),
    ...[int(alone.rps), int(reads.rps), share(reads.rps, alone.rps), ms(alone.p99), ms(reads.p99), int(failed)],
    missed.length ? `no (${missed.join(', ')})` : 'yes',
  ];
  return { headers, rows: [row], right: headers.map((_, i) => i < headers.length - 1) };
}
