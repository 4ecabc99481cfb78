import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './web-client';
import { newMember, startTestFleet, type TestFleet } from './fleet-harness';

// Two server processes on PostgreSQL behind nginx (deploy/nginx/power-mixer.conf): what one
// process does, the other knows at once.

let t: TestFleet;
beforeAll(async () => {
  t = await startTestFleet();
}, 240_000);
afterAll(async () => t?.close(), 60_000);

async function upcomingEventId() {
  const visitor = t.client();
  const res = await visitor.get<{ events: { id: string; status: string }[] }>('/api/events?status=upcoming');
  expect(res.status).toBe(200);
  const event = res.body.events.find((e) => e.status === 'upcoming');
  expect(event, 'the demo has an upcoming event').toBeTruthy();
  return event!.id;
}

describe('a fleet of two processes behind nginx', () => {
  it('holds the sign-in rate limit across both processes, keyed by the address nginx saw', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // Alternating processes, each attempt claiming a different address of its own: nginx
      // overwrites X-Forwarded-For, so all of them count against the one real client.
      const client = t.client(i % 2 === 0 ? t.a : t.b, `203.0.113.${i + 1}`);
      const res = await client.post('/api/auth/sign-in', {
        email: `nobody${i}@example.com`,
        password: 'wrong password',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('raises the badge of a member connected to B when a message is sent through A', async () => {
    const sender = await newMember(t, t.a);
    const recipient = await newMember(t, t.b);
    const stream = await recipient.client.stream(t.b);
    try {
      const before = await recipient.client.get<{ user: { unreadMessages: number } }>('/api/me', t.b);
      expect(before.body.user.unreadMessages).toBe(0);
      const sent = await sender.client.post('/api/messages', {
        to: recipient.username,
        subject: 'Across the fleet',
        content: 'Sent through process A.',
      });
      expect(sent.status).toBe(201);
      await eventually(() => stream.notices.some((n) => n.kind === 'messages'), 'a messages notice on B', 5_000);
      const after = await recipient.client.get<{ user: { unreadMessages: number } }>('/api/me', t.b);
      expect(after.body.user.unreadMessages).toBe(1);
    } finally {
      await stream.close();
    }
  });

  it('raises the badge in a browser connected to B when a message is sent through A', async () => {
    const sender = await newMember(t, t.a);
    const recipient = await newMember(t, t.b);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    try {
      const context = await browser.newContext();
      await context.addCookies(recipient.client.cookieList(t.b));
      const page = await context.newPage();
      // The page's live stream is open on B before A sends.
      const streamOpen = page.waitForResponse((r) => r.url().endsWith('/api/realtime'), { timeout: 15_000 });
      await page.goto(`${t.b}/messages`);
      await streamOpen;
      expect(await page.getByText('unread messages').count()).toBe(0);
      const sent = await sender.client.post('/api/messages', {
        to: recipient.username,
        subject: 'Seen in the browser',
        content: 'Sent through process A.',
      });
      expect(sent.status).toBe(201);
      await page.getByText('1 unread messages').first().waitFor({ state: 'attached', timeout: 10_000 });
    } finally {
      await browser.close();
    }
  });

  it('tells a member reading a thread on B of a reply written through A, and B reads it at once', async () => {
    const writer = await newMember(t, t.a);
    const reader = await newMember(t, t.b);
    const forums = await reader.client.get<{ forums: { id: string }[] }>('/api/forums', t.b);
    const forumId = forums.body.forums[0]!.id;
    const posted = await writer.client.post<{ post: { id: string } }>(
      `/api/forums/${forumId}/posts`,
      { title: 'Across the fleet', content: '<p>Written through A.</p>' },
      t.a,
    );
    expect(posted.status).toBe(201);
    const replies = `/api/forums/${forumId}/posts/${posted.body.post.id}/replies`;
    const stream = await reader.client.stream(t.b);
    try {
      // The reader's copy of the thread is cached on B before the reply.
      expect((await reader.client.get<{ total: number }>(replies, t.b)).body.total).toBe(0);
      const reply = await reader.client.post(replies, { content: '<p>Read on B.</p>' }, t.a);
      expect(reply.status).toBe(201);
      await eventually(
        () => stream.notices.some((n) => n.kind === 'forum-replies'),
        'a forum-replies notice on B',
        5_000,
      );
      expect((await reader.client.get<{ total: number }>(replies, t.b)).body.total).toBe(1);
    } finally {
      await stream.close();
    }
  });

  it('shows a registration made through A to a read through B at once', async () => {
    const eventId = await upcomingEventId();
    const member = await newMember(t, t.a);
    const registered = await member.client.put(`/api/events/${eventId}/registration`, { status: 'attending' }, t.a);
    expect(registered.status).toBe(200);
    const read = await member.client.get<{ registration: { status: string } | null }>(`/api/events/${eventId}`, t.b);
    expect(read.status).toBe(200);
    expect(read.body.registration?.status).toBe('attending');
    const visitor = t.client(t.b);
    await eventually(
      async () => {
        const res = await visitor.get<{ attendees: { user: { username: string } }[] }>(
          `/api/events/${eventId}/attendees`,
        );
        return res.body.attendees.some((a) => a.user.username === member.username);
      },
      'the attendee list on B',
      2_000,
    );
  });

  it('refuses on B a session signed out on A', async () => {
    const member = await newMember(t, t.a);
    const stolen = member.client.copy();
    expect((await stolen.get('/api/messages', t.b)).status).toBe(200);
    const out = await member.client.post('/api/auth/sign-out', undefined, t.a);
    expect(out.status).toBeLessThan(300);
    expect((await stolen.get('/api/messages', t.b)).status).toBe(401);
    const me = await stolen.get<{ user: unknown }>('/api/me', t.b);
    expect(me.body.user).toBeNull();
  });

  it('refuses on B a session its member signed out from their session list on A', async () => {
    const member = await newMember(t, t.a);
    const phone = t.client(t.b, undefined, '127.0.9.9');
    expect((await phone.post('/api/auth/sign-in', { email: member.email, password: member.password })).status).toBe(
      200,
    );
    // Known to B's session cache first: the change stream must drop it there.
    expect((await phone.get('/api/messages', t.b)).status).toBe(200);
    const listed = await member.client.get<{ sessions: { id: string; current: boolean }[] }>('/api/me/sessions', t.a);
    expect(listed.body.sessions).toHaveLength(2);
    const other = listed.body.sessions.find((s) => !s.current)!;
    expect((await member.client.request('DELETE', `/api/me/sessions/${other.id}`, undefined, t.a)).status).toBe(200);
    expect((await phone.get('/api/messages', t.b)).status).toBe(401);
  });

  it('takes a large image upload through nginx (spilled to its temp folder) and serves the stored file', async () => {
    const member = await newMember(t, t.a);
    // Noise does not compress: a few megabytes, far past nginx's in-memory body buffer.
    const image = await sharp({
      create: {
        width: 1200,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expect(image.length).toBeGreaterThan(1024 * 1024);
    const res = await member.client.upload<{ avatarUrl: string }>('/api/me/avatar', image, 'image/png');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = await fetch(new URL(res.body.avatarUrl, t.url));
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toMatch(/^image\//);
  });

  it('passes live notices unbuffered and compresses what the app leaves uncompressed', async () => {
    const res = await fetch(`${t.url}/api/realtime`, { signal: AbortSignal.timeout(3_000) }).catch(() => null);
    expect(res?.headers.get('content-type')).toContain('text/event-stream');
    // The first line arrives at once: nginx does not hold it back in a buffer.
    const reader = res!.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('retry:');
    await reader.cancel();
    const docs = await fetch(`${t.url}/api/docs/json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(docs.headers.get('content-encoding')).toMatch(/gzip|br/);
    expect(docs.headers.get('server')).toBe('nginx');
  });

  it('restarts one process at a time under load without losing a request', async () => {
    const { recipient, stream } = await underLoad(() => t.fleet.rollingRestart());
    // The live stream was ended by the process that left, not cut off or left hanging; a new
    // one opens through the balancer.
    await eventually(() => stream.ended, 'the old stream ended', 5_000);
    const again = await recipient.client.stream(t.url);
    await again.close();
  }, 240_000);

  it('loses no request when a process gets SIGTERM with nobody taking it out of nginx first', async () => {
    // As an orchestrator stops a container: the process turns unready and drains, the readiness
    // watcher takes it out of the balancer, then it closes; back in once it is ready again.
    const port = t.fleet.processes[1]!.port;
    const isDown = () => t.upstreams().some((line) => line.includes(`:${port} `) && line.endsWith(' down;'));
    const { stream } = await underLoad(async () => {
      const exited = t.fleet.stopProcess(1, 'SIGTERM');
      // Taken out of nginx while it drains, before it stops listening.
      await eventually(isDown, 'the draining process marked down in nginx', 2_500);
      expect(t.fleet.processes[1]!.child.exitCode).toBeNull();
      expect(await exited).toBe(0);
      await t.fleet.startProcess(1);
      await eventually(() => !isDown(), 'the process back in nginx once ready', 5_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    });
    await stream.close();
    expect((await fetch(`${t.b}/api/ready`)).status).toBe(200);
  }, 240_000);
});

/** Reads and writes through the balancer from four workers while `during` runs; every request must
 * succeed, and every acknowledged write is stored once. */
async function underLoad(during: () => Promise<void>) {
  const sender = await newMember(t, t.url);
  const recipient = await newMember(t, t.url);
  const stream = await recipient.client.stream(t.url);
  const failures: string[] = [];
  let acknowledged = 0;
  let reads = 0;
  let running = true;
  const worker = async (n: number) => {
    let i = 0;
    while (running) {
      i++;
      if ((i + n) % 5 === 0) {
        const res = await sender.client
          .post('/api/messages', {
            to: recipient.username,
            subject: `Under load ${n}-${i}`,
            content: 'During a restart.',
          })
          .catch((e: Error) => ({ status: 0, body: e.message }));
        if (res.status === 201) acknowledged++;
        else failures.push(`POST ${res.status} ${JSON.stringify(res.body)}`);
      } else {
        const path = i % 2 ? '/api/events' : '/api/podcasts';
        const res = await t
          .client()
          .get(path)
          .catch((e: Error) => ({ status: 0, body: e.message }));
        if (res.status === 200) reads++;
        else failures.push(`GET ${path} ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
  };
  const workers = [0, 1, 2, 3].map(worker);
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await during();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  } finally {
    running = false;
    await Promise.all(workers);
  }
  expect(failures).toEqual([]);
  expect(reads).toBeGreaterThan(20);
  expect(acknowledged).toBeGreaterThan(5);
  const { rows } = await t.sql.query<{ n: string; distinct_subjects: string }>(
    `select count(*) as n, count(distinct subject) as distinct_subjects from messages m
       join profiles p on p.id = m.sender_id where p.username = $1`,
    [sender.username],
  );
  expect(Number(rows[0]!.n)).toBe(acknowledged);
  expect(Number(rows[0]!.distinct_subjects)).toBe(acknowledged);
  return { recipient, stream };
}
