import pino from 'pino';
import { loadConfig } from '../../src/server/config';
import { createAuth } from '../../src/server/platform/auth';
import { createMailer } from '../../src/server/platform/mail';
import { forumCases } from './forums-cases';
import { generateForumsDataset, type ForumsFixture } from './forums-generate';
import { measureLiveFanOut, type LiveResult } from './forums-live';
import type { MembersContext } from './members-cases';
import { BENCH_PASSWORD, addCredential } from './members-generate';
import { expectOk, measure, type MemberMeasurement } from './members-run';
import { BENCH_SESSION_SECRET, signIn, startAppServer } from './servers';
import { postgresPart } from './postgres-part';
import { settings } from './settings';

// The forums part, on PostgreSQL only: 100 forums, 100,000 posts and 1,000,000 replies; one
// member signed in through the running server reads the forum list, a big forum's first and a
// deep page, and the first and last page of a 10,000-reply thread, each against its SQL
// ceiling; then a reply's live notice is timed to 1,000 open event streams.

export interface ForumsReport {
  description: string;
  fixture?: ForumsFixture;
  routes: MemberMeasurement[];
  live?: LiveResult;
  skipped?: string;
  failed?: string;
  seconds?: number;
}

const log = (line: string) => console.log(line);
const int = (n: number) => Math.round(n).toLocaleString('en-US');

export async function benchForums(report: ForumsReport): Promise<void> {
  await postgresPart({ name: 'forums', report, databaseName: settings.forumsDatabaseName }, async (db, target) => {
    log('  generating the data set...');
    const fixture = await generateForumsDataset(db, log);
    report.fixture = fixture;
    log(
      `  generated in ${fixture.seconds.toFixed(1)} s: ${Object.entries(fixture.counts)
        .map(([k, n]) => `${int(n)} ${k}`)
        .join(', ')}`,
    );
    await addCredential(db, fixture.viewer.id);

    log('  starting the app server (child process, AUTH_RATE_LIMIT=100000)...');
    const server = await startAppServer(target.serverEnv, { AUTH_RATE_LIMIT: '100000' });
    try {
      const cookie = await signIn(server.url, fixture.viewer.email, BENCH_PASSWORD);
      log(`  signed in as ${fixture.viewer.username} through POST /api/auth/sign-in`);
      const config = loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: server.url,
        SESSION_SECRET: BENCH_SESSION_SECRET,
        LOG_LEVEL: 'silent',
      });
      const auth = createAuth(db, config, createMailer(db, config, pino({ enabled: false })));
      const ctx: MembersContext = { db, config, auth, cookie, viewerId: fixture.viewer.id };

      const cases = forumCases(fixture);
      for (const c of cases) await expectOk(server.url, c, cookie);
      log('  routes (autocannon), each followed by its SQL ceiling (direct calls through the driver pool):');
      for (const c of cases) report.routes.push(await measure(server.url, c, ctx));

      log(`  live: a reply's notice to ${int(settings.forumsLiveStreams)} open event streams...`);
      report.live = await measureLiveFanOut(
        server.url,
        cookie,
        db,
        { postId: fixture.longThread.postId, authorId: fixture.viewer.id },
        settings.forumsLiveStreams,
      );
      const l = report.live;
      log(
        `    ${int(l.delivered)} deliveries over ${l.rounds} replies: p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(1)} ms, missed ${l.missed}`,
      );
    } finally {
      await server.stop();
    }
  });
}
