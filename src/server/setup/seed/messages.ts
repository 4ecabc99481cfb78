import type { contactMessages, messages } from '../../db/schema';
import { DAY, HOUR, MINUTE, type DemoCalendar } from './calendar';
import { CONTACT_MESSAGES, THREADS } from './data';
import type { DemoPeople } from './people';
import type { Random } from './random';

// Members' messages: the threads data.ts writes out, then short thank-you notes to round out
// the inbox; and what visitors sent through the contact form.

const NOTES = [
  'Great meeting you the other week! Let us grab coffee soon.',
  'Thanks for the introduction, really appreciated it.',
  'Enjoyed our chat about the market. Sending the article I mentioned.',
  'Good to put a face to the name at last. Would be happy to continue the conversation.',
];
const MESSAGE_COUNT = 80;

export function demoMessages(input: {
  people: DemoPeople;
  /** Puts the upcoming gala's name where a text says `{gala}`. */
  named: (text: string) => string;
  calendar: DemoCalendar;
  rand: Random;
}): (typeof messages.$inferInsert)[] {
  const { people, named, rand } = input;
  const { ago, awake, lastAwake, now, nowMs } = input.calendar;
  const rows: (typeof messages.$inferInsert)[] = [];
  // Threads of alternating (or not) lines; the read state follows the thread. People write
  // between 8 AM and 10 PM: a line due at night waits for the morning, and the last lines of a
  // recent thread move back to the evening before when "now" is in the small hours.
  for (const t of THREADS) {
    const aId = people.idOf(t.a);
    const bId = people.idOf(t.b);
    let time = nowMs - t.daysAgo * DAY + rand.int(0, 8) * HOUR;
    const times = t.lines.map((_, k) => {
      if (k > 0) time += rand.int(1, 8) * HOUR + rand.int(0, 59) * MINUTE;
      time = awake(new Date(time)).getTime();
      return time;
    });
    // Every line before now, ten minutes at least after the one before it.
    for (let k = times.length - 1, next = nowMs + 10 * MINUTE; k >= 0; k--) {
      times[k] = Math.min(times[k]!, lastAwake(new Date(next - 10 * MINUTE)).getTime());
      next = times[k]!;
    }
    t.lines.forEach(([who, content], k) => {
      const createdAt = new Date(times[k]!);
      const last = k === t.lines.length - 1;
      // Unread: the last message, and any message just before it from the same sender.
      const trailing = t.lines.slice(k).every(([w]) => w === who);
      const unread = t.unread === true && (last || trailing);
      rows.push({
        senderId: who === 'a' ? aId : bId,
        recipientId: who === 'a' ? bId : aId,
        subject: named(t.subject),
        content: named(content),
        createdAt,
        readAt: unread ? null : new Date(Math.min(createdAt.getTime() + rand.int(5, 90) * MINUTE, nowMs)),
      });
    });
  }
  // A few short notes: members thanking each other after events (not those already writing to
  // each other in a thread above).
  const { members } = people;
  const threads = new Set(THREADS.map((t) => [t.a, t.b].sort().join('|')));
  for (let i = 0; rows.length < MESSAGE_COUNT; i++) {
    const from = members[(i * 7 + 3) % members.length]!;
    const to = members[(i * 11 + 5) % members.length]!;
    if (from.id === to.id || threads.has([from.username, to.username].sort().join('|'))) continue;
    const createdAt = awake(ago(rand.int(2, 60) * DAY + rand.int(0, 600) * MINUTE));
    rows.push({
      senderId: from.id,
      recipientId: to.id,
      subject: 'Great to meet you',
      content: NOTES[i % NOTES.length]!,
      createdAt,
      readAt: i % 3 === 0 ? null : new Date(Math.min(createdAt.getTime() + HOUR, now.getTime())),
    });
  }
  return rows;
}

/** What visitors sent through the contact form. */
export function demoContactMessages(calendar: DemoCalendar): (typeof contactMessages.$inferInsert)[] {
  return CONTACT_MESSAGES.map(({ daysAgo, ...m }) => ({
    ...m,
    createdAt: calendar.lastAwake(calendar.ago(daysAgo * DAY)),
  }));
}
