import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { startFleet } from '../src/server/fleet/launcher';

// `npm run fleet`: N server processes (FLEET_SIZE, default 2) on PostgreSQL behind nginx, as
// production runs them (deploy/nginx/power-mixer.conf). Ctrl-C stops it; SIGHUP restarts the
// processes one at a time (a rolling restart: no request is lost).

const size = Number(process.env.FLEET_SIZE ?? 2);
const port = Number(process.env.FLEET_PORT ?? 8080);
const firstProcessPort = Number(process.env.FLEET_FIRST_PORT ?? 3001);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/power_mixer';
const dataDir = process.env.DATA_DIR ?? 'data/fleet';

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  try {
    await client.connect();
  } catch (error) {
    console.error(`\n  Cannot reach PostgreSQL at ${server.host} (${(error as Error).message}).`);
    console.error('  The fleet runs on a PostgreSQL server: set DATABASE_URL, or start the local one.\n');
    process.exit(1);
  }
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  await client.end();
}

await ensureDatabase(databaseUrl);
// The web app is built when its sources changed, as `npm start` does.
const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-changed.ts'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const fleet = await startFleet({
  size,
  port,
  firstProcessPort,
  databaseUrl,
  dataDir,
  output: 'inherit',
  // Warnings and errors only: a line per request from every process drowns the banner.
  env: { PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});

const ports = fleet.processes.map((p) => p.port).join(', ');
console.log(`\n  Power Mixer fleet: http://localhost:${port}  (nginx -> ${size} processes on ports ${ports})`);
console.log(`  Database: ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}; files under ${dataDir}`);
console.log(`  Demo sign-in: DATA_DIR=${dataDir} npm run admin:password prints the admin's e-mail and password.`);
console.log('  Mail is captured in the admin area: /admin?tab=outbox (set SMTP_URL to deliver it).');
console.log(`  Rolling restart: kill -HUP ${process.pid}.  Stop: Ctrl-C.\n`);

let busy = false;
process.on('SIGHUP', () => {
  if (busy) return;
  busy = true;
  console.log('  rolling restart...');
  fleet
    .rollingRestart()
    .then(
      () => console.log('  rolling restart done'),
      (error: unknown) => console.error('  rolling restart failed:', error),
    )
    .finally(() => (busy = false));
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void fleet.stop().then(() => process.exit(0));
  });
}
