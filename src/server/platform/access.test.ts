import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { adminClient } from '../test/factories';
import { Client, createTestContext, registeredClient, type TestContext } from '../test/harness';
import { operationIdOf, registerAccess } from './access';

// Who may call a route is declared next to its schema, enforced before the handler, and stated
// in the OpenAPI document.

let ctx: TestContext;
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  description?: string;
  responses?: Record<string, unknown>;
}
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  ctx = await createTestContext();
  paths = (await ctx.app.inject('/api/docs/json')).json().paths;
});
afterAll(async () => ctx?.close());

const operations = () =>
  Object.entries(paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ url, method: method.toUpperCase(), op })),
  );
const concrete = (url: string) => url.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

describe('route access', () => {
  it('refuses to start when an /api route declares no access', async () => {
    const app = Fastify();
    registerAccess(app, async () => false);
    expect(() => app.get('/api/forgotten', async () => ({ ok: true }))).toThrow(
      'GET /api/forgotten declares no access',
    );
    app.get('/api/declared', { config: { access: 'public' } }, async () => ({ ok: true }));
    expect((await app.inject('/api/declared')).statusCode).toBe(200);
    await app.close();
  });

  it("types the handler's viewer from the declaration: a member on member routes, none on public ones", async () => {
    const app = Fastify();
    registerAccess(app, async () => false);
    // Type checks, run by `tsc`: a member route's viewer is never null.
    app.get('/api/mine', { config: { access: 'member' } }, async (request) => ({ id: request.viewer.id }));
    app.get('/api/anyone', { config: { access: 'public' } }, async (request) => {
      // @ts-expect-error a public route admits no viewer; it asks with getViewer when it needs one
      const id: string = request.viewer.id;
      return { id };
    });
    app.get('/api/anyone-else', { config: { access: 'public' } }, async (request) => ({
      viewer: request.viewer ?? 'none',
    }));
    expect((await app.inject('/api/anyone-else')).json()).toEqual({ viewer: 'none' });
    await app.close();
  });

  it('states every operation in the OpenAPI document with its access and an operationId', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(30);
    const ids = new Set<string>();
    for (const { url, method, op } of ops) {
      expect(op.security, `${method} ${url}`).toBeDefined();
      expect(op.operationId, `${method} ${url}`).toBeTruthy();
      ids.add(op.operationId!);
    }
    expect(ids.size).toBe(ops.length);
    expect(paths['/api/messages']!.get!.security).toEqual([{ sessionCookie: [] }]);
    expect(paths['/api/events']!.get!.security).toEqual([]);
    expect(paths['/api/dev/mailbox']!.get!.description).toContain('Admins only');
    expect(operationIdOf('GET', '/api/events/:id/attendees')).toBe('getEventsByIdAttendees');
  });

  it('refuses visitors on every member and admin operation, and members on every admin one, before validation', async () => {
    const member = await registeredClient(ctx.app);
    const admin = await adminClient(ctx.app);
    const checked: string[] = [];
    for (const { url, method, op } of operations()) {
      const desc = op.description ?? '';
      if (desc.includes('Anyone may call this') || !url.startsWith('/api/')) continue;
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const type = method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const visitor = await new Client(ctx.app).request(type, concrete(url), body);
      expect(visitor.statusCode, `visitor ${method} ${url}`).toBe(401);
      if (desc.includes('Admins only') || desc.includes('door staff of this event only')) {
        const asMember = await member.client.request(type, concrete(url), body);
        expect(asMember.statusCode, `member ${method} ${url}`).toBe(403);
        const asAdmin = await admin.client.request(type, concrete(url), body);
        expect(asAdmin.statusCode, `admin ${method} ${url}`).not.toBe(403);
      }
      checked.push(`${method} ${url}`);
    }
    expect(checked).toContain('GET /api/messages');
    expect(checked).toContain('GET /api/dev/mailbox');
  });

  it("lists the refusals each declaration implies, a file route's included", () => {
    const listed = (url: string, method: string) => Object.keys(paths[url]![method]!.responses ?? {});
    // A wrong token in a feed's address: 404, though the feed is a file and not JSON.
    expect(listed('/calendar/{token}.ics', 'get')).toEqual(expect.arrayContaining(['200', '404']));
    // A member's write: signed out, a cross-site form, a body it cannot read, refused content.
    expect(listed('/api/messages', 'post')).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '413', '415', '422']),
    );
    // An admin's read by id: 401, 403, an id that finds nothing, an address that is not UTF-8.
    expect(listed('/api/admin/users/{id}', 'get')).toEqual(expect.arrayContaining(['400', '401', '403', '404', '422']));
    // What a route answers of its own is declared beside its schema.
    expect(listed('/api/auth/register', 'post')).toEqual(expect.arrayContaining(['409', '429']));
  });

  it('gives a document the OpenAPI linter accepts (recommended rules, no errors)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pm-openapi-'));
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, (await ctx.app.inject('/api/docs/json')).body);
    const redocly = path.resolve('node_modules/.bin/redocly');
    const { stdout } = await promisify(execFile)(redocly, ['lint', file, '--extends=recommended', '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
    await rm(dir, { recursive: true, force: true });
    const report = JSON.parse(stdout) as { problems: { severity: string; ruleId: string; message: string }[] };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
  }, 60_000);
});
