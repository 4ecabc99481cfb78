import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { account, profiles, user } from '../db/schema';
import { clearDatabase } from './seed/seed';
import { hashPassword } from '../platform/passwords';
import { localStorage } from '../platform/storage';
import { Client, createTestContext, type TestContext } from '../test/harness';
import { createMembers } from '../test/factories';
import { AdminSetupError, createAdmin, ensureAdminFromEnvironment, promoteToAdmin } from './admin-account';
import { DEMO_CREDENTIALS_FILE, generatePassword, readDemoCredentials } from './demo-credentials';
import { bannerLines, prepareInstall, seedDemoInstall } from './start-up';

const SECRET = 'a-production-secret-of-sufficient-length-123';

/** Signs in through the API and returns the member as /api/me sees them (null when refused). */
async function signInAs(ctx: TestContext, email: string, password: string) {
  const client = new Client(ctx.app);
  const res = await client.post('/api/auth/sign-in', { email, password });
  if (res.statusCode !== 200) return null;
  return (await client.get('/api/me')).json().user as { email: string; isAdmin: boolean };
}

describe('configuration', () => {
  it('seeds an empty database by default outside production only', () => {
    expect(loadConfig({}).SEED_ON_EMPTY).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_ON_EMPTY).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET }).SEED_ON_EMPTY).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, SEED_ON_EMPTY: '' }).SEED_ON_EMPTY).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, SEED_ON_EMPTY: 'true' }).SEED_ON_EMPTY).toBe(
      true,
    );
    expect(loadConfig({ SEED_ON_EMPTY: 'false' }).SEED_ON_EMPTY).toBe(false);
  });

  it('has no default password', () => {
    const config = loadConfig({});
    expect(config.DEMO_ADMIN_PASSWORD).toBeUndefined();
    expect(config.DEMO_MEMBER_PASSWORD).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
    expect(loadConfig({ DEMO_ADMIN_PASSWORD: 'set by the tests' }).DEMO_ADMIN_PASSWORD).toBe('set by the tests');
  });

  it('requires two-step sign-in of staff in production only, unless STAFF_TWO_FACTOR says otherwise', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'a production secret of 32 characters!' };
    expect(loadConfig({}).staffTwoFactorRequired).toBe(false);
    expect(loadConfig(production).staffTwoFactorRequired).toBe(true);
    expect(loadConfig({ ...production, STAFF_TWO_FACTOR: 'recommended' }).staffTwoFactorRequired).toBe(false);
    expect(loadConfig({ STAFF_TWO_FACTOR: 'required' }).staffTwoFactorRequired).toBe(true);
  });

  it('generates long random passwords', () => {
    const drawn = new Set(Array.from({ length: 50 }, generatePassword));
    expect(drawn.size).toBe(50);
    for (const password of drawn) expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
  });
});

describe('the demo install', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  const config = () => loadConfig({ DATA_DIR: ctx.dataDir, LOG_LEVEL: 'silent' });
  const storage = () => localStorage(path.join(ctx.dataDir, 'uploads'));
  const file = () => path.join(ctx.dataDir, DEMO_CREDENTIALS_FILE);

  beforeAll(async () => {
    ctx = await createTestContext();
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('seeds an empty database with new passwords, kept in a file only its owner can read', async () => {
    const report = await prepareInstall(ctx.app.services.db, storage(), config());
    expect(report.seeded).toBe(true);
    expect(report.hasAdmin).toBe(true);
    const seeded = report.demo!.credentials;
    expect(seeded.adminEmail).toBe('admin@powermixer.example');
    expect(seeded.adminPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(seeded.memberPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(seeded.memberPassword).not.toBe(seeded.adminPassword);

    expect((await stat(file())).mode & 0o777).toBe(0o600);
    expect(await readDemoCredentials(ctx.dataDir)).toEqual(seeded);

    const lines = bannerLines(config(), report);
    expect(lines).toContain(
      `Demo admin: admin@powermixer.example / ${seeded.adminPassword}  (demo content seeded just now)`,
    );
    expect(lines.join('\n')).toContain(`jordan.lee@powermixer.example) / ${seeded.memberPassword}`);
    expect(lines.join('\n')).toContain('Two-step sign-in is recommended for admins and door staff');
    expect(bannerLines({ ...config(), staffTwoFactorRequired: true }, report).join('\n')).toContain(
      'Two-step sign-in is required of admins and door staff',
    );
    expect(lines.join('\n')).toContain(
      'Captured mail: sign in as the admin and open http://localhost:3000/dev/mailbox',
    );
    expect(lines).toContain(
      'Admin area: http://localhost:3000/admin (events, forums, sponsors, users, podcasts, reports, outbox, activity, jobs, insights, announcements, invitations)',
    );
    expect(lines.join('\n')).not.toMatch(/mixer-(admin|member)-2026/);

    expect(await signInAs(ctx, seeded.adminEmail, seeded.adminPassword)).toMatchObject({ isAdmin: true });
    expect(await signInAs(ctx, seeded.exampleMemberEmail, seeded.memberPassword)).toMatchObject({ isAdmin: false });
    expect(await signInAs(ctx, seeded.adminEmail, 'mixer-admin-2026')).toBeNull();
  });

  it('prints the same logins on a later start, and says when the admin changed the password', async () => {
    const seeded = (await readDemoCredentials(ctx.dataDir))!;
    const again = await prepareInstall(ctx.app.services.db, storage(), config());
    expect(again.seeded).toBe(false);
    expect(again.demo).toMatchObject({ credentials: seeded, current: true });
    expect(bannerLines(config(), again)).toContain(`Demo admin: ${seeded.adminEmail} / ${seeded.adminPassword}`);

    const [admin] = await ctx.app.services.db.select().from(user).where(eq(user.email, seeded.adminEmail));
    await ctx.app.services.db
      .update(account)
      .set({ password: await hashPassword('changed in the app since') })
      .where(eq(account.userId, admin!.id));
    const changed = await prepareInstall(ctx.app.services.db, storage(), config());
    expect(changed.demo?.current).toBe(false);
    const lines = bannerLines(config(), changed).join('\n');
    expect(lines).toContain(`Demo admin: ${seeded.adminEmail}  (password changed since the demo was seeded)`);
    expect(lines).not.toContain(seeded.adminPassword);
  });

  it('draws different passwords on every seed (npm run db:seed), and updates the file', async () => {
    const before = (await readDemoCredentials(ctx.dataDir))!;
    await chmod(file(), 0o644); // loosened by hand: the new file is owner-only again
    await clearDatabase(ctx.app.services.db);
    const { credentials: after } = await seedDemoInstall(ctx.app.services.db, storage(), config());
    expect(after.adminPassword).not.toBe(before.adminPassword);
    expect(after.memberPassword).not.toBe(before.memberPassword);
    expect(await readDemoCredentials(ctx.dataDir)).toEqual(after);
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    expect(await signInAs(ctx, after.adminEmail, after.adminPassword)).toMatchObject({ isAdmin: true });
    expect(await signInAs(ctx, before.adminEmail, before.adminPassword)).toBeNull();
  });

  it('uses DEMO_ADMIN_PASSWORD and DEMO_MEMBER_PASSWORD when they are set', async () => {
    await clearDatabase(ctx.app.services.db);
    const fixed = loadConfig({
      DATA_DIR: ctx.dataDir,
      DEMO_ADMIN_PASSWORD: 'admin password from the environment',
      DEMO_MEMBER_PASSWORD: 'member password from the environment',
    });
    const report = await prepareInstall(ctx.app.services.db, storage(), fixed);
    expect(report.demo?.credentials).toMatchObject({
      adminPassword: 'admin password from the environment',
      memberPassword: 'member password from the environment',
    });
    expect(await signInAs(ctx, 'admin@powermixer.example', 'admin password from the environment')).toMatchObject({
      isAdmin: true,
    });
  });
});

describe('a production install', { timeout: 60_000 }, () => {
  let ctx: TestContext;
  const production = (env: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, DATA_DIR: ctx.dataDir, ...env });
  const storage = () => localStorage(path.join(ctx.dataDir, 'uploads'));

  beforeAll(async () => {
    ctx = await createTestContext();
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('seeds nothing by default, and the banner says how to create the first admin', async () => {
    const report = await prepareInstall(ctx.app.services.db, storage(), production());
    expect(report).toMatchObject({ seeded: false, demo: null, environmentAdmin: null, hasAdmin: false });
    expect(await ctx.app.services.db.select().from(user)).toHaveLength(0);
    await expect(stat(path.join(ctx.dataDir, DEMO_CREDENTIALS_FILE))).rejects.toThrow();
    const lines = bannerLines(production(), report).join('\n');
    expect(lines).toContain('npm run admin:create');
    expect(lines).toContain('ADMIN_EMAIL and ADMIN_PASSWORD');
    expect(lines).not.toContain('Demo admin');
  });

  it('creates the admin named by ADMIN_EMAIL and ADMIN_PASSWORD, once', async () => {
    const password = generatePassword();
    const env = { ADMIN_EMAIL: 'Owner@Mixer.example', ADMIN_PASSWORD: password };
    const report = await prepareInstall(ctx.app.services.db, storage(), production(env));
    expect(report.seeded).toBe(false);
    expect(report.environmentAdmin).toMatchObject({ status: 'created', email: 'owner@mixer.example' });
    expect(report.hasAdmin).toBe(true);
    expect(bannerLines(production(env), report).join('\n')).not.toContain('No admin yet');
    expect(await signInAs(ctx, 'owner@mixer.example', password)).toMatchObject({ isAdmin: true });
    const [profile] = await ctx.app.services.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, report.environmentAdmin!.id));
    expect(profile).toMatchObject({ username: 'Owner', isAdmin: true });

    // A later start leaves the account alone, even if the variable changed.
    const later = await ensureAdminFromEnvironment(ctx.app.services.db, { ...env, ADMIN_PASSWORD: 'another one' });
    expect(later).toMatchObject({ status: 'already-admin' });
    expect(await signInAs(ctx, 'owner@mixer.example', password)).toMatchObject({ isAdmin: true });
    await expect(ensureAdminFromEnvironment(ctx.app.services.db, { ADMIN_EMAIL: 'x@mixer.example' })).rejects.toThrow(
      AdminSetupError,
    );
  });

  it('admin:create makes an admin who can sign in, with the registration rules', async () => {
    const password = generatePassword();
    const outcome = await createAdmin(ctx.app.services.db, {
      email: 'second.admin@mixer.example',
      username: 'secondadmin',
      fullName: 'Second Admin',
      password,
    });
    expect(outcome.status).toBe('created');
    expect(await signInAs(ctx, 'second.admin@mixer.example', password)).toMatchObject({ isAdmin: true });

    // Weak passwords, taken usernames and bad e-mails are refused, and nothing is left behind.
    const attempt = { email: 'third@mixer.example', username: 'thirdadmin', fullName: 'Third Admin' };
    await expect(createAdmin(ctx.app.services.db, { ...attempt, password: 'passw0rd!' })).rejects.toThrow(
      /too easy to guess/,
    );
    await expect(
      createAdmin(ctx.app.services.db, { ...attempt, username: 'secondadmin', password: generatePassword() }),
    ).rejects.toThrow(/already taken/);
    await expect(
      createAdmin(ctx.app.services.db, { ...attempt, email: 'not an e-mail', password: generatePassword() }),
    ).rejects.toThrow(AdminSetupError);
    expect(await ctx.app.services.db.select().from(user).where(eq(user.email, 'third@mixer.example'))).toHaveLength(0);
  });

  it('admin:create promotes an existing member by e-mail', async () => {
    const [member] = await createMembers(ctx.app.services.db, 1, 'promoted');
    expect(await signInAs(ctx, member!.email, 'factory password 1')).toMatchObject({ isAdmin: false });
    expect(await promoteToAdmin(ctx.app.services.db, member!.email.toUpperCase())).toMatchObject({
      status: 'promoted',
    });
    expect(await signInAs(ctx, member!.email, 'factory password 1')).toMatchObject({ isAdmin: true });
    expect(await promoteToAdmin(ctx.app.services.db, member!.email)).toMatchObject({ status: 'already-admin' });
    await expect(promoteToAdmin(ctx.app.services.db, 'nobody@mixer.example')).rejects.toThrow(AdminSetupError);
  });
});
