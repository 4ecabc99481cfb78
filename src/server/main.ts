import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { isDatabaseEmpty, seedDemo } from './db/seed/seed';
import { createStorage } from './platform/storage';
import { buildApp } from './app';

// Starts one server process: migrate, seed an empty database, listen, shut down cleanly.
const config = loadConfig();
const databaseUrl = config.DATABASE_URL ?? path.resolve(config.DATA_DIR, 'db');
const database = await openDatabase(databaseUrl);
const storage = createStorage(config);

let seeded: { adminEmail: string; adminPassword: string } | null = null;
if (config.SEED_ON_EMPTY && (await isDatabaseEmpty(database.db))) {
  seeded = await seedDemo(database.db, storage, {
    adminEmail: config.DEMO_ADMIN_EMAIL,
    adminPassword: config.DEMO_ADMIN_PASSWORD,
  });
}

const app = await buildApp({ config, database, storage });
await app.listen({ port: config.PORT, host: config.HOST });

const where = config.DATABASE_URL
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PGlite in ${path.relative(process.cwd(), databaseUrl) || databaseUrl}`;
console.log(`\n  Power Mixer is running at ${config.publicUrl}  (database: ${where})`);
if (!config.isProduction) {
  console.log(
    `  Demo admin: ${config.DEMO_ADMIN_EMAIL} / ${config.DEMO_ADMIN_PASSWORD}${seeded ? '  (demo content seeded just now)' : ''}`,
  );
  console.log(
    `  Mails are captured at ${config.publicUrl}/dev/mailbox${config.SMTP_URL ? ' and sent over SMTP' : ''}\n`,
  );
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  await database.close(); // PGlite flushes its data directory here
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
