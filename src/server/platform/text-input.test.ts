import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, INVALID_UNICODE_MESSAGE, textProblem } from '../../shared/text';
import { Client, ORIGIN, createTestContext, type TestContext } from '../test/harness';
import { adminClient, createEvent, createMembers, signIn } from '../test/factories';
import {
  A_UUID,
  bodyVariants,
  documentedOperations,
  sample as sampleOf,
  type FieldPath,
  type Operation,
  type Schema,
} from '../test/openapi';
import { profiles } from '../db/schema';
import { MALFORMED_MULTIPART } from './uploads';
import { findTextProblem } from './text-input';

// Every operation in the OpenAPI document, with a NUL in each path parameter, each query
// parameter and each string of its request body in turn, as a visitor, a member and an admin:
// never a 5xx, and a 422 naming the field wherever the request gets past the access check.

let ctx: TestContext;
let member: Client;
let memberId = '';
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT: '100000', CONTACT_RATE_LIMIT: '100000' });
  const [m] = await createMembers(ctx.database.db, 1, 'nul');
  memberId = m!.id;
  member = await signIn(ctx.app, m!);
  admin = (await adminClient(ctx.app)).client;
});
afterAll(async () => ctx?.close());

const NUL = 'a\u0000b';

/** A value for `schema` with a NUL in the string at `target` (or in every string when `target`
 * is 'all'), and plain values elsewhere; also lists the paths of its strings. */
const sample = (schema: Schema, target: FieldPath | 'all' | null, leaves?: FieldPath[]) =>
  sampleOf(schema, { target, leaves, put: (s) => (s.format === 'email' ? `${NUL}@example.com` : NUL) });

interface Probe {
  label: string;
  /** The field the answer must name, or null when several hold a NUL. */
  field: string | null;
  url: string;
  body?: unknown;
}

function probes(path: string, op: Operation): Probe[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = params.filter((p) => p.in === 'query');
  const schema = op.requestBody?.content['application/json']?.schema;
  const url = (nulIn: string | 'all' | null, query: string | 'all' | null) => {
    const base = path.replace(/\{(\w+)\}/g, (_, name: string) =>
      nulIn === 'all' || nulIn === name ? encodeURIComponent(NUL) : A_UUID,
    );
    const q = queryParams
      .map(({ name, schema }) => {
        const nul = query === 'all' || query === name;
        return `${name}=${encodeURIComponent(String(nul ? NUL : sample(schema ?? {}, null)))}`;
      })
      .join('&');
    return q ? `${base}?${q}` : base;
  };
  const plainBody = schema ? sample(schema, null) : undefined;
  const list: Probe[] = [];
  for (const name of pathParams) {
    list.push({ label: `path ${name}`, field: name, url: url(name, null), body: plainBody });
  }
  for (const { name } of queryParams) {
    list.push({ label: `query ${name}`, field: name, url: url(null, name), body: plainBody });
  }
  for (const variant of schema ? bodyVariants(schema) : []) {
    const leaves: FieldPath[] = [];
    sample(variant, null, leaves);
    for (const leaf of leaves) {
      list.push({
        label: `body ${leaf.join('.')}`,
        field: leaf.join('.'),
        url: url(null, null),
        body: sample(variant, leaf),
      });
    }
    // A body of flags and numbers only, on a route without parameters, has nowhere to put text.
    if (leaves.length > 0 || pathParams.length > 0 || queryParams.length > 0) {
      list.push({ label: 'everything', field: null, url: url('all', 'all'), body: sample(variant, 'all') });
    }
  }
  return list;
}

describe('a NUL byte anywhere in a request', () => {
  it('is refused with 422 naming the field by every operation in the OpenAPI document, never a 5xx', async () => {
    const failures: string[] = [];
    let operations = 0;
    let reachedValidation = 0;
    for (const { method, path, op, isPublic } of await documentedOperations(ctx.app)) {
      const list = probes(path, op);
      if (list.length === 0) continue; // nothing a client can put text into
      operations++;
      for (const probe of list) {
        for (const [who, signedIn] of [
          ['visitor', null],
          ['member', member],
          ['admin', admin],
        ] as const) {
          // A fresh address per request: the rate limits count per client IP.
          const client = new Client(ctx.app);
          if (signedIn) client.cookies = new Map(signedIn.cookies);
          const res = await client.request(method, probe.url, probe.body);
          const where = `${method} ${path} (${probe.label}) as ${who}`;
          if (res.statusCode >= 500) {
            failures.push(`${where}: ${res.statusCode} ${res.body}`);
            continue;
          }
          // Access is checked first: a visitor may get 401 and a member 403 where the route is
          // not theirs. Everyone else reaches the text rule.
          const refusedAccess =
            !isPublic &&
            ((who === 'visitor' && res.statusCode === 401) || (who === 'member' && res.statusCode === 403));
          if (refusedAccess) continue;
          const error = res.json().error as
            { code: string; message: string; fields?: Record<string, string> } | undefined;
          const named =
            error?.message === CONTROL_CHARACTERS_MESSAGE &&
            (!probe.field || error.fields?.[probe.field] === CONTROL_CHARACTERS_MESSAGE);
          if (res.statusCode !== 422 || error?.code !== 'VALIDATION_ERROR' || !named) {
            failures.push(`${where}: ${res.statusCode} ${res.body}`);
          } else reachedValidation++;
        }
      }
    }
    expect(failures).toEqual([]);
    // The document lists the routes: if it ever lists none, this test tests nothing.
    expect(operations).toBeGreaterThan(20);
    expect(reachedValidation).toBeGreaterThan(100);
  }, 120_000);

  it('is refused in a search as the issue found it: GET /api/members?q=%00', async () => {
    const res = await new Client(ctx.app).get('/api/members?q=%00');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: CONTROL_CHARACTERS_MESSAGE,
        fields: { q: CONTROL_CHARACTERS_MESSAGE },
      },
    });
  });

  it('refuses the other control characters and DEL, but takes tabs, line breaks and any other text', async () => {
    for (const c of ['\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f']) {
      const res = await new Client(ctx.app).get(`/api/podcasts?q=${encodeURIComponent(`x${c}`)}`);
      expect(res.statusCode, JSON.stringify(c)).toBe(422);
    }
    for (const text of ['a\tb', 'a\nb', 'a\r\nb', 'café ☕ 日本', '\u0085\u00a0']) {
      const res = await new Client(ctx.app).get(`/api/podcasts?q=${encodeURIComponent(text)}`);
      expect(res.statusCode, JSON.stringify(text)).toBe(200);
    }
  });

  it('names a field nested in the body, and refuses a NUL in a field name', async () => {
    const res = await member.request('PUT', `/api/events/${A_UUID}/guests`, {
      guests: [
        { name: 'Ann', email: 'ann@example.com' },
        { name: 'Bo\u0000b', email: 'bob@example.com' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ 'guests.1.name': CONTROL_CHARACTERS_MESSAGE });

    const key = await new Client(ctx.app).get('/api/podcasts?q%00=1');
    expect(key.statusCode).toBe(422);
    expect(key.json().error.fields).toEqual({ '"q\\u0000"': CONTROL_CHARACTERS_MESSAGE });
  });

  it('answers a deeply nested body without a 5xx', async () => {
    const depth = 100_000;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/events/${A_UUID}/guests`,
      headers: { origin: 'http://localhost:3000', cookie: member.cookieHeader, 'content-type': 'application/json' },
      payload: `{"guests":${'['.repeat(depth)}"x\\u0000"${']'.repeat(depth)}}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ [`guests.${'0.'.repeat(46)}0…`]: CONTROL_CHARACTERS_MESSAGE });
  });

  it('does not break an avatar upload whose multipart text carries a NUL (the route reads only the file)', async () => {
    const boundary = 'nulboundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="caption"',
      '',
      'x\u0000y',
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="a\u0000.png"',
      'Content-Type: image/png',
      '',
      'not an image',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: {
        origin: 'http://localhost:3000',
        cookie: member.cookieHeader,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    // Refused for what the file is, not for the NUL in the text around it.
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('INVALID_IMAGE');
  });
});

describe('findTextProblem', () => {
  const field = (value: unknown) => findTextProblem(value)?.field ?? null;
  it('names the first string holding one, like the validation errors do', () => {
    expect(field({ a: 'ok', b: ['fine', { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(field({ a: 'tab\there', n: 1, t: true, z: null })).toBeNull();
    expect(field('\u0007')).toBe('');
    expect(field(undefined)).toBeNull();
    expect(findTextProblem({ a: ['x\ud800'] })).toEqual({ field: 'a.0', message: INVALID_UNICODE_MESSAGE });
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(field(deep)).toMatch(/^0(\.0)+$/);
  });
});

/** The member's bio as stored. */
const storedBio = async () =>
  (await ctx.database.db.select({ bio: profiles.bio }).from(profiles).where(eq(profiles.id, memberId)))[0]!.bio;

describe('text that is not valid Unicode', () => {
  const sendJson = (payload: string | Buffer) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { origin: ORIGIN, cookie: member.cookieHeader, 'content-type': 'application/json' },
      payload,
    });

  it('refuses a lone surrogate in JSON with 422 on its field, storing nothing', async () => {
    const before = await storedBio();
    for (const escape of ['\\ud800', '\\udfff', '\\ud83d']) {
      const res = await sendJson(`{"username":"nul-probe","bio":"half a pair: ${escape}!"}`);
      expect(res.statusCode, escape).toBe(422);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: INVALID_UNICODE_MESSAGE,
        fields: { bio: INVALID_UNICODE_MESSAGE },
      });
    }
    expect(await storedBio()).toBe(before);
  });

  it('refuses bytes that are not UTF-8 with 422 on the field they are in, not U+FFFD in their place', async () => {
    for (const bytes of [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xe2, 0x82]]) {
      const res = await sendJson(
        Buffer.concat([Buffer.from('{"username":"nul-probe","bio":"caf'), Buffer.from(bytes), Buffer.from('"}')]),
      );
      expect(res.statusCode, String(bytes)).toBe(422);
      expect(res.json().error.fields).toEqual({ bio: INVALID_UNICODE_MESSAGE });
    }
    // Not JSON either way: the JSON error, not the Unicode one.
    const broken = await sendJson(Buffer.from([0x7b, 0xff]));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('INVALID_JSON');
  });

  it('refuses a query value or name whose percent-encoding is not UTF-8, and a path that is not, in the one error shape', async () => {
    for (const query of ['q=%FF', 'q=%ED%A0%80', 'q=caf%C3', 'q=ok&q=%FE']) {
      const res = await new Client(ctx.app).get(`/api/members?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().error.fields).toEqual({ q: INVALID_UNICODE_MESSAGE });
    }
    expect((await new Client(ctx.app).get('/api/members?%FF=1')).statusCode).toBe(422);
    const path = await new Client(ctx.app).get('/api/events/%ED%A0%80');
    expect(path.statusCode).toBe(400);
    expect(path.json()).toEqual({
      error: { code: 'BAD_URL', message: 'The address is not valid: part of it is not UTF-8.' },
    });
    // Text sent whole still works.
    expect((await new Client(ctx.app).get(`/api/members?q=${encodeURIComponent('café 👋')}`)).statusCode).toBe(200);
  });

  it('refuses __proto__ and constructor.prototype keys in a JSON body', async () => {
    const proto = await sendJson('{"username":"nul-probe","__proto__":{"isAdmin":true}}');
    expect(proto.statusCode).toBe(400);
    expect(proto.json().error.message).toBe('The request body cannot use "__proto__" as a key.');
    const ctor = await sendJson('{"username":"nul-probe","constructor":{"prototype":{"isAdmin":true}}}');
    expect(ctor.statusCode).toBe(400);
    // A field merely named constructor is text like any other.
    expect((await sendJson('{"username":"nul-probe","bio":"constructor"}')).statusCode).toBe(200);
  });
});

describe('text kept as it was sent', () => {
  // Any well-formed text a person could type (emoji, other scripts, RTL marks, U+FFFD itself)
  // comes back exactly as it went in, less the surrounding white space the schema trims.
  const typeable = fc
    .string({ unit: 'grapheme', maxLength: 200 })
    .filter((text) => textProblem(text) === null && text.trim().length > 0);

  it('stores a profile bio and a message unchanged', async () => {
    const [other] = await createMembers(ctx.database.db, 1, 'kept');
    const recipient = other!.username;
    await fc.assert(
      fc.asyncProperty(typeable, typeable, async (bio, text) => {
        const saved = await member.request('PATCH', '/api/me/profile', { username: 'nul-probe', bio });
        expect(saved.statusCode).toBe(200);
        expect(saved.json().profile.bio).toBe(bio.trim());
        expect(await storedBio()).toBe(bio.trim());
        const sent = await member.post('/api/messages', { to: recipient, subject: 'Kept', content: text });
        expect(sent.statusCode, sent.body).toBe(201);
        const thread = await member.get(`/api/messages/thread?with=${other!.id}&subject=Kept`);
        expect(thread.json().messages.at(-1).content).toBe(text.trim());
      }),
      { numRuns: 25, seed: 24 },
    );
  });
});

describe('a broken upload body', () => {
  const boundary = 'brokenboundary';
  const part = (b: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot yet an image`;
  const bodies: [string, string, string][] = [
    ['no closing boundary', `multipart/form-data; boundary=${boundary}`, part(boundary)],
    [
      'a boundary that does not match the header',
      `multipart/form-data; boundary=${boundary}`,
      `${part('other')}\r\n--other--\r\n`,
    ],
    ['multipart/form-data without a boundary', 'multipart/form-data', `${part(boundary)}\r\n--${boundary}--\r\n`],
  ];

  it('answers 400 with a message on every upload route the document lists, never a 500', async () => {
    const uploads = (await documentedOperations(ctx.app)).filter((op) => op.multipart);
    expect(uploads.length).toBeGreaterThanOrEqual(7);
    // An admin may call them all (the member ones too); a real event, so the route reads the body.
    const { id: eventId } = await createEvent(ctx.database.db);
    for (const op of uploads) {
      const url = op.path.replace('{id}', eventId);
      for (const [label, contentType, payload] of bodies) {
        const res = await ctx.app.inject({
          method: op.method,
          url,
          headers: {
            origin: ORIGIN,
            cookie: admin.cookieHeader,
            'content-type': contentType,
          },
          payload,
        });
        const where = `${op.method} ${op.path}: ${label}`;
        expect([400, 404], `${where}: ${res.body}`).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json().error.message, where).toBe(MALFORMED_MULTIPART);
      }
    }
  });
});
