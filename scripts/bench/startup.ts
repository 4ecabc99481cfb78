import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { onCleanup } from './cleanup';
import { runPart, type BenchPart } from './part';
import { int, log, printTitle, type PartReport } from './report';
import { BENCH_SESSION_SECRET, freePort, tempDir } from './servers';
import { settings } from './settings';

// Start-up: the server as production runs it (`npm run serve`: Node running the built
// dist/server/main.js) beside the same server run from its TypeScript through tsx's loader (what
// `npm start` and `npm run serve` ran before issue 38), on the same PGlite database with the demo
// content (seeded by a first start, not measured). Each way starts RUNS times, alternating: the
// time from the process's spawn to its first answer on /api/health, and its resident memory (RSS)
// then and after 2,000 requests over a page's reads.

const RUNS = 3;
const WAYS = [
  { name: 'built (node dist/server/main.js)', args: ['--enable-source-maps', 'dist/server/main.js'] },
  { name: 'source (tsx src/server/main.ts)', args: ['--import', 'tsx', 'src/server/main.ts'] },
] as const;
const READS = ['/api/landing', '/api/events', '/api/podcasts', '/api/members', '/'];

interface StartupRun {
  readyMs: number;
  rssReadyMb: number;
  rssWarmMb: number;
}

interface StartupReport extends PartReport {
  ways: { name: string; runs: StartupRun[] }[];
}

export const startupPart: BenchPart<StartupReport> = {
  enabled: settings.startup,
  run: () => {
    const report: StartupReport = { description: 'PGlite, the demo content', ways: [] };
    return runPart('startup', report, () => benchStartup(report));
  },
  print: printStartup,
  broken: (report) => !!report.failed,
};

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

async function startOnce(args: readonly string[], dataDir: string, seed: boolean): Promise<StartupRun> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: settings.root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: seed ? 'true' : 'false',
      NODE_ENV: 'production',
      SESSION_SECRET: BENCH_SESSION_SECRET,
      STAFF_TWO_FACTOR: 'recommended',
    },
    stdio: 'ignore',
  });
  const forget = onCleanup(`startup server (pid ${child.pid})`, async () => void child.kill('SIGKILL'));
  try {
    const url = `http://127.0.0.1:${port}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 120_000) throw new Error('the server did not answer in 2 minutes');
      await sleep(5);
    }
    const readyMs = performance.now() - started;
    const rssReadyMb = rssMb(child.pid!);
    for (let i = 0; i < 2_000; i += 20)
      await Promise.all(
        READS.flatMap((path) => Array.from({ length: 4 }, () => fetch(url + path).then((r) => r.arrayBuffer()))),
      );
    const rssWarmMb = rssMb(child.pid!);
    return { readyMs, rssReadyMb, rssWarmMb };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    forget();
  }
}

async function benchStartup(report: StartupReport) {
  log('\n▶ startup: the built server against the same run through tsx');
  const dataDir = tempDir('pm-bench-startup-');
  log('  seeding the demo content with a first start (not measured)...');
  await startOnce(WAYS[0].args, dataDir, true);
  report.ways = WAYS.map((way) => ({ name: way.name, runs: [] }));
  for (let run = 0; run < RUNS; run += 1) {
    for (const [index, way] of WAYS.entries()) {
      const result = await startOnce(way.args, dataDir, false);
      report.ways[index]!.runs.push(result);
      log(
        `  ${way.name}: answered after ${int(result.readyMs)} ms, RSS ${result.rssReadyMb.toFixed(0)} MB, after 2,000 reads ${result.rssWarmMb.toFixed(0)} MB`,
      );
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function printStartup(report: StartupReport) {
  const say = console.log;
  printTitle(`START-UP  (median of ${RUNS} starts each, PGlite with the demo content)`);
  if (report.failed) say(`   FAILED: ${report.failed}`);
  const [built, source] = report.ways;
  if (!built || !source || built.runs.length === 0) return;
  const row = (way: NonNullable<typeof built>) => [
    way.name,
    int(median(way.runs.map((r) => r.readyMs))),
    median(way.runs.map((r) => r.rssReadyMb)).toFixed(0),
    median(way.runs.map((r) => r.rssWarmMb)).toFixed(0),
  ];
  const head = ['way', 'first answer ms', 'RSS MB at start', 'RSS MB after 2,000 reads'];
  say(`| ${head.join(' | ')} |\n| --- | ---: | ---: | ---: |`);
  say(`| ${row(built).join(' | ')} |`);
  say(`| ${row(source).join(' | ')} |`);
  const ratio = (pick: (r: StartupRun) => number) =>
    `${((100 * median(built.runs.map(pick))) / median(source.runs.map(pick))).toFixed(0)}%`;
  say(
    `\nBuilt against source: start-up ${ratio((r) => r.readyMs)}, RSS at start ${ratio((r) => r.rssReadyMb)}, after reads ${ratio((r) => r.rssWarmMb)}.`,
  );
}
