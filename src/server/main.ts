import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createStorage } from './platform/storage';
import { bannerLines, prepareInstall } from './setup/start-up';
import { AdminSetupError } from './setup/admin-account';
import { buildApp } from './app';

// Starts one server process: migrate, seed an empty database, listen, shut down cleanly.
const config = loadConfig();
const databaseUrl = config.DATABASE_URL ?? path.resolve(config.DATA_DIR, 'db');
const database = await openDatabase(databaseUrl);
const storage = createStorage(config);
// The local uploads folder is served from the first request on, even before anything (a seed) wrote to it.
if (!config.S3_BUCKET) mkdirSync(path.resolve(config.DATA_DIR, 'uploads'), { recursive: true });

// Demo content on an empty database (outside production unless SEED_ON_EMPTY=true), with
// passwords drawn now and kept under DATA_DIR; the admin named by ADMIN_EMAIL when missing.
const report = await prepareInstall(database.db, storage, config).catch(async (error: unknown) => {
  if (!(error instanceof AdminSetupError)) throw error;
  console.error(`\n  ${error.message}\n`);
  await database.close();
  process.exit(1);
});

const app = await buildApp({ config, database, storage });
await app.listen({ port: config.PORT, host: config.HOST });

const where = config.DATABASE_URL
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PGlite in ${path.relative(process.cwd(), databaseUrl) || databaseUrl}`;
console.log(`\n  Power Mixer is running at ${config.publicUrl}  (database: ${where})`);
for (const line of bannerLines(config, report)) console.log(`  ${line}`);
console.log('');

// SIGTERM (a deploy, a rolling restart): readiness turns to 503 at once so the balancer stops
// sending new work; after SHUTDOWN_DRAIN_MS the listener closes, requests in flight finish, live
// streams end (browsers reconnect through the balancer to another process and refetch), and the
// pool closes. Anything still running after SHUTDOWN_TIMEOUT_MS is cut off.
const drainMs = Number(process.env.SHUTDOWN_DRAIN_MS ?? 0);
const timeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal, drainMs }, 'shutting down: draining');
  app.services.lifecycle.drain();
  const force = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, drainMs + timeoutMs);
  force.unref();
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  await app.close();
  await database.close(); // PGlite flushes its data directory here
  app.log.info('shut down cleanly');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
