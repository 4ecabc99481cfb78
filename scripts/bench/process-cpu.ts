import { readdirSync, readFileSync } from 'node:fs';

// CPU time of processes from /proc (Linux): utime + stime of each, read before and after a run,
// so a report can say which process used how much of a core. Processes that start during the
// run count from zero; those that exit during it are lost (the fleet's are long-lived).

/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ, 100 on every usual kernel). */
const TICKS_PER_SECOND = 100;

export interface ProcInfo {
  pid: number;
  ppid: number;
  /** Its process group (a child server started detached: npx, tsx and node share one). */
  pgrp: number;
  /** utime + stime, in ticks. */
  ticks: number;
  cmdline: string;
}

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name sits in parentheses and may hold spaces: the fields follow its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    // fields[0] is field 3 (state): ppid is field 4, pgrp 5, utime 14, stime 15.
    return {
      pid,
      ppid: Number(fields[1]),
      pgrp: Number(fields[2]),
      ticks: Number(fields[11]) + Number(fields[12]),
      cmdline,
    };
  } catch {
    return null; // gone meanwhile
  }
}

export function allProcesses(): ProcInfo[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((p): p is ProcInfo => p !== null);
}

/** Busy and total ticks of the whole machine (all cores), from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  // idle + iowait are the only not-busy columns.
  return { busy: total - cpu[3]! - cpu[4]!, total };
}

/** Named groups of processes, each chosen by a predicate over every process at sampling time. */
export type Groups = Record<string, (p: ProcInfo, all: ProcInfo[]) => boolean>;

/** The PostgreSQL backends serving the database of `databaseUrl`, and the cluster's own processes
 * (the postmaster, checkpointer, WAL writer, autovacuum...); other databases' backends belong to
 * other work on the machine and are left out. */
export function postgresGroups(databaseUrl: string): Groups {
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  return {
    'postgres (this database)': (p) => backendDatabase(p.cmdline) === database,
    'postgres (cluster)': (p) =>
      /\/bin\/postgres( |$)/.test(p.cmdline) ||
      (p.cmdline.startsWith('postgres: ') && backendDatabase(p.cmdline) === null),
  };
}

/** A backend's title is "postgres: [cluster: ]<user> <database> <client> <state>". */
function backendDatabase(cmdline: string): string | null {
  const match = /^postgres: (?:\S+: )?\S+ (\S+) (?:\S+\(\d+\)|\[local\])/.exec(cmdline);
  return match ? match[1]! : null;
}

export interface CpuSample {
  at: number;
  perPid: Map<number, { ticks: number; group: string | null }>;
  machine: { busy: number; total: number };
  self: NodeJS.CpuUsage;
}

export function sampleCpu(groups: Groups): CpuSample {
  const all = allProcesses();
  const perPid = new Map<number, { ticks: number; group: string | null }>();
  for (const p of all) {
    const group = Object.keys(groups).find((name) => groups[name]!(p, all)) ?? null;
    if (group) perPid.set(p.pid, { ticks: p.ticks, group });
  }
  return { at: performance.now(), perPid, machine: machineTicks(), self: process.cpuUsage() };
}

export interface CpuUse {
  /** Per group: cores used on average (1 = one core fully busy), and how many processes. */
  groups: Record<string, { cores: number; processes: number; busiest: number }>;
  /** This process (the load generator). */
  loadGenerator: number;
  /** The whole machine's busy cores, everything included (other work too). */
  machine: number;
  cores: number;
}

export function cpuBetween(before: CpuSample, after: CpuSample, groups: Groups, cores: number): CpuUse {
  const seconds = (after.at - before.at) / 1000;
  const out: CpuUse['groups'] = Object.fromEntries(
    Object.keys(groups).map((g) => [g, { cores: 0, processes: 0, busiest: 0 }]),
  );
  for (const [pid, { ticks, group }] of after.perPid) {
    if (!group) continue;
    const used = (ticks - (before.perPid.get(pid)?.ticks ?? 0)) / TICKS_PER_SECOND / seconds;
    out[group]!.cores += used;
    out[group]!.processes++;
    out[group]!.busiest = Math.max(out[group]!.busiest, used);
  }
  const self = { user: after.self.user - before.self.user, system: after.self.system - before.self.system };
  const machineShare =
    (after.machine.busy - before.machine.busy) / Math.max(1, after.machine.total - before.machine.total);
  return {
    groups: out,
    loadGenerator: (self.user + self.system) / 1e6 / seconds,
    machine: machineShare * cores,
    cores,
  };
}
