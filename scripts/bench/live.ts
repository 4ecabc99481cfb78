import { measureFanOut, type LiveResult } from './fan-out';
import { forumSizes, generateForumsDataset, type ForumsFixture } from './forums-generate';
import { liveReplies } from './forums-run';
import { postgresPart } from './postgres-part';
import { int, log, printTitle, type PartReport } from './report';
import { startFanOutServer } from './servers';
import { settings } from './settings';

// The live part, on PostgreSQL only: a reply's notice to 10,000 open event streams of one app
// process (written straight into the database, through the change stream to GET /api/realtime),
// beside its ceiling in the same run: a bare node:http server writing one frame to as many streams,
// timed by the same client. A small forum data set is enough: the notice's cost is the streams.

interface LiveReport extends PartReport {
  ceiling?: LiveResult;
  app?: LiveResult;
}

export const livePart = postgresPart<LiveReport, ForumsFixture>({
  enabled: settings.live,
  name: 'live',
  report: () => ({ description: '' }),
  databaseName: settings.liveDatabaseName,
  plan: 'a small forum data set',
  generate: (db) => generateForumsDataset(db, () => undefined, forumSizes(0.001)),
  signIn: (fixture) => [fixture.viewer],
  async measure({ db, fixture, server, sessions: [session] }, report) {
    const streams = settings.liveStreams;
    log(`  ceiling: a bare node:http server's frame to ${int(streams)} open event streams...`);
    const bare = await startFanOutServer();
    try {
      report.ceiling = await measureFanOut(
        {
          url: `${bare.url}/stream`,
          marker: '"forum-replies"',
          trigger: async () => void (await fetch(`${bare.url}/notify`, { method: 'POST' })),
        },
        streams,
      );
    } finally {
      await bare.stop();
    }
    log(`    ${line(report.ceiling)}`);
    log(`  app: a reply's notice to ${int(streams)} open event streams of one process...`);
    report.app = await measureFanOut(
      liveReplies(server.url, session!.cookie, db, fixture.longThread.postId, fixture.viewer.id),
      streams,
    );
    log(`    ${line(report.app)}`);
  },
  print: printLive,
  broken: (report) => (report.app?.missed ?? 0) > 0,
});

const line = (l: LiveResult) =>
  `${int(l.delivered)} deliveries over ${l.rounds} rounds: p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(1)} ms, missed ${l.missed}`;

function printLive(report: LiveReport) {
  const say = console.log;
  printTitle(`LIVE NOTICES  (${int(settings.liveStreams)} open event streams on one process, 20 rounds)`);
  if (report.skipped) return say(`   skipped: ${report.skipped}\n`);
  if (report.failed) say(`   FAILED: ${report.failed}`);
  const { ceiling, app } = report;
  if (!ceiling || !app) return;
  say('| fan-out | p50 ms | p99 ms | max ms | missed |\n| --- | ---: | ---: | ---: | ---: |');
  for (const [name, l] of [
    ['bare node:http, one frame written to each stream (ceiling)', ceiling],
    ['the app: a reply written to PostgreSQL, its notice on GET /api/realtime', app],
  ] as const)
    say(`| ${name} | ${l.p50.toFixed(1)} | ${l.p99.toFixed(1)} | ${l.max.toFixed(1)} | ${l.missed} |`);
  const met = app.p99 < settings.liveP99Ms && app.missed === 0;
  say(
    `\nThe app's p99 is ${(app.p99 / ceiling.p99).toFixed(2)}x the ceiling's. Target p99 < ${settings.liveP99Ms} ms: ${met ? 'met' : 'NOT met'}.`,
  );
  if (report.seconds !== undefined) say(`Live part: ${(report.seconds / 60).toFixed(1)} min in all.\n`);
}
