import path from 'node:path';
import fc from 'fast-check';
import { eq, not, sql } from 'drizzle-orm';
import { profiles, user } from './db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './setup/seed/seed';
import { localStorage } from './platform/storage';
import { ORIGIN, createTestContext, nextIp, type TestContext } from './test/harness';
import {
  A_UUID,
  bodyVariants,
  documentedOperations,
  sample,
  type DocumentedOperation,
  type Schema,
} from './test/openapi';

// Malformed and hostile requests for every operation of the OpenAPI document, as a visitor, a
// member and an admin, against the demo content (so ids in paths find real rows and handlers run
// past their lookups). A request fails the test when it gets a 5xx, takes longer than SLOW_MS,
// is refused (4xx) after the database announced a change (every table's triggers report each
// committed write: db/change-triggers.ts), or answers a status the document does not list for
// that operation (docs/errors.md). Nothing is named: a route added later is fuzzed the day it is
// documented.
//
// fast-check draws the values (wrong types, hostile strings, extra and missing fields) from a
// fixed seed, so a failure repeats; FUZZ_SEED and FUZZ_RUNS explore further. Its `sample` is used
// rather than `assert`: the requests change the database, so shrinking a failure by replaying
// smaller ones would not reproduce it; each failure is reported with the request that caused it.
// Beside the drawn values, every operation gets the fixed list of malformed bodies, paths and
// headers below.

const SEED = Number(process.env.FUZZ_SEED ?? 24);
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SLOW_MS = 5_000;
const HANG_MS = 20_000;
const ADMIN = { email: 'fuzz.admin@example.com', password: 'fuzz admin password 24' };
const MEMBER_PASSWORD = 'fuzz member password 24';

type Role = 'visitor' | 'member' | 'admin';

interface Probe {
  label: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

let ctx: TestContext;
const cookies: Record<Exclude<Role, 'visitor'>, string> = { member: '', admin: '' };
let memberEmail = '';
let memberOffset = 0;
/** Table names announced since the last reset, from the database's own change notices. */
let announced: string[] = [];
/** Real ids by the path segment before the parameter (`events` → event ids). */
const idsBySegment = new Map<string, string[]>();

async function signIn(email: string, password: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: nextIp(),
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const set = res.headers['set-cookie'];
  return (Array.isArray(set) ? set : [set!]).map((line) => line.split(';')[0]).join('; ');
}

/** A fuzzed request may sign its member out, delete them or ban them: sign in again if so,
 * as another demo member when this one is gone. */
async function ensureSignedIn(role: Exclude<Role, 'visitor'>) {
  const res = await ctx.app.inject({ url: '/api/auth/session', headers: { cookie: cookies[role] } });
  if (res.statusCode === 200) return;
  if (role === 'admin') {
    cookies.admin = await signIn(ADMIN.email, ADMIN.password);
    return;
  }
  const [next] = await ctx.database.db
    .select({ email: user.email })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(not(profiles.isAdmin))
    .orderBy(user.email)
    .limit(1)
    .offset(memberOffset++);
  memberEmail = next?.email ?? memberEmail;
  cookies.member = await signIn(memberEmail, MEMBER_PASSWORD);
}

beforeAll(async () => {
  ctx = await createTestContext({
    AUTH_RATE_LIMIT: '1000000',
    CONTACT_RATE_LIMIT: '1000000',
    JOBS_CHECK_MS: '3600000',
  });
  await seedDemo(ctx.database.db, localStorage(path.join(ctx.dataDir, 'uploads')), {
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    memberPassword: MEMBER_PASSWORD,
  });
  await ctx.app.services.changes.caughtUp();
  ctx.app.services.changes.on((change) => announced.push(change.table));
  const ids = async (segment: string, query: ReturnType<typeof sql>) => {
    // Raw: one helper reads every segment's ids, each its own table's id as text (or a username).
    const { rows } = await ctx.database.db.execute(query);
    idsBySegment.set(
      segment,
      rows.map((r) => String(r.id)),
    );
  };
  await ids(
    'events',
    sql`select e.id::text from events e where exists (select 1 from event_attendees a where a.event_id = e.id) order by e.start_time desc limit 3`,
  );
  await ids('podcasts', sql`select id::text from podcasts limit 2`);
  await ids('sponsors', sql`select id::text from sponsors limit 2`);
  await ids('forums', sql`select id::text from forums limit 2`);
  await ids('posts', sql`select id::text from forum_posts limit 2`);
  await ids('replies', sql`select id::text from forum_replies limit 2`);
  await ids('messages', sql`select id::text from messages limit 2`);
  await ids('connections', sql`select id::text from connections limit 2`);
  await ids('reports', sql`select id::text from reports limit 2`);
  await ids('outbox', sql`select id::text from email_outbox limit 2`);
  // Not the fuzzing admin: a drawn body that happens to be valid may change their flags.
  await ids('users', sql`select id from profiles where not is_admin limit 2`);
  await ids('profiles', sql`select username as id from profiles limit 2`);
  await ids('blocks', sql`select username as id from profiles limit 2`);
  await ids('skills', sql`select id::text from skills limit 2`);
  await ids(
    'invitations',
    sql`select id::text from invitations where joined_at is null and revoked_at is null limit 2`,
  );
  await ensureSignedIn('member');
  await ensureSignedIn('admin');
}, 180_000);
afterAll(async () => ctx?.close());

// ---------- what is sent ----------

const HOSTILE_STRINGS = [
  'a\u0000b',
  'x\ud800y',
  '\udfff',
  'x'.repeat(100_000),
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<img src=x onerror=alert(1)>',
  "' or 1=1; drop table events; --",
  '%00',
  '\u202e\ufeff\u200b',
  '-1',
  '1e309',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 40 }),
  // Any UTF-16 code unit, lone surrogates included.
  fc.string({ unit: 'binary', maxLength: 20 }),
);

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const BAD_IDS = [
  'not-a-uuid',
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '0',
  '-1',
  '99999999999999999999999',
  '%00',
  '%ED%A0%80',
  '%FF',
  'a'.repeat(3000),
  A_UUID,
  encodeURIComponent("x' or '1'='1"),
];

/** Percent-encoding that keeps a lone surrogate as the bytes a careless client would send
 * (encodeURIComponent throws on it). */
function percentEncode(text: string) {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

function pathWith(op: DocumentedOperation, override?: { name: string; value: string }) {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (override?.name === name) return override.value;
    const segment = /\/([\w-]+)\/\{\w+\}/.exec(op.path.slice(0, op.path.indexOf(`{${name}}`) + name.length + 2))?.[1];
    const real = segment ? idsBySegment.get(segment) : undefined;
    return encodeURIComponent(real?.[0] ?? A_UUID);
  });
}

function queryWith(op: DocumentedOperation, override?: { name: string; value: string }) {
  const parts = op.queryParams.map(({ name, schema }) => {
    const value = override?.name === name ? override.value : encodeURIComponent(String(sample(schema ?? {})));
    return `${name}=${value}`;
  });
  return parts.length ? `?${parts.join('&')}` : '';
}

function jsonProbe(label: string, url: string, body: unknown): Probe {
  return { label, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) };
}

const boundary = 'fuzzboundary';
const filePart = (b: string) =>
  `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`;

/** The fixed cases every operation gets. */
function fixedProbes(op: DocumentedOperation): Probe[] {
  const url = pathWith(op) + queryWith(op);
  const plain = op.jsonBody ? sample(bodyVariants(op.jsonBody)[0]!) : {};
  const probes: Probe[] = [
    { label: 'malformed JSON', url, headers: { 'content-type': 'application/json' }, payload: '{"a": [1, 2' },
    { label: 'JSON that is a bare string', url, headers: { 'content-type': 'application/json' }, payload: '"x"' },
    {
      label: 'JSON with invalid UTF-8',
      url,
      headers: { 'content-type': 'application/json' },
      payload: Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]),
    },
    {
      label: '__proto__ and constructor.prototype keys',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(plain).replace(
        /^\{/,
        '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},',
      ),
    },
    {
      label: 'nested 5,000 deep',
      url,
      headers: { 'content-type': 'application/json' },
      payload: `{"a":${'{"b":'.repeat(5000)}1${'}'.repeat(5000)}}`,
    },
    jsonProbe(
      'an array of 10,000 items',
      url,
      Array.from({ length: 10_000 }, () => ({})),
    ),
    jsonProbe('body is null', url, null),
    {
      label: 'over the 1 MB body limit',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...(plain as object), x: 'y'.repeat(1_100_000) }),
    },
    { label: 'text/plain', url, headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    { label: 'form-urlencoded', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' },
    { label: 'XML', url, headers: { 'content-type': 'application/xml' }, payload: '<a>1</a>' },
    {
      label: 'a content type with a bad charset',
      url,
      headers: { 'content-type': 'application/json; charset=ebcdic' },
      payload: '{}',
    },
    {
      label: 'multipart without a closing boundary',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: filePart(boundary),
    },
    {
      label: 'multipart with a boundary that does not match',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${filePart('other')}\r\n--other--\r\n`,
    },
    {
      label: 'multipart without a boundary',
      url,
      headers: { 'content-type': 'multipart/form-data' },
      payload: `${filePart(boundary)}\r\n--${boundary}--\r\n`,
    },
    {
      label: 'multipart with an empty file',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\r\n--${boundary}--\r\n`,
    },
    {
      label: 'multipart with a __proto__ field and an SVG',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.svg"\r\nContent-Type: image/svg+xml\r\n\r\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\r\n--${boundary}--\r\n`,
    },
  ];
  if (op.multipart) {
    probes.push({
      label: 'multipart over the 10 MB file limit',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(filePart(boundary)),
        Buffer.alloc(11 * 1024 * 1024, 1),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  }
  for (const name of op.pathParams) {
    for (const value of BAD_IDS)
      probes.push({ label: `path ${name}=${value.slice(0, 30)}`, url: pathWith(op, { name, value }) + queryWith(op) });
  }
  for (const { name } of op.queryParams) {
    for (const value of ['', '-1', 'abc', '1e309', '%FF', '%00', encodeURIComponent('x'.repeat(5000)), `a&${name}=b`]) {
      probes.push({ label: `query ${name}=${value.slice(0, 20)}`, url: pathWith(op) + queryWith(op, { name, value }) });
    }
  }
  probes.push({
    label: 'an unknown query parameter',
    url: `${url}${url.includes('?') ? '&' : '?'}__proto__=1&constructor=x`,
  });
  return probes;
}

/** Drawn cases: the body's fields with wrong values, missing or joined by unknown ones. */
function drawnProbes(op: DocumentedOperation, index: number): Probe[] {
  const url = pathWith(op) + queryWith(op);
  const schemas: Schema[] = op.jsonBody ? bodyVariants(op.jsonBody) : [{ type: 'object', properties: {} }];
  const bodies = fc.oneof(
    ...schemas.map((schema) => {
      const valid = sample(schema) as Record<string, unknown>;
      const keys = Object.keys(valid);
      const arbs: fc.Arbitrary<unknown>[] = [
        fc
          .dictionary(fc.string({ maxLength: 8 }), wrongValue, { minKeys: 1, maxKeys: 3 })
          .map((extra) => ({ ...valid, ...extra })),
        hostileString.map((text) => sample(schema, { target: 'all', put: () => text })),
        wrongValue,
      ];
      if (keys.length) {
        arbs.push(
          fc.tuple(fc.constantFrom(...keys), wrongValue).map(([key, value]) => ({ ...valid, [key]: value })),
          fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))),
        );
      }
      return fc.oneof(...arbs);
    }),
  );
  const queries = op.queryParams.length
    ? fc.tuple(fc.constantFrom(...op.queryParams.map((p) => p.name)), hostileString).map(([name, value]) => ({
        name,
        value: percentEncode(value),
      }))
    : fc.constant(undefined);
  return fc.sample(fc.tuple(bodies, queries), { numRuns: RUNS, seed: SEED + index }).map(([body, query], n) => ({
    ...jsonProbe(`drawn #${n} (seed ${SEED + index})`, query ? pathWith(op) + queryWith(op, query) : url, body),
  }));
}

// ---------- the run ----------

describe('every documented operation, fuzzed', () => {
  it('answers malformed and hostile input without a 5xx, quickly, and changes nothing when it refuses', async () => {
    const operations = await documentedOperations(ctx.app, { beyondApi: true });
    // The document lists the routes: if it ever lists none, this test tests nothing.
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    /** Statuses answered but not listed, once per operation and status. */
    const unlisted = new Set<string>();
    let requests = 0;
    let refused = 0;
    let announcedWrites = 0;
    for (const [index, op] of operations.entries()) {
      if (process.env.FUZZ_ONLY && !`${op.method} ${op.path}`.includes(process.env.FUZZ_ONLY)) continue;
      // The live stream answers 200 and stays open by design; it takes no input.
      if (/text\/event-stream/.test(op.op.summary ?? '')) continue;
      const opStarted = performance.now();
      const probes = [...fixedProbes(op), ...drawnProbes(op, index)];
      for (const role of ['visitor', 'member', 'admin'] as const) {
        for (const probe of probes) {
          await ctx.app.services.changes.caughtUp();
          announced = [];
          const started = performance.now();
          const res = await ctx.app
            .inject({
              method: op.method,
              // A request that hangs is a failure of its own, not a stuck test run.
              signal: AbortSignal.timeout(HANG_MS),
              url: probe.url,
              remoteAddress: nextIp(),
              headers: {
                origin: ORIGIN,
                ...(role === 'visitor' ? {} : { cookie: cookies[role] }),
                ...probe.headers,
              },
              payload: probe.payload,
            })
            .catch(() => null);
          if (!res) {
            failures.push(
              `${op.method} ${probe.url.slice(0, 120)} [${probe.label}] as ${role}: no answer in ${HANG_MS} ms`,
            );
            continue;
          }
          const ms = performance.now() - started;
          if (process.env.FUZZ_TRACE && ms > 200)
            process.stderr.write(`${Math.round(ms)}ms ${op.method} ${op.path} ${probe.label} ${role}\n`);
          requests++;
          await ctx.app.services.changes.caughtUp();
          // better-auth may move a session's expiry on any signed-in request.
          const changed = announced.filter((table) => table !== 'session');
          const where = `${op.method} ${probe.url.slice(0, 120)} [${probe.label}] as ${role}`;
          if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          const listed = Object.keys(op.op.responses ?? {});
          const key = `${op.method} ${op.path} ${res.statusCode}`;
          if (res.statusCode < 500 && !listed.includes(String(res.statusCode)) && !unlisted.has(key)) {
            unlisted.add(key);
            failures.push(
              `${where}: answered ${res.statusCode}, which the document does not list (${listed.join(', ')})`,
            );
          }
          if (ms > SLOW_MS) failures.push(`${where}: took ${Math.round(ms)} ms`);
          if (res.statusCode >= 400) {
            refused++;
            if (changed.length)
              failures.push(`${where}: refused with ${res.statusCode} but wrote ${[...new Set(changed)].join(', ')}`);
            const error = String(res.headers['content-type'] ?? '').includes('json')
              ? (res.json() as { error?: { message?: unknown } })
              : null;
            if (typeof error?.error?.message !== 'string')
              failures.push(`${where}: ${res.statusCode} without an error message: ${res.body.slice(0, 120)}`);
          } else if (op.method !== 'GET') {
            announcedWrites += changed.length;
            if (role !== 'visitor') await ensureSignedIn(role);
          }
        }
      }
      if (process.env.FUZZ_TRACE)
        process.stderr.write(
          `${op.method} ${op.path}: ${probes.length} probes, ${Math.round(performance.now() - opStarted)} ms\n`,
        );
    }
    expect(failures).toEqual([]);
    // The writes that were accepted were heard: the check on refused ones can see a change.
    expect(announcedWrites).toBeGreaterThan(0);
    // Most of what is sent is refused; a GET ignores a body it does not take.
    expect(refused).toBeGreaterThan(requests / 3);
  }, 900_000);
});
