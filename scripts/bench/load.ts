import { spawn } from 'node:child_process';
import type { Options, Request, Result } from 'autocannon';
import { settings } from './settings';
import { summarize } from './stats';

// The two ways of loading something: HTTP requests with autocannon (a route), and direct calls
// in a loop (the same SQL through the driver, i.e. the database's ceiling).

export interface HttpResult {
  /** Average requests per second (autocannon's per-second samples). */
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  total: number;
}

export interface CallResult {
  callsPerSec: number;
  p50: number;
  p99: number;
  total: number;
}

/** `path` is fixed, or a function of a running counter (to rotate over many ids). */
export type PathSpec = string | ((n: number) => string);

/** Headers for every request, or a rotation of them (several signed-in members, say). */
export type HeadersSpec = Record<string, string> | ((n: number) => Record<string, string>);

/** `rotation`: how many different requests a rotation walks (the search part's query list is
 * longer); `seconds`: how long the measurement runs, after the warm-up. */
export async function loadHttp(
  baseUrl: string,
  path: PathSpec,
  headersSpec?: HeadersSpec,
  rotation = settings.rotation,
  seconds = settings.duration,
): Promise<HttpResult> {
  const headersOf = (n: number) => (typeof headersSpec === 'function' ? headersSpec(n) : headersSpec);
  // A rotation becomes a fixed list that each connection walks in turn: autocannon builds each
  // request once, where a per-request setupRequest costs the load generator (on the same cores
  // as the server) a third of its rate.
  const requests: Request[] =
    typeof path === 'string' && typeof headersSpec !== 'function'
      ? [{ method: 'GET', path, headers: headersSpec }]
      : Array.from({ length: rotation }, (_, n) => ({
          method: 'GET',
          path: typeof path === 'string' ? path : path(n),
          headers: headersOf(n),
        }));
  const options = {
    url: baseUrl,
    connections: settings.connections,
    duration: seconds,
    timeout: 10,
    requests,
    ...(settings.warmup > 0 ? { warmup: { connections: settings.connections, duration: settings.warmup } } : {}),
  };
  const result = await inOwnProcess(options);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

// autocannon runs in a process of its own: on this process's thread, a collection of the heap
// the part built before (a data set's rows, the SQL ceiling's answers) paused the load generator
// and showed as the server's latency (p99 24-25 ms where a separate process measured 13-17 ms).
// (Not a worker thread: there autocannon hands back raw histograms for its own aggregation.)
const AUTOCANNON_PROCESS = `
const options = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
require('autocannon')(options, (error, r) => {
  if (error) { console.error(String(error)); process.exit(1); }
  process.stdout.write(JSON.stringify({ requests: r.requests, latency: r.latency, non2xx: r.non2xx,
    errors: r.errors, timeouts: r.timeouts }));
});
`;

function inOwnProcess(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', AUTOCANNON_PROCESS], {
      cwd: settings.root,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(JSON.parse(out) as Result);
      else reject(new Error(`autocannon exited with ${code}: ${err.slice(-500)}`));
    });
    child.stdin.end(JSON.stringify(options));
  });
}

/** Calls `call` from `settings.connections` concurrent workers for `settings.duration` seconds. */
export async function loadCalls(call: (n: number) => Promise<unknown>): Promise<CallResult> {
  if (settings.warmup > 0) await runWorkers(call, settings.warmup);
  const { latencies, seconds } = await runWorkers(call, settings.duration);
  const { count, p50, p99 } = summarize(latencies);
  return { callsPerSec: count / seconds, p50, p99, total: count };
}

async function runWorkers(call: (n: number) => Promise<unknown>, seconds: number) {
  const latencies: number[] = [];
  let counter = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      await call(counter++);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: settings.connections }, worker));
  // The last calls end after the deadline: divide by the time actually spent.
  return { latencies, seconds: (performance.now() - started) / 1000 };
}
