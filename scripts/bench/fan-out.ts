import http from 'node:http';
import { summarize } from './stats';

// A notice's fan-out: from the moment something is written to the moment each of many open
// event streams has it. The forums part times a reply's notice on the app's GET /api/realtime;
// the live part does the same at 10,000 streams beside a bare node:http server's fan-out (its
// ceiling), with this same client.

export interface LiveResult {
  streams: number;
  rounds: number;
  /** Deliveries measured (streams x rounds) and those that never came within the wait. */
  delivered: number;
  missed: number;
  p50: number;
  p99: number;
  max: number;
}

interface Stream {
  /** Resolves the current round's wait with the arrival time. */
  waiting: ((at: number) => void) | null;
  close(): void;
}

/** What to open and what to wait for. */
export interface FanOut {
  /** The stream's address. */
  url: string;
  headers?: Record<string, string>;
  /** A frame holding these bytes is the notice being timed (heartbeats and others are not). */
  marker: string;
  /** Makes the notice happen (a write to the database, a request to the bare server). */
  trigger: (round: number) => Promise<void>;
}

function openStream(fanOut: FanOut, marker: Buffer, onOpen: () => void): Stream {
  const stream: Stream = { waiting: null, close: () => undefined };
  const req = http.get(fanOut.url, { headers: { ...fanOut.headers, accept: 'text/event-stream' }, agent: false });
  req.on('response', (res) => {
    let opened = false;
    // Frames are small: each arrives in one chunk, so the client's own cost per delivery stays a
    // byte search, not a parse (at 10,000 streams that cost is measured too).
    res.on('data', (chunk: Buffer) => {
      if (!opened) {
        opened = true;
        onOpen();
      }
      if (stream.waiting && chunk.includes(marker)) {
        const resolve = stream.waiting;
        stream.waiting = null;
        resolve(performance.now());
      }
    });
  });
  req.on('error', () => undefined);
  stream.close = () => req.destroy();
  return stream;
}

/** Opens `streams` event streams, then triggers `rounds` notices and times each stream's. */
export async function measureFanOut(fanOut: FanOut, streams = 1_000, rounds = 20): Promise<LiveResult> {
  const marker = Buffer.from(fanOut.marker);
  let opened = 0;
  let allOpen: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (allOpen = resolve));
  const open: Stream[] = [];
  for (let i = 0; i < streams; i++) {
    open.push(
      openStream(fanOut, marker, () => {
        if (++opened === streams) allOpen();
      }),
    );
    // Do not flood the accept queue all at once.
    if (i % 100 === 99) await new Promise((r) => setTimeout(r, 50));
  }
  const timeout = setTimeout(allOpen, 60_000);
  await ready;
  clearTimeout(timeout);
  if (opened < streams) throw new Error(`only ${opened} of ${streams} event streams opened`);

  const latencies: number[] = [];
  let missed = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      const arrivals = open.map(
        (s) =>
          new Promise<number | null>((resolve) => {
            const timer = setTimeout(() => {
              s.waiting = null;
              resolve(null);
            }, 5_000);
            s.waiting = (at) => {
              clearTimeout(timer);
              resolve(at);
            };
          }),
      );
      const written = performance.now();
      await fanOut.trigger(round);
      for (const at of await Promise.all(arrivals)) {
        if (at === null) missed++;
        else latencies.push(at - written);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    for (const s of open) s.close();
  }
  const { count, p50, p99, max } = summarize(latencies);
  return { streams, rounds, delivered: count, missed, p50, p99, max };
}
