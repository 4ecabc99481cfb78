import type { eventCheckIns, events, jobs, morningAfterSends, notificationPreferences } from '../../db/schema';
import { MORNING_AFTER_JOB, morningAfterAt } from '../../features/people-to-meet/morning-after';
import { DAY } from './calendar';

// The demo's morning-after e-mails: the most recent past event whose morning after (9 AM the
// next day, on the community's clock) has come sent one to each member who checked in, or
// recorded them as skipped for the members who turned these e-mails off; and the job's run
// that did it, for the admins' Jobs view. When the latest event's morning is still ahead, the
// running job sends its mails then.

type EventRow = typeof events.$inferInsert & { id: string; endTime: Date };
type CheckInRow = typeof eventCheckIns.$inferInsert;
type PreferenceRow = typeof notificationPreferences.$inferInsert;

export function demoMorningAfter(input: {
  events: EventRow[];
  checkIns: CheckInRow[];
  preferences: PreferenceRow[];
  now: Date;
  timeZone: string;
}): { sends: (typeof morningAfterSends.$inferInsert)[]; jobRuns: (typeof jobs.$inferInsert)[] } {
  const { now, timeZone } = input;
  const latest = input.events
    .filter((e) => input.checkIns.some((c) => c.eventId === e.id) && morningAfterAt(e.endTime, timeZone) <= now)
    .sort((a, b) => +b.endTime - +a.endTime)[0];
  if (!latest) return { sends: [], jobRuns: [] };
  const morning = morningAfterAt(latest.endTime, timeZone);
  const off = new Set(input.preferences.filter((p) => p.morningAfter === false).map((p) => p.userId));
  const members = [
    ...new Set(input.checkIns.filter((c) => c.eventId === latest.id && !c.guestId).map((c) => c.userId)),
  ];
  // The job's first run of the morning; the mails leave a couple of seconds in, a few a millisecond.
  const sends = members.map((userId, i) => ({
    eventId: latest.id,
    userId,
    status: off.has(userId) ? 'skipped' : 'sent',
    sentAt: new Date(morning.getTime() + 2_000 + i * 40),
  }));
  const sent = sends.filter((s) => s.status === 'sent').length;
  const jobRuns =
    now.getTime() - morning.getTime() < 7 * DAY
      ? [
          {
            name: MORNING_AFTER_JOB,
            key: morning.toISOString(),
            status: 'done',
            runAt: morning,
            attempts: 1,
            startedAt: new Date(morning.getTime() + 1_000),
            finishedAt: new Date(morning.getTime() + 2_000 + sends.length * 40),
            result: { events: 1, sent, skipped: sends.length - sent },
          },
        ]
      : [];
  return { sends, jobRuns };
}
