import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { onCleanup } from './cleanup';
import { settings } from './settings';

// Servers under load run as child processes, so the load generator (this process) and the
// server never share an event loop: what we measure is the server, not autocannon.

export interface ChildServer {
  url: string;
  /** The process group's leader (npx): the server's processes (npx, tsx, node) share its group. */
  pid: number;
  /** Stops the whole process group gracefully (PGlite flushes on SIGTERM), then forcefully. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A temp folder removed at the end, whatever happens. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  onCleanup(`temp folder ${dir}`, remove, remove);
  return dir;
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

const killGroup = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
};

/** Starts `npx tsx <script>` on a free port, in its own process group, and waits until
 * `readyPath` answers 200. `envFor` gets the port (the app's PUBLIC_URL must name it). */
async function startChild(
  name: string,
  /** A TypeScript file run through tsx, or the built server (`dist/server/main.js`) run by Node. */
  script: string,
  envFor: (port: number) => Record<string, string>,
  readyPath: string,
): Promise<ChildServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // npx -> tsx -> node: detached puts all three in one process group that we signal as a whole.
  const [command, args] = script.endsWith('.js')
    ? [process.execPath, [...settings.cpuProfile, '--enable-source-maps', script]]
    : ['npx', ['tsx', script]];
  const child = spawn(command, args, {
    cwd: settings.root,
    env: { ...childEnv(), ...envFor(port), PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid!;
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000); // the tail, for error messages
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  child.on('exit', () => (exited = true));

  async function stop() {
    killGroup(pid, 'SIGTERM');
    for (let waited = 0; waited < 15_000 && groupAlive(pid); waited += 100) await sleep(100);
    if (groupAlive(pid)) killGroup(pid, 'SIGKILL');
  }
  const forget = onCleanup(`${name} (pid ${pid})`, stop, () => killGroup(pid, 'SIGKILL'));

  await untilAnswered(url + readyPath, {
    exited: () => exited,
    seconds: 120,
    every: 250,
    stop,
    what: () => `${name} was not ready`,
    detail: () => `:\n${output}`,
  });

  return {
    url,
    pid,
    async stop() {
      await stop();
      forget();
    },
  };
}

/** Waits until `url` answers 2xx; throws when the process behind it exits first, or (after
 * `stop`) when `seconds` pass. */
export async function untilAnswered(
  url: string,
  wait: {
    exited: () => boolean;
    seconds: number;
    /** Milliseconds between tries. */
    every: number;
    stop: () => Promise<void>;
    /** "app server was not ready": the start of the error. */
    what: () => string;
    detail?: () => string;
  },
): Promise<void> {
  const deadline = Date.now() + wait.seconds * 1000;
  for (;;) {
    if (wait.exited()) throw new Error(`${wait.what()}: it exited first${wait.detail?.() ?? ''}`);
    const ok = await fetch(url)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) {
      await wait.stop();
      throw new Error(`${wait.what()} after ${wait.seconds} s${wait.detail?.() ?? ''}`);
    }
    await sleep(wait.every);
  }
}

/** The environment a child inherits, minus settings that would point it at another database. */
function childEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'PUBLIC_URL'].includes(key))
      env[key] = value;
  }
  return env;
}

/** The app server's session secret: the benchmark's own session checks must use the same. */
export const BENCH_SESSION_SECRET = 'benchmark-only-session-secret-0123456789abcdef';

/** The real server, in production mode, on an already generated database; `extraEnv` adds
 * settings (AUTH_RATE_LIMIT for the members part's sign-in). */
export function startAppServer(
  database: { DATABASE_URL: string } | { DATA_DIR: string },
  extraEnv: Record<string, string> = {},
): Promise<ChildServer> {
  // Uploads go to a temp folder, never into the repository's ./data.
  const dataDir = 'DATA_DIR' in database ? database.DATA_DIR : tempDir('pm-bench-uploads-');
  return startChild(
    'app server',
    // What production runs: the built server (`npm run serve`).
    'dist/server/main.js',
    (port) => ({
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The benchmarks' admin signs in with a password only.
      STAFF_TWO_FACTOR: 'recommended',
      SESSION_SECRET: BENCH_SESSION_SECRET,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...extraEnv,
      ...database,
      DATA_DIR: dataDir,
    }),
    '/api/health',
  );
}

/** The framework's ceiling: scripts/bench/minimal-server.ts. */
export function startMinimalServer(): Promise<ChildServer> {
  return startChild('minimal Fastify server', 'scripts/bench/minimal-server.ts', () => ({}), '/');
}

/** The live notice's ceiling: scripts/bench/fan-out-server.ts. */
export function startFanOutServer(): Promise<ChildServer> {
  return startChild('bare event-stream server', 'scripts/bench/fan-out-server.ts', () => ({}), '/');
}

/** Signs in through the running server (as the web app does) and returns the Cookie header. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    // The CSRF guard wants our own origin on writes: the server's PUBLIC_URL.
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`POST /api/auth/sign-in answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
  await res.arrayBuffer();
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='));
  if (cookies.length === 0) throw new Error('the sign-in set no cookie');
  return cookies.join('; ');
}
