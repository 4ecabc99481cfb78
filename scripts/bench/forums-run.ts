import { forumCases } from './forums-cases';
import { generateForumsDataset, type ForumsFixture } from './forums-generate';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { measureFanOut, type FanOut, type LiveResult } from './fan-out';
import { printForumsReport } from './forums-report';
import { measureCases, type MemberMeasurement } from './members-run';
import { postgresPart } from './postgres-part';
import { int, log, type PartReport } from './report';
import { settings } from './settings';

// The forums part, on PostgreSQL only: 100 forums, 100,000 posts and 1,000,000 replies; one
// member signed in through the running server reads the forum list, a big forum's first and a
// deep page, and the first and last page of a 10,000-reply thread, each against its SQL
// ceiling; then a reply's live notice is timed to 1,000 open event streams.

export interface ForumsReport extends PartReport {
  fixture?: ForumsFixture;
  routes: MemberMeasurement[];
  live?: LiveResult;
}

export const forumsPart = postgresPart({
  enabled: settings.forums,
  name: 'forums',
  report: (): ForumsReport => ({ description: '', routes: [] }),
  databaseName: settings.forumsDatabaseName,
  generate: async (db, report) => (report.fixture = await generateForumsDataset(db, log)),
  signIn: (fixture) => [fixture.viewer],
  async measure({ db, fixture, server, sessions: [session] }, report) {
    await measureCases(server.url, forumCases(fixture), session!, report.routes);

    log(`  live: a reply's notice to ${int(settings.forumsLiveStreams)} open event streams...`);
    report.live = await measureFanOut(
      liveReplies(server.url, session!.cookie, db, fixture.longThread.postId, fixture.viewer.id),
      settings.forumsLiveStreams,
    );
    const l = report.live;
    log(
      `    ${int(l.delivered)} deliveries over ${l.rounds} replies: p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(1)} ms, missed ${l.missed}`,
    );
  },
  print: printForumsReport,
});

/** A reply written straight into the database (as any writer would), its notice awaited on the
 * app's event stream. */
export const liveReplies = (baseUrl: string, cookie: string, db: Db, postId: string, authorId: string): FanOut => ({
  url: `${baseUrl}/api/realtime`,
  headers: { cookie },
  marker: '"forum-replies"',
  trigger: async (round) => {
    await db.execute(sql`insert into forum_replies (post_id, author_id, content)
      values (${postId}, ${authorId}, ${`<p>Live round ${round}</p>`})`);
  },
});
