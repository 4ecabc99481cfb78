import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { eventReminders, events } from '../../db/schema';
import { reminderOffsetLabel, type EventReminderSummary } from '../../../shared/event-admin';

// What the admin sees of an event's reminder e-mails (reminders.ts sends them).

/** How the reminder e-mails for the event's current start went, per configured offset (largest
 * first): when each is due, how many were sent or skipped, and when the first and last went out.
 * Rows for an earlier start (the event was moved) are not counted: those reminders were for
 * another time. Null when the event does not exist. */
export async function reminderSummary(
  db: Db,
  id: string,
  offsets: number[],
): Promise<{ startsAt: string; reminders: EventReminderSummary[] } | null> {
  if (!isUuid(id)) return null;
  const [event] = await db.select({ startTime: events.startTime }).from(events).where(eq(events.id, id));
  if (!event) return null;
  const start = event.startTime;
  const sent = sql`${eventReminders.status} = 'sent'`;
  const rows = await db
    .select({
      offsetMinutes: eventReminders.offsetMinutes,
      sent: sql<number>`count(*) filter (where ${sent})`.mapWith(Number),
      skipped: sql<number>`count(*) filter (where ${eventReminders.status} = 'skipped')`.mapWith(Number),
      firstSentAt: sql<Date | null>`min(${eventReminders.sentAt}) filter (where ${sent})`.mapWith(
        eventReminders.sentAt,
      ),
      lastSentAt: sql<Date | null>`max(${eventReminders.sentAt}) filter (where ${sent})`.mapWith(eventReminders.sentAt),
    })
    .from(eventReminders)
    .where(and(eq(eventReminders.eventId, id), eq(eventReminders.startsAt, start)))
    .groupBy(eventReminders.offsetMinutes);
  const byOffset = new Map(rows.map((r) => [r.offsetMinutes, r]));
  return {
    startsAt: start.toISOString(),
    reminders: offsets.map((minutes) => {
      const r = byOffset.get(minutes);
      return {
        offsetMinutes: minutes,
        label: reminderOffsetLabel(minutes),
        dueAt: new Date(start.getTime() - minutes * 60_000).toISOString(),
        sent: r?.sent ?? 0,
        skipped: r?.skipped ?? 0,
        firstSentAt: r?.firstSentAt?.toISOString() ?? null,
        lastSentAt: r?.lastSentAt?.toISOString() ?? null,
      };
    }),
  };
}
