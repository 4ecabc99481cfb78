// Everything the benchmark starts (child servers, temp folders, databases, the browser) registers
// how to undo it here, so it is undone on success, on error and on Ctrl-C alike.

interface Task {
  name: string;
  /** The normal, asynchronous undo. */
  run: () => Promise<void> | void;
  /** A last resort for process 'exit', where nothing asynchronous runs any more. */
  runSync?: () => void;
}

const tasks = new Set<Task>();

/** Registers an undo; call the returned function once it has been done the normal way. */
export function onCleanup(name: string, run: Task['run'], runSync?: Task['runSync']): () => void {
  const task: Task = { name, run, runSync };
  tasks.add(task);
  return () => void tasks.delete(task);
}

/** Runs every registered undo, newest first; failures are reported, not thrown. */
export async function cleanupAll(): Promise<void> {
  for (const task of [...tasks].reverse()) {
    tasks.delete(task);
    try {
      await task.run();
    } catch (err) {
      console.error(`  cleanup of ${task.name} failed: ${(err as Error).message}`);
    }
  }
}

let interrupted = false;

/** Ctrl-C or a kill still stops the child servers and removes what was created. */
export function installCleanupHandlers(): void {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      if (interrupted) process.exit(code); // a second Ctrl-C leaves at once
      interrupted = true;
      console.error(`\n${signal}: stopping servers and cleaning up...`);
      void cleanupAll().finally(() => process.exit(code));
    });
  }
  process.on('exit', () => {
    for (const task of tasks) {
      try {
        task.runSync?.();
      } catch {
        // nothing more can be done while exiting
      }
    }
  });
}
