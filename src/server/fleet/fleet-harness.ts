import net from 'node:net';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startFleet, type Fleet, type FleetOptions } from './launcher';
import { WebClient } from './web-client';

// A fleet on a database of its own, for one test file: 2 processes behind nginx, with a listener
// per process ("through A", "through B"), demo content seeded with known passwords.

export const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const DEMO_ADMIN = { email: 'admin@powermixer.example', password: 'fleet admin password 1' };
export const DEMO_MEMBER_PASSWORD = 'fleet member password 1';

export interface TestFleet {
  fleet: Fleet;
  /** The balancer. */
  url: string;
  /** nginx listeners that go to process A (0) or B (1) only. */
  a: string;
  b: string;
  origin: string;
  databaseUrl: string;
  sql: pg.Pool;
  client(via?: string, forwardedFor?: string, localAddress?: string): WebClient;
  /** The upstream lines of the site config nginx runs now (which processes are `down`). */
  upstreams(): string[];
  /** The last lines process `index` printed (for a failure's message). */
  logTail(index: number, lines?: number): string;
  close(): Promise<void>;
}

export async function startTestFleet(
  env: Record<string, string> = {},
  extra: Partial<FleetOptions> = {},
  serverUrl = SERVER_URL,
): Promise<TestFleet> {
  const name = `pm_fleet_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'power-mixer-fleet-'));
  // nginx, its two pinned listeners, and the processes at port + 10 onwards.
  const port = await freePortBlock(20);
  const origin = `http://localhost:${port}`;
  const fleet = await startFleet({
    size: 2,
    port,
    firstProcessPort: port + 10,
    databaseUrl,
    dataDir,
    pinned: true,
    output: process.env.FLEET_OUTPUT === 'inherit' ? 'inherit' : { logDir: dataDir },
    ...extra,
    env: {
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: 'true',
      DEMO_ADMIN_PASSWORD: DEMO_ADMIN.password,
      DEMO_MEMBER_PASSWORD,
      CACHE_STALE_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '15000',
      ...env,
    },
  });
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return {
    fleet,
    url: fleet.url,
    a: fleet.processes[0]!.pinnedUrl!,
    b: fleet.processes[1]!.pinnedUrl!,
    origin,
    databaseUrl,
    sql,
    client: (via = fleet.url, forwardedFor?: string, localAddress?: string) =>
      new WebClient(origin, via, forwardedFor, localAddress),
    upstreams() {
      return readFileSync(path.join(dataDir, 'nginx', 'power-mixer.conf'), 'utf8')
        .split('\n')
        .filter((line) => /^\s*server 127\.0\.0\.1:\d+ max_fails/.test(line))
        .map((line) => line.trim());
    },
    logTail(index, lines = 40) {
      try {
        return readFileSync(path.join(dataDir, `process-${index}.log`), 'utf8')
          .split('\n')
          .slice(-lines)
          .join('\n');
      } catch {
        return '(no log: FLEET_OUTPUT=inherit prints it instead)';
      }
    },
    async close() {
      await sql.end();
      await fleet.stop();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      if (process.env.FLEET_KEEP) console.log(`fleet files kept in ${dataDir}`);
      else await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** Registers a new member through `via`; the client is signed in. */
export async function newMember(fleet: TestFleet, via: string) {
  const tag = `fleet${Date.now().toString(36)}${++counter}`;
  // Each member from an address of their own (127.0.0.1 is left to the tests of the limit).
  const client = fleet.client(via, undefined, `127.0.${Math.floor(counter / 250) + 1}.${(counter % 250) + 2}`);
  const res = await client.post('/api/auth/register', {
    email: `${tag}@example.com`,
    username: tag,
    fullName: `Fleet ${tag}`,
    password: 'a long fleet test password',
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`register answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { client, username: tag, email: `${tag}@example.com`, password: 'a long fleet test password' };
}

/** The first of `size` consecutive ports on 127.0.0.1 that nothing listens on (a listener left
 * by an earlier run would otherwise pass for the new one). */
export async function freePortBlock(size: number, from = 20_000, to = 40_000): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = from + Math.floor(Math.random() * ((to - from - size) / size)) * size;
    let ok = true;
    for (let port = base; port < base + size && ok; port++) ok = await free(port);
    if (ok) return base;
  }
  throw new Error(`no ${size} free ports in a row between ${from} and ${to}`);
}

/** A PostgreSQL cluster of the test's own (Debian's pg_createcluster), so restarting it under
 * load disturbs no other test. Trust auth on localhost, like the machine's main cluster. */
export function createScratchCluster(port: number) {
  const version = readdirSync('/etc/postgresql')
    .sort((x, y) => Number(x) - Number(y))
    .at(-1)!;
  const name = `pmfaults${port}`;
  const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: 'ignore' });
  const runAsync = (cmd: string, args: string[]) => promisify(execFile)(cmd, args);
  // Clusters left by runs that were killed before their clean-up go first, whatever their port.
  const clustersDir = `/etc/postgresql/${version}`;
  for (const old of readdirSync(clustersDir).filter((n) => n.startsWith('pmfaults'))) {
    try {
      run('pg_dropcluster', ['--stop', version, old]);
    } catch {
      // already half gone: pg_createcluster below says if that matters
    }
  }
  run('pg_createcluster', [version, name, '--port', String(port), '--', '--auth-host=trust', '--auth-local=trust']);
  run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Stops the cluster (fast: sessions are cut), keeps it down for `downMs`, starts it again;
     * resolves with how long it was away (ms). Asynchronous: the load keeps running meanwhile. */
    async restart(downMs = 0) {
      const started = Date.now();
      await runAsync('pg_ctlcluster', ['--skip-systemctl-redirect', '--mode', 'fast', version, name, 'stop']);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await runAsync('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'start']);
      return Date.now() - started;
    },
    drop() {
      run('pg_dropcluster', ['--stop', version, name]);
    },
  };
}
