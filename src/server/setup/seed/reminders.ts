import type {
  eventAttendees,
  eventGuests,
  eventReminders,
  events,
  jobs,
  notificationPreferences,
} from '../../db/schema';
import { DAY, MINUTE } from './calendar';

// The demo's history of the work that runs on its own: the reminders each past event's
// attendees and guests got (24 hours and 1 hour before, as REMINDER_OFFSETS says by default),
// the reminder job's runs of the last week as the admins' Jobs view shows them, and a few
// members who chose fewer e-mails.

const OFFSETS = [24 * 60, 60];

type EventRow = typeof events.$inferInsert & { id: string; startTime: Date };
type AttendeeRow = typeof eventAttendees.$inferInsert;
type GuestRow = typeof eventGuests.$inferInsert;

export function demoReminders(input: {
  events: EventRow[];
  attendees: AttendeeRow[];
  guests: GuestRow[];
  memberIds: string[];
  now: Date;
  /** 0 ≤ n < 1, the seed's own sequence. */
  random: () => number;
}): {
  reminders: (typeof eventReminders.$inferInsert)[];
  jobRuns: (typeof jobs.$inferInsert)[];
  preferences: (typeof notificationPreferences.$inferInsert)[];
} {
  const { now } = input;
  const reminders: (typeof eventReminders.$inferInsert)[] = [];
  const runs = new Map<number, { sent: number; at: Date }>();
  for (const event of input.events) {
    for (const minutes of OFFSETS) {
      const due = new Date(event.startTime.getTime() - minutes * MINUTE);
      if (due > now) continue;
      // The job runs at the top of each minute; the mails leave a couple of seconds in.
      const sentAt = new Date(Math.ceil(due.getTime() / MINUTE) * MINUTE + 2_000);
      const going = input.attendees.filter(
        (a) => a.eventId === event.id && a.status === 'attending' && (a.createdAt as Date) <= due,
      );
      const goingIds = new Set(going.map((a) => a.userId));
      const recipients = [
        ...going.map((a) => `member:${a.userId}`),
        ...input.guests
          .filter((g) => g.eventId === event.id && goingIds.has(g.profileId) && (g.createdAt as Date) <= due)
          .map((g) => `guest:${g.id}`),
      ];
      for (const recipient of recipients) {
        reminders.push({
          eventId: event.id,
          recipient,
          offsetMinutes: minutes,
          startsAt: event.startTime,
          status: 'sent',
          sentAt,
        });
      }
      if (recipients.length && now.getTime() - sentAt.getTime() < 7 * DAY) {
        const run = runs.get(sentAt.getTime()) ?? { sent: 0, at: sentAt };
        run.sent += recipients.length;
        runs.set(sentAt.getTime(), run);
      }
    }
  }
  const jobRuns = [...runs.values()].map(({ sent, at }) => {
    const period = new Date(Math.floor(at.getTime() / MINUTE) * MINUTE);
    return {
      name: 'event-reminders',
      key: period.toISOString(),
      status: 'done',
      runAt: period,
      attempts: 1,
      startedAt: new Date(period.getTime() + 1_000),
      finishedAt: new Date(at.getTime() + 400 + sent * 3),
      result: { sent, skipped: 0 },
    };
  });
  // About one member in eight has turned something off; forum replies and messages most often.
  const preferences = input.memberIds
    .filter(() => input.random() < 0.125)
    .map((userId, i) => ({
      userId,
      eventReminders: i % 5 !== 4,
      messages: i % 3 !== 0,
      connectionRequests: true,
      forumReplies: i % 2 === 1,
      morningAfter: i % 4 !== 2,
      updatedAt: new Date(now.getTime() - (10 + i * 3) * DAY),
    }));
  return { reminders, jobRuns, preferences };
}
