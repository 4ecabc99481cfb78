import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse from 'lighthouse';
import { chromium, type CDPSession } from 'playwright-core';
import { onCleanup } from './cleanup';
import { describeFirstLoad, LANDING_FIRST_LOAD_BUDGET, landingFirstLoad, type FirstLoad } from './first-load';
import { runPart, type BenchPart } from './part';
import { kb, log, printTitle, type PartReport } from './report';
import { freePort, startAppServer, tempDir, untilAnswered } from './servers';
import { settings } from './settings';

// The page suite: what a visitor's browser receives and what Lighthouse makes of it, on the real
// server in production mode with the demo content of a first `npm start` (seeded on start).
// - Bytes transferred for the landing page: every request of a first visit (empty cache) as
//   Chromium received it off the wire (CDP Network.loadingFinished encodedDataLength: headers
//   plus the body as sent, compressed or not), on a phone's screen and on a desktop's; what
//   scrolling to the end adds (lazy pictures below the fold) is reported beside it.
// - Lighthouse (mobile, simulated throttling: its defaults) on /, /events, the next event's page,
//   /community and /podcasts: performance, accessibility, best practices, SEO, CLS and LCP.

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Transfer {
  viewport: string;
  /** Everything the page loads by itself, without the visitor scrolling (what the budget counts). */
  requests: { url: string; type: string; encoding: string; bytes: number }[];
  totalBytes: number;
  /** What scrolling to the end adds: the lazy pictures below the fold. */
  scrolledRequests: number;
  scrolledBytes: number;
}

/** Issue 38's largest contentful paint on Lighthouse's simulated phone. */
const LCP_TARGET_MS = 1_500;

export interface LighthouseScores {
  label: string;
  path: string;
  /** Which round over the five routes (BENCH_LIGHTHOUSE_RUNS). */
  round: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** Audits that failed in accessibility, best practices or SEO (what keeps them below 100). */
  failed: string[];
}

interface PageReport extends PartReport {
  /** The landing page's JavaScript and CSS in brotli, counted from the build (the weight ratchet's figure). */
  firstLoad?: FirstLoad;
  transfers: Transfer[];
  lighthouse: LighthouseScores[];
}

export const pagePart: BenchPart<PageReport> = {
  enabled: settings.page,
  run: () => {
    const report: PageReport = { description: 'PGlite, a fresh demo install', transfers: [], lighthouse: [] };
    return runPart('page', report, () => benchPage(report));
  },
  print: printPageReport,
  broken: (report) => !!report.failed,
};

async function benchPage(report: PageReport): Promise<void> {
  log('\n▶ page: the landing page over the wire, and Lighthouse on five routes');
  report.firstLoad = await landingFirstLoad(path.join(settings.root, 'dist/web'));
  log(`  landing page's first load, JS and CSS in brotli: ${kb(report.firstLoad.brotli)}`);
  const dataDir = tempDir('pm-bench-page-');
  log('  starting the app server on a fresh demo install (production mode, seeded on start)...');
  const server = await startAppServer({ DATA_DIR: dataDir }, { SEED_ON_EMPTY: 'true' });
  try {
    const landing = (await (await fetch(`${server.url}/api/landing`)).json()) as { nextEvent: { id: string } | null };
    let eventId = landing.nextEvent?.id;
    if (!eventId) {
      const list = (await (await fetch(`${server.url}/api/events`)).json()) as { events: { id: string }[] };
      eventId = list.events[0]?.id;
    }
    if (!eventId) throw new Error('the demo content has no event');

    for (const viewport of [
      { name: 'phone 412x823', width: 412, height: 823, mobile: true },
      { name: 'desktop 1350x940', width: 1350, height: 940, mobile: false },
    ]) {
      const transfer = await measureTransfer(server.url, viewport);
      report.transfers.push(transfer);
      log(
        `  landing page, ${transfer.viewport}: ${transfer.requests.length} requests, ${kb(transfer.totalBytes)} transferred (scrolled to the end: +${kb(transfer.scrolledBytes)})`,
      );
    }

    const routes = [
      { label: 'Landing', path: '/' },
      { label: 'Events', path: '/events' },
      { label: 'Event page', path: `/events/${eventId}` },
      { label: 'Community', path: '/community' },
      { label: 'Podcasts', path: '/podcasts' },
    ];
    const browser = await startDebuggableChromium();
    try {
      // Once unmeasured: the server's caches warm, as on a site that has visitors.
      for (const route of routes) await fetch(server.url + route.path).then((res) => res.arrayBuffer());
      // Round after round over the five routes (the target is every route, BENCH_LIGHTHOUSE_RUNS in a row).
      for (let round = 1; round <= settings.lighthouseRuns; round++) {
        for (const route of routes) {
          const scores = await runLighthouseAgainIfAsked(`${server.url}${route.path}`, browser.port);
          report.lighthouse.push({ ...scores, label: route.label, path: route.path, round });
          log(
            `  Lighthouse ${round}/${settings.lighthouseRuns} ${route.label.padEnd(11)} perf ${scores.performance} · a11y ${scores.accessibility} · BP ${scores.bestPractices} · SEO ${scores.seo} · CLS ${scores.cls.toFixed(3)} · LCP ${(scores.lcpMs / 1000).toFixed(1)} s · TBT ${Math.round(scores.tbtMs)} ms`,
          );
        }
      }
    } finally {
      await browser.stop();
    }
  } finally {
    await server.stop();
  }
}

/** One first visit to `/` in a fresh browser context: every response's bytes on the wire. */
async function measureTransfer(
  baseUrl: string,
  viewport: { name: string; width: number; height: number; mobile: boolean },
): Promise<Transfer> {
  const browser = await chromium.launch({ executablePath: settings.chromiumPath, args: CHROMIUM_ARGS });
  const forget = onCleanup('Chromium', () => browser.close());
  try {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      isMobile: viewport.mobile,
      hasTouch: viewport.mobile,
      deviceScaleFactor: viewport.mobile ? 2.625 : 1,
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const cdp: CDPSession = await context.newCDPSession(page);
    const seen = new Map<string, { url: string; type: string; encoding: string }>();
    const requests: Transfer['requests'] = [];
    cdp.on('Network.responseReceived', (event) => {
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      seen.set(event.requestId, {
        url: event.response.url,
        type: event.type ?? 'Other',
        encoding: String(headers['content-encoding'] ?? 'none'),
      });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const response = seen.get(event.requestId);
      if (response) requests.push({ ...response, bytes: event.encodedDataLength });
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const response = await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`GET / answered ${response?.status()}`);
    await sleep(1_000); // anything started late (a deferred section, a font)
    const onLoad = [...requests].sort((a, b) => b.bytes - a.bytes);
    // Below-the-fold pictures load as the visitor scrolls: reported beside the budget.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += viewport.height) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await sleep(150);
    }
    await page.waitForLoadState('networkidle');
    await sleep(500);
    if (pageErrors.length > 0) throw new Error(`the landing page threw: ${pageErrors.join('; ')}`);
    const sum = (list: Transfer['requests']) => list.reduce((total, r) => total + r.bytes, 0);
    return {
      viewport: viewport.name,
      requests: onLoad,
      totalBytes: sum(onLoad),
      scrolledRequests: requests.length - onLoad.length,
      scrolledBytes: sum(requests) - sum(onLoad),
    };
  } finally {
    await browser.close();
    forget();
  }
}

/** Chromium with a DevTools port, for Lighthouse (which drives it over that port). */
async function startDebuggableChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = tempDir('pm-bench-chromium-');
  const child = spawn(
    settings.chromiumPath,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    for (let waited = 0; waited < 5_000 && !exited; waited += 100) await sleep(100);
    if (!exited) child.kill('SIGKILL');
  };
  const forget = onCleanup(`Chromium for Lighthouse (pid ${child.pid})`, stop, () => child.kill('SIGKILL'));
  await untilAnswered(`http://127.0.0.1:${port}/json/version`, {
    exited: () => exited,
    seconds: 20,
    every: 100,
    stop,
    what: () => 'Chromium opened no DevTools port',
  });
  return {
    port,
    async stop() {
      await stop();
      forget();
    },
  };
}

type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';

/** Lighthouse's own failures to record a page load end in "Please run Lighthouse again"
 * (NO_NAVSTART, NO_FCP: its trace, not the page): run again, twice at most. */
async function runLighthouseAgainIfAsked(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, port);
    } catch (error) {
      if (attempt === 3 || !/run Lighthouse again/i.test(String(error))) throw error;
      log(`  Lighthouse asked to be run again on ${new URL(url).pathname} (${String(error).slice(0, 160)})`);
    }
  }
}

async function runLighthouse(url: string, port: number): Promise<Omit<LighthouseScores, 'label' | 'path' | 'round'>> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // BENCH_LIGHTHOUSE_DIR=folder keeps each route's full report and trace, to see what the scores blame.
  if (process.env.BENCH_LIGHTHOUSE_DIR) {
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'landing';
    mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
    writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, `${name}.json`), JSON.stringify(lhr));
    // The trace it measured, for the Performance panel of Chromium's DevTools (Load profile).
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace) writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, `${name}.trace.json`), JSON.stringify(trace));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const score = (id: Category) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failed: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'seo'] as const) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        // What the audit found, briefly (the issue types of "Issues were logged", the elements...).
        const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
        const found = items
          .slice(0, 3)
          .map((item) => JSON.stringify(item).slice(0, 200))
          .join('; ');
        failed.push(`${id}: ${audit.title}${found ? ` (${found})` : ''}`);
      }
    }
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    failed,
  };
}

/** The suite's figures, with their targets beside them. */
function printPageReport(report: PageReport) {
  const say = console.log;
  printTitle('PAGE LOAD  (landing page bytes on the wire; Lighthouse mobile, simulated throttling)');
  if (report.failed) say(`   FAILED: ${report.failed}`);
  if (report.firstLoad) {
    const within = report.firstLoad.brotli <= LANDING_FIRST_LOAD_BUDGET ? 'within' : 'OVER';
    say(
      `Landing page's first load, JavaScript and CSS in brotli (quality 11), counted from the build: ${kb(report.firstLoad.brotli)}, ${within} the weight ratchet's budget (scripts/bench/first-load.ts):`,
    );
    say(describeFirstLoad(report.firstLoad));
  }
  for (const transfer of report.transfers) {
    // The budget is the phone's, as Lighthouse's profile is; a desktop's first screen holds the
    // sections a phone loads on scrolling, and is shown for reference.
    const target = transfer.viewport.startsWith('phone')
      ? `target <= ${settings.pageBudgetKb} KB: ${transfer.totalBytes <= settings.pageBudgetKb * 1024 ? 'met' : 'MISSED'}`
      : 'for reference, no target';
    say(
      `Landing page transferred, ${transfer.viewport}: ${transfer.requests.length} requests, ${kb(transfer.totalBytes)}; ${target} (scrolling to the end loads ${transfer.scrolledRequests} more, ${kb(transfer.scrolledBytes)})`,
    );
    for (const r of transfer.requests) {
      const url = new URL(r.url);
      say(`   ${kb(r.bytes).padStart(9)}  ${r.type.padEnd(10)} ${r.encoding.padEnd(5)} ${url.pathname}${url.search}`);
    }
  }
  if (report.lighthouse.length > 0) {
    const rows = report.lighthouse.map((s) => [
      String(s.round),
      s.label,
      String(s.performance),
      String(s.accessibility),
      String(s.bestPractices),
      String(s.seo),
      s.cls.toFixed(3),
      `${(s.lcpMs / 1000).toFixed(1)} s`,
      `${(s.fcpMs / 1000).toFixed(1)} s`,
      `${Math.round(s.tbtMs)} ms`,
    ]);
    const head = ['Run', 'Route', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'CLS', 'LCP', 'FCP', 'TBT'];
    say(
      `\nLighthouse (mobile) — targets (issue 38): performance, accessibility, best practices and SEO 100, LCP <= ${LCP_TARGET_MS / 1000} s, CLS <= 0.05, on every route in ${settings.lighthouseRuns} run(s) in a row (BENCH_LIGHTHOUSE_RUNS)\n`,
    );
    say(`| ${head.join(' | ')} |\n| ${head.map((h, i) => (i < 2 ? '---' : '---:')).join(' | ')} |`);
    for (const row of rows) say(`| ${row.join(' | ')} |`);
    const missed = report.lighthouse.filter(
      (s) =>
        s.performance < 100 ||
        s.accessibility < 100 ||
        s.bestPractices < 100 ||
        s.seo < 100 ||
        s.cls > 0.05 ||
        s.lcpMs > LCP_TARGET_MS,
    );
    say(
      `\nTargets ${missed.length === 0 ? 'met on every route in every run' : `MISSED on ${missed.map((s) => `${s.label} (run ${s.round})`).join(', ')}`}.`,
    );
    for (const s of report.lighthouse) for (const failure of s.failed) say(`   ${s.label}: ${failure}`);
  }
}
