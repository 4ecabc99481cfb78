// The one way the benchmark turns timings into percentiles, so every part's p50 and p99 mean the
// same thing. (autocannon's HTTP figures come from its own histogram: loadHttp reports them as
// they are.)

/** The nearest-rank percentile of ascending `sorted`: the smallest of the values that the share
 * `q` (0..1] of them do not exceed; 0 for none. */
export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.max(0, Math.ceil(sorted.length * q) - 1)] ?? 0;
}

export interface Latencies {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Count, p50, p95, p99 and max of `samples` (milliseconds, in any order; not changed). */
export function summarize(samples: readonly number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
  };
}
