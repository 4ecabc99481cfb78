import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { summarize } from './stats';

// A reply's live notice, from the moment it is written to the moment each of many open event
// streams (GET /api/realtime on one server process) has it.

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

function openStream(baseUrl: string, cookie: string, onOpen: () => void): Stream {
  const stream: Stream = { waiting: null, close: () => undefined };
  const req = http.get(`${baseUrl}/api/realtime`, { headers: { cookie, accept: 'text/event-stream' }, agent: false });
  req.on('response', (res) => {
    res.setEncoding('utf8');
    let buffer = '';
    let opened = false;
    res.on('data', (chunk: string) => {
      if (!opened) {
        opened = true;
        onOpen();
      }
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (message.includes('"forum-replies"') && stream.waiting) {
          const resolve = stream.waiting;
          stream.waiting = null;
          resolve(performance.now());
        }
      }
    });
  });
  req.on('error', () => undefined);
  stream.close = () => req.destroy();
  return stream;
}

/** Opens `streams` event streams, then writes `rounds` replies (straight into the database, as
 * any writer would) and times each stream's notice. */
export async function measureLiveFanOut(
  baseUrl: string,
  cookie: string,
  db: Db,
  target: { postId: string; authorId: string },
  streams = 1_000,
  rounds = 20,
): Promise<LiveResult> {
  let opened = 0;
  let allOpen: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (allOpen = resolve));
  const open: Stream[] = [];
  for (let i = 0; i < streams; i++) {
    open.push(
      openStream(baseUrl, cookie, () => {
        if (++opened === streams) allOpen();
      }),
    );
    // Do not flood the accept queue all at once.
    if (i % 100 === 99) await new Promise((r) => setTimeout(r, 50));
  }
  const timeout = setTimeout(allOpen, 30_000);
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
      await db.execute(sql`insert into forum_replies (post_id, author_id, content)
        values (${target.postId}, ${target.authorId}, ${`<p>Live round ${round}</p>`})`);
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
