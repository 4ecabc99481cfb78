import { and, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { account, user } from '../db/schema';
import { isDatabaseEmpty, seedDemo } from './seed/seed';
import type { Storage } from '../platform/storage';
import { verifyPassword } from '../platform/passwords';
import { ensureAdminFromEnvironment, hasAdmin } from './admin-account';
import {
  demoCredentialsPath,
  demoPasswords,
  displayPath,
  readDemoCredentials,
  writeDemoCredentials,
  type DemoCredentials,
} from './demo-credentials';

// What a server does with the database before it listens, and what its banner then says.

type SetupConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'SEED_ON_EMPTY'
  | 'DEMO_ADMIN_EMAIL'
  | 'DEMO_ADMIN_PASSWORD'
  | 'DEMO_MEMBER_PASSWORD'
  | 'ADMIN_EMAIL'
  | 'ADMIN_PASSWORD'
> &
  // The demo's dates and times are set on the community's clock (America/New_York by default),
  // and its series have dates as far ahead as the horizon job would make them.
  Partial<Pick<Config, 'SITE_TIMEZONE' | 'SERIES_HORIZON'>>;

export interface DemoLogins {
  credentials: DemoCredentials;
  /** Where they are kept, or null when the file could not be written. */
  file: string | null;
  /** False once the demo admin's password was changed in the app. */
  current: boolean;
}

/** Seeds the demo with new passwords (or the environment's) and records them under DATA_DIR. */
export async function seedDemoInstall(
  db: Db,
  storage: Storage,
  config: SetupConfig,
  log: (message: string) => void = console.error,
): Promise<DemoLogins> {
  const logins = await seedDemo(db, storage, {
    adminEmail: config.DEMO_ADMIN_EMAIL,
    timeZone: config.SITE_TIMEZONE,
    seriesHorizonMonths: config.SERIES_HORIZON,
    ...demoPasswords(config),
  });
  const credentials: DemoCredentials = { ...logins, seededAt: new Date().toISOString() };
  // Written after the seed committed: a seed that failed (another process seeding at the same
  // moment) never leaves passwords in the file that no account has.
  let file: string | null = null;
  try {
    file = await writeDemoCredentials(config.DATA_DIR, credentials);
  } catch (error) {
    log(`Could not save the demo logins to ${demoCredentialsPath(config.DATA_DIR)}: ${(error as Error).message}`);
  }
  return { credentials, file, current: true };
}

/** The recorded demo logins, if this data folder has them and they belong to this database. */
export async function recordedDemoLogins(db: Db, dataDir: string): Promise<DemoLogins | null> {
  const credentials = await readDemoCredentials(dataDir);
  if (!credentials) return null;
  const [row] = await db
    .select({ hash: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(and(eq(user.email, credentials.adminEmail), eq(account.providerId, 'credential')))
    .limit(1);
  if (!row) return null; // another database's file (or the demo admin was deleted)
  const current = !!row.hash && (await verifyPassword(row.hash, credentials.adminPassword));
  return { credentials, file: demoCredentialsPath(dataDir), current };
}

export interface StartupReport {
  seeded: boolean;
  demo: DemoLogins | null;
  environmentAdmin: Awaited<ReturnType<typeof ensureAdminFromEnvironment>>;
  hasAdmin: boolean;
}

/** Seeds an empty database when SEED_ON_EMPTY says so (by default outside production only),
 * creates the admin named by ADMIN_EMAIL and ADMIN_PASSWORD when missing, and reports. */
export async function prepareInstall(db: Db, storage: Storage, config: SetupConfig): Promise<StartupReport> {
  let demo: DemoLogins | null = null;
  const seeded = config.SEED_ON_EMPTY && (await isDatabaseEmpty(db));
  if (seeded) demo = await seedDemoInstall(db, storage, config);
  const environmentAdmin = await ensureAdminFromEnvironment(db, config);
  demo ??= await recordedDemoLogins(db, config.DATA_DIR);
  return { seeded, demo, environmentAdmin, hasAdmin: await hasAdmin(db) };
}

/** The start-up banner's lines after "running at": demo logins, how to get an admin, captured mail. */
export function bannerLines(
  config: Pick<Config, 'isProduction' | 'publicUrl' | 'SMTP_URL' | 'staffTwoFactorRequired'>,
  report: StartupReport,
): string[] {
  const lines: string[] = [];
  const { demo } = report;
  if (demo) {
    const { adminEmail, adminPassword, memberPassword, exampleMemberEmail } = demo.credentials;
    const domain = exampleMemberEmail.split('@')[1] ?? '';
    if (config.isProduction) {
      // Production logs are kept and shipped: no password in them.
      lines.push(`Demo admin: ${adminEmail}  (password: run \`npm run admin:password\` on this machine)`);
    } else if (!demo.current) {
      lines.push(`Demo admin: ${adminEmail}  (password changed since the demo was seeded)`);
    } else {
      lines.push(
        `Demo admin: ${adminEmail} / ${adminPassword}${report.seeded ? '  (demo content seeded just now)' : ''}`,
      );
    }
    if (!config.isProduction) {
      lines.push(`Demo members: first.last@${domain} (for example ${exampleMemberEmail}) / ${memberPassword}`);
    }
    if (demo.file) {
      lines.push(
        `Demo logins are kept in ${displayPath(demo.file)} (owner only); \`npm run admin:password\` prints them again`,
      );
    }
  }
  const fromEnvironment = report.environmentAdmin;
  if (fromEnvironment?.status === 'created') lines.push(`Admin created from ADMIN_EMAIL: ${fromEnvironment.email}`);
  if (fromEnvironment?.status === 'exists-not-admin') {
    lines.push(
      `ADMIN_EMAIL ${fromEnvironment.email} is a member but not an admin: \`npm run admin:create -- --email ${fromEnvironment.email}\` promotes them`,
    );
  }
  if (!report.hasAdmin) {
    lines.push(
      'No admin yet: run `npm run admin:create` (stop the server first on the embedded database),',
      'or set ADMIN_EMAIL and ADMIN_PASSWORD and start again.',
    );
  }
  lines.push(
    `Captured mail: sign in as the admin and open ${config.publicUrl}/dev/mailbox${config.SMTP_URL ? ' (also sent over SMTP)' : ''}`,
    `Admin area: ${config.publicUrl}/admin (events, forums, sponsors, users, podcasts, reports, outbox, activity, jobs, insights, announcements, invitations)`,
    config.staffTwoFactorRequired
      ? 'Two-step sign-in is required of admins and door staff: at their first sign-in they set up an authenticator app on /dashboard before the admin area opens (STAFF_TWO_FACTOR=recommended turns this off).'
      : 'Two-step sign-in is recommended for admins and door staff (set it up on /dashboard); STAFF_TWO_FACTOR=required makes it a must, as in production.',
  );
  return lines;
}
