import { useId } from 'react';
import type { EventReminderSummary } from '../../../shared/event-admin';
import { formatShortTime } from './admin-time';
import { useEventReminders } from './events-api';

// The admin's event page: how many reminder e-mails went out for the saved start, and when.
// Read-only; a new event has none, so the create page does not show it.

function reminderText(r: EventReminderSummary, timeZone: string, now: number): string {
  const due = formatShortTime(r.dueAt, timeZone);
  const skipped = r.skipped > 0 ? `, ${r.skipped} skipped` : '';
  if (r.sent > 0 && r.firstSentAt) {
    const first = formatShortTime(r.firstSentAt, timeZone);
    const last = r.lastSentAt ? formatShortTime(r.lastSentAt, timeZone) : first;
    return `${r.sent} sent ${first}${last !== first ? ` to ${last}` : ''}${skipped}`;
  }
  if (r.skipped > 0) return `none sent${skipped} (due ${due})`;
  return new Date(r.dueAt).getTime() > now ? `not yet (due ${due})` : `none sent (due ${due})`;
}

export function EventRemindersPanel({ eventId }: { eventId: string }) {
  const reminders = useEventReminders(eventId);
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="rounded-xl border border-line bg-surface-2 p-4">
      <h2 id={heading} className="text-base font-semibold">
        Reminders
      </h2>
      <p className="mt-1 text-sm text-fg-muted">E-mails to everyone registered before the saved start time.</p>
      {reminders.isPending ? (
        <p className="mt-2 text-sm text-fg-muted">Loading reminders…</p>
      ) : reminders.isError ? (
        <p className="mt-2 text-sm text-danger-text">Failed to load reminders</p>
      ) : reminders.data.reminders.length === 0 ? (
        <p className="mt-2 text-sm text-fg">No reminders are set up.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm text-fg">
          {reminders.data.reminders.map((r) => (
            <li key={r.offsetMinutes}>
              <span className="font-medium">{r.label}</span> —{' '}
              {reminderText(r, reminders.data.timeZone, reminders.dataUpdatedAt)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
