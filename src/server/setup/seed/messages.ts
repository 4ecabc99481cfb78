import type { contactMessages, messages } from '../../db/schema';
import { DAY, HOUR, MINUTE, type DemoCalendar } from './calendar';
import { CONTACT_MESSAGES, THREADS } from './data';
import type { DemoPeople } from './people';
import type { Random } from './random';

// Members' messages: the threads data.ts writes out, then short thank-you notes to round out
// the inbox; and what visitors sent through the contact form.

const NOTES = [
  'Great meeting you at the mixer! Let us grab coffee soon.',
  'Thanks for the introduction the other night, really appreciated it.',
  'Enjoyed our chat about the market. Sending the article I mentioned.',
  'Loved your question during the panel Q&A. Would be happy to continue the conversation.',
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
  const { ago, nowMs } = input.calendar;
  const rows: (typeof messages.$inferInsert)[] = [];
  // Threads of alternating (or not) lines; the read state follows the thread.
  for (const t of THREADS) {
    const aId = people.idOf(t.a);
    const bId = people.idOf(t.b);
    let time = nowMs - t.daysAgo * DAY + rand.int(0, 8) * HOUR;
    t.lines.forEach(([who, content], k) => {
      if (k > 0) time += rand.int(1, 8) * HOUR + rand.int(0, 59) * MINUTE;
      const createdAt = new Date(Math.min(time, nowMs - (t.lines.length - k) * 10 * MINUTE));
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
  // A few short notes: members thanking each other after events.
  const { members } = people;
  for (let i = 0; rows.length < MESSAGE_COUNT; i++) {
    const from = members[(i * 7 + 3) % members.length]!;
    const to = members[(i * 11 + 5) % members.length]!;
    if (from.id === to.id) continue;
    const createdAt = ago(rand.int(2, 60) * DAY + rand.int(0, 600) * MINUTE);
    rows.push({
      senderId: from.id,
      recipientId: to.id,
      subject: 'Great to meet you',
      content: NOTES[i % NOTES.length]!,
      createdAt,
      readAt: i % 3 === 0 ? null : new Date(createdAt.getTime() + HOUR),
    });
  }
  return rows;
}

/** What visitors sent through the contact form. */
export function demoContactMessages(calendar: DemoCalendar): (typeof contactMessages.$inferInsert)[] {
  return CONTACT_MESSAGES.map(({ daysAgo, ...m }) => ({ ...m, createdAt: calendar.ago(daysAgo * DAY) }));
}
