import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { buildApp, type App } from '../../app';

// The mailbox shows every captured mail (reset links included): never in production.
describe('GET /api/dev/mailbox in production', () => {
  let app: App;
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase('memory://');
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'a-production-secret-of-sufficient-length-123',
      PUBLIC_URL: 'https://mixer.example',
    });
    app = await buildApp({ config, database, webRoot: null });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('does not exist', async () => {
    await app.services.mailer.send({ to: 'someone@example.com', subject: 'Reset', text: 'secret link' });
    const res = await app.inject('/api/dev/mailbox');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret link');
  });

  it('sends HSTS', async () => {
    const res = await app.inject('/api/health');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });
});
