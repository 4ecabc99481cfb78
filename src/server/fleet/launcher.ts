import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { settlesWithin, startNginx, type RunningNginx } from './nginx';

// A fleet on one machine, as production runs it: N server processes on one PostgreSQL behind
// nginx. Used by `npm run fleet` and by the fleet and fault tests.

export interface FleetOptions {
  size: number;
  /** The balancer's port. */
  port: number;
  /** First server process port; the others follow. */
  firstProcessPort: number;
  databaseUrl: string;
  /** Shared by every process: uploads (one machine), demo credentials, nginx's files. */
  dataDir: string;
  /** Extra environment for every process. */
  env?: Record<string, string>;
  /** Also listen on one port per process that goes to that process only (tests). */
  pinned?: boolean;
  /** Where a process's output goes: inherited (the CLI), dropped (benchmarks), or appended to
   * `process-N.log` in this folder (tests, which show it when a process died). */
  output?: 'inherit' | 'ignore' | { logDir: string };
  /** How often each process's GET /api/ready is asked (ms); 0 turns the watcher off. */
  readinessIntervalMs?: number;
}

export interface FleetProcess {
  index: number;
  port: number;
  /** nginx's listener for this process only, when `pinned`. */
  pinnedUrl?: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

export interface Fleet {
  /** The balancer's URL: what visitors use. */
  url: string;
  processes: FleetProcess[];
  /** One process at a time: out of the balancer, SIGTERM (it finishes what it holds and exits
   * cleanly), start again, wait until ready, back into the balancer. */
  rollingRestart(): Promise<void>;
  /** Stops process `index` with `signal` and waits for it to exit. */
  stopProcess(index: number, signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts process `index` again and waits until it is ready. */
  startProcess(index: number): Promise<void>;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 120_000;

export async function waitUntilReady(url: string, child?: ChildProcess, timeoutMs = READY_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server process exited with code ${child.exitCode}`);
    const res = await fetch(`${url}/api/ready`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const interval = options.readinessIntervalMs ?? 1_000;
  const nginxDir = path.resolve(options.dataDir, 'nginx');
  await mkdir(nginxDir, { recursive: true });
  const ports = Array.from({ length: options.size }, (_, i) => options.firstProcessPort + i);
  const url = `http://127.0.0.1:${options.port}`;
  const processes: FleetProcess[] = ports.map((port, index) => ({
    index,
    port,
    pinnedUrl: options.pinned ? `http://127.0.0.1:${options.port + 1 + index}` : undefined,
    child: null as unknown as ChildProcess,
    exited: Promise.resolve(null),
  }));

  const launch = (p: FleetProcess) => {
    const output =
      typeof options.output === 'object'
        ? openSync(path.join(options.output.logDir, `process-${p.index}.log`), 'a')
        : (options.output ?? 'ignore');
    // The built server, as `npm run serve` runs it (the callers build it first).
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
      env: {
        ...process.env,
        PORT: String(p.port),
        // Only nginx talks to the processes, and only nginx's X-Forwarded-For is believed.
        HOST: '127.0.0.1',
        TRUST_PROXY: '127.0.0.1',
        DATABASE_URL: options.databaseUrl,
        DATA_DIR: options.dataDir,
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${options.port}`,
        // A process told to stop stays up, unready, until the watcher has taken it out of nginx.
        SHUTDOWN_DRAIN_MS: String(interval > 0 ? interval * 2 + 1_000 : 0),
        ...options.env,
      },
      stdio: ['ignore', output, output],
    });
    if (typeof output === 'number') closeSync(output); // the child holds its own copy
    p.child = child;
    p.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  };

  const startProcess = async (index: number) => {
    const p = processes[index]!;
    launch(p);
    await waitUntilReady(`http://127.0.0.1:${p.port}`, p.child);
  };

  const stopProcess = async (index: number, signal: NodeJS.Signals = 'SIGTERM') => {
    const p = processes[index]!;
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
    return p.exited;
  };

  let nginx: RunningNginx | null = null;
  /** Taken out for a planned restart. */
  const down = new Set<number>();
  /** Answering 503 (or nothing) on /api/ready: draining, or cut off from the database. */
  const notReady = new Set<number>();
  const layout = () => {
    const out = new Set(down);
    // A database outage makes every process unready: then all stay in, and visitors get the
    // app's own 503 with its message rather than nginx's bare 502.
    if (ports.some((port) => !down.has(port) && !notReady.has(port))) for (const port of notReady) out.add(port);
    return {
      port: options.port,
      upstreams: ports,
      pinned: options.pinned ? processes.map((p, i) => ({ port: options.port + 1 + i, upstream: p.port })) : [],
      down: [...out],
    };
  };
  // One reload at a time, whoever asks (the rolling restart, the readiness watcher).
  let reloading = Promise.resolve();
  const applyLayout = () => (reloading = reloading.then(() => nginx!.reload(layout())));

  // nginx's free version has no active health checks: this watcher is the balancer's, asking each
  // process's readiness and taking it out of the upstream list while it says 503.
  let watching = interval > 0;
  const watcher = (async () => {
    while (watching) {
      await new Promise((resolve) => setTimeout(resolve, interval));
      if (!nginx || !watching) continue;
      let changed = false;
      await Promise.all(
        processes.map(async (p) => {
          const res = await fetch(`http://127.0.0.1:${p.port}/api/ready`, { signal: AbortSignal.timeout(2_000) }).catch(
            () => null,
          );
          const ready = res?.status === 200;
          await res?.body?.cancel();
          if (ready === notReady.has(p.port)) {
            if (ready) notReady.delete(p.port);
            else notReady.add(p.port);
            changed = true;
          }
        }),
      );
      if (changed && watching) await applyLayout();
    }
  })();
  try {
    // The first process migrates and seeds an empty database; the others start on what it made.
    await startProcess(0);
    await Promise.all(processes.slice(1).map((p) => startProcess(p.index)));
    nginx = await startNginx(nginxDir, layout());
  } catch (error) {
    watching = false;
    await Promise.all(processes.map((p) => (p.child ? stopProcess(p.index, 'SIGKILL') : null)));
    throw error;
  }

  return {
    url,
    processes,
    startProcess,
    stopProcess,
    async rollingRestart() {
      for (const p of processes) {
        down.add(p.port);
        await applyLayout();
        const code = await stopProcess(p.index, 'SIGTERM');
        if (code !== 0) throw new Error(`process ${p.index} exited with ${code} on SIGTERM`);
        await startProcess(p.index);
        notReady.delete(p.port);
        down.delete(p.port);
        await applyLayout();
      }
    },
    async stop() {
      watching = false;
      await watcher;
      await reloading;
      // Both at once: the processes' SIGTERM closes the event streams nginx would wait for.
      await Promise.all([
        nginx?.stop(),
        ...processes.map(async (p) => {
          if (!p.child) return;
          const exited = stopProcess(p.index, 'SIGTERM');
          if (!(await settlesWithin(exited, 15_000))) await stopProcess(p.index, 'SIGKILL');
        }),
      ]);
    },
  };
}
