import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('HTTP platform', () => {
  it('GET /api/health says the process is alive', async () => {
    const res = await ctx.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('GET /api/ready checks the database, the change stream and storage', async () => {
    const res = await ctx.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', changes: 'ok', storage: 'ok', draining: false });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/ready says unavailable when uploads cannot be written', async () => {
    const uploads = path.join(ctx.dataDir, 'uploads');
    // A file where the uploads folder should be: the store cannot write.
    await rm(uploads, { recursive: true, force: true });
    await writeFile(uploads, 'not a folder');
    try {
      const res = await ctx.app.inject('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: 'ok', storage: 'down' });
    } finally {
      await rm(uploads, { force: true });
    }
    expect((await ctx.app.inject('/api/ready')).statusCode).toBe(200);
  });

  it('sends JSON answers with a policy that renders and frames nothing', async () => {
    const res = await ctx.app.inject('/api/health');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends pages security headers with a strict Content-Security-Policy', async () => {
    const res = await ctx.app.inject('/events');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // WebAssembly may compile (the door's QR decoder); JavaScript eval() stays refused.
    expect(csp).toMatch(/script-src[^;]*'wasm-unsafe-eval'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    // The camera for our own pages only (the door screen); no microphone or location at all.
    expect(res.headers['permissions-policy']).toBe('camera=(self), microphone=(), geolocation=(), payment=()');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with the one error shape', async () => {
    const res = await ctx.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });

  it('serves OpenAPI docs that list the auth routes', async () => {
    const res = await ctx.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/sign-in', '/api/me', '/api/health']),
    );
  });

  it('refuses bodies over the size limit', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBeTruthy();
  });
  // Last: the process stays draining.
  it('GET /api/ready says unavailable once the process is draining, while liveness stays up', async () => {
    ctx.app.services.lifecycle.drain();
    const res = await ctx.app.inject('/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', draining: true, database: 'ok' });
    expect((await ctx.app.inject('/api/health')).statusCode).toBe(200);
  });
});
