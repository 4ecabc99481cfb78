import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JobRun } from '../platform/jobs';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker-process.ts');

/** Another server process on `databaseUrl` (see worker-process.ts), driven by the test. */
export interface Worker {
  name: string;
  child: ChildProcess;
  setClock(at: Date): Promise<void>;
  tick(): Promise<JobRun[]>;
  /** Sends a tick without waiting for it (a process that will hang holding a job). */
  tickInBackground(): void;
  close(): Promise<void>;
  kill(): void;
}

export async function startWorker(
  databaseUrl: string,
  options: { clock: Date; hold?: boolean; env?: Record<string, string> },
): Promise<Worker> {
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      WORKER_DATABASE_URL: databaseUrl,
      WORKER_CLOCK: options.clock.toISOString(),
      HOLD_JOBS: options.hold ? '1' : '0',
      WORKER_ENV: JSON.stringify(options.env ?? {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<{ type: string; runs?: JobRun[]; worker?: string; message?: string }>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`worker exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (m: { type: string; message?: string }) => {
        child.off('exit', onExit);
        if (m.type === 'error') reject(new Error(m.message));
        else resolve(m);
      });
    });
  const ready = await next();
  let queue = Promise.resolve<unknown>(undefined);
  const ask = <T>(command: object) => {
    const answer = queue.then(() => {
      const reply = next();
      child.send(command);
      return reply;
    });
    queue = answer.catch(() => undefined);
    return answer as Promise<T>;
  };
  return {
    name: ready.worker!,
    child,
    setClock: (at) => ask({ type: 'clock', at: at.toISOString() }),
    tick: async () => (await ask<{ runs: JobRun[] }>({ type: 'tick' })).runs,
    tickInBackground: () => void child.send({ type: 'tick' }),
    close: async () => {
      if (child.exitCode !== null || child.signalCode) return;
      await ask({ type: 'close' }).catch(() => undefined);
    },
    kill: () => void child.kill('SIGKILL'),
  };
}
