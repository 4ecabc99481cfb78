import { randomUUID } from 'node:crypto';
import type { announcementRecipients, announcements } from '../../db/schema';
import { richHtmlToMailText } from '../../features/announcements/emails';
import { escapeHtml } from '../../platform/mail-html';
import { DAY, HOUR, MINUTE, seasonOf, type Season } from './calendar';
import type { Random } from './random';

// The organisers' past announcements (issue 35): the season's dates before it began, a new title
// sponsor, the newest podcast episode, and a members-only call for door volunteers, each mailed
// to the members who had Community news on, with a few who turned it off from one of them.

type AnnouncementRow = typeof announcements.$inferInsert & { id: string };
type RecipientRow = typeof announcementRecipients.$inferInsert;

interface DemoEvent {
  id: string;
  name: string;
  startTime: Date;
  cancelledAt?: Date | null;
}

const SEASON_MONTHS: Record<Season, [number, number]> = {
  Spring: [2, 4],
  Summer: [5, 7],
  Fall: [8, 10],
  Winter: [11, 13],
};

const dateWords = (d: Date, timeZone: string) =>
  d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone });

export function demoAnnouncements(input: {
  now: Date;
  timeZone: string;
  adminId: string;
  events: DemoEvent[];
  sponsor: { name: string; info: string };
  episode: { title: string; description: string; publishedAt: Date } | undefined;
  /** Members with Community news on when each went out, newest members left out by their join date. */
  members: { id: string; email: string; createdAt: Date }[];
  rand: Random;
}): { announcements: AnnouncementRow[]; recipients: RecipientRow[]; unsubscribed: string[] } {
  const { now, timeZone, rand } = input;
  const local = (d: Date) => Number(d.toLocaleString('en-US', { month: 'numeric', timeZone })) - 1;
  // The season we are in, and its first day: the dates went out ten days before it began.
  const season = seasonOf(now, timeZone);
  const [first, last] = SEASON_MONTHS[season];
  const year = now.getUTCFullYear() - (season === 'Winter' && local(now) < 11 ? 1 : 0);
  const seasonStart = new Date(Date.UTC(year, first, 1, 14));
  const seasonEnd = new Date(Date.UTC(year, last + 1, 1, 4));
  const seasonEvents = input.events
    .filter((e) => !e.cancelledAt && e.startTime >= seasonStart && e.startTime < seasonEnd)
    .sort((a, b) => +a.startTime - +b.startTime);
  const nextEvent = input.events
    .filter((e) => !e.cancelledAt && e.startTime > now)
    .sort((a, b) => +a.startTime - +b.startTime)[0];

  const plans: { subject: string; html: string; at: Date; membersOnly: boolean }[] = [];
  plans.push({
    subject: `The ${season.toLowerCase()} season's dates`,
    at: new Date(seasonStart.getTime() - 10 * DAY),
    membersOnly: false,
    html: [
      `<p>Our ${season.toLowerCase()} season is set. Save these evenings:</p>`,
      seasonEvents.length
        ? `<ul>${seasonEvents.map((e) => `<li><a href="/events/${e.id}">${escapeHtml(e.name)}</a>, ${escapeHtml(dateWords(e.startTime, timeZone))}</li>`).join('')}</ul>`
        : '<p>Dates are on the events page as each venue confirms.</p>',
      '<p>Registration opens on each event page about a month ahead. Bring a colleague: guests are welcome at every mixer.</p>',
    ].join(''),
  });
  plans.push({
    subject: `Welcome our new title sponsor, ${input.sponsor.name}`,
    at: new Date(now.getTime() - 41 * DAY),
    membersOnly: false,
    html: [
      `<p>We are glad to welcome <strong>${escapeHtml(input.sponsor.name)}</strong> as a title sponsor of our mixers.</p>`,
      `<p>${escapeHtml(input.sponsor.info)}</p>`,
      '<p>Their team will be at the next few evenings: say hello at the welcome table.</p>',
    ].join(''),
  });
  if (input.episode && input.episode.publishedAt < now) {
    plans.push({
      subject: `New episode: ${input.episode.title}`,
      at: new Date(input.episode.publishedAt.getTime() + 3 * HOUR),
      membersOnly: false,
      html: [
        `<p>A new episode of the Power Mixer Podcast is out: <strong>${escapeHtml(input.episode.title)}</strong>.</p>`,
        `<p>${escapeHtml(input.episode.description)}</p>`,
        '<p>Listen on the <a href="/podcasts">podcasts page</a>.</p>',
      ].join(''),
    });
  }
  if (nextEvent) {
    plans.push({
      subject: `Door volunteers wanted for ${nextEvent.name}`,
      at: new Date(Math.min(now.getTime() - 5 * DAY, nextEvent.startTime.getTime() - 12 * DAY)),
      membersOnly: true,
      html: [
        `<p>We need three members to help at the door of <a href="/events/${nextEvent.id}">${escapeHtml(nextEvent.name)}</a> on ${escapeHtml(dateWords(nextEvent.startTime, timeZone))}.</p>`,
        '<p>It takes the first hour of the evening: scanning tickets on your phone and pointing people to the name tags. Reply to this e-mail if you can help.</p>',
      ].join(''),
    });
  }

  const rows: AnnouncementRow[] = [];
  const recipients: RecipientRow[] = [];
  const unsubscribed: string[] = [];
  const gone = new Set<string>();
  for (const plan of plans.filter((p) => p.at < now).sort((a, b) => +a.at - +b.at)) {
    const id = randomUUID();
    const started = new Date(Math.round(plan.at.getTime() / MINUTE) * MINUTE);
    const reached = input.members.filter((m) => m.createdAt < started && !gone.has(m.id));
    // Sent at the default rate: 600 a minute.
    const finished = new Date(started.getTime() + Math.ceil(reached.length / 600) * MINUTE);
    rows.push({
      id,
      subject: plan.subject,
      bodyHtml: plan.html,
      bodyText: richHtmlToMailText(plan.html),
      audience: { kind: 'all' },
      membersOnly: plan.membersOnly,
      status: 'sent',
      sendAt: started,
      startedAt: started,
      finishedAt: finished,
      recipientCount: reached.length,
      listedAt: started,
      createdBy: input.adminId,
      createdAt: new Date(started.getTime() - 2 * DAY),
      updatedAt: started,
    });
    for (const m of reached) {
      // A few turn Community news off from each mail (never more than one in a hundred).
      const leaves = rand.next() < 0.006;
      recipients.push({
        announcementId: id,
        userId: m.id,
        email: m.email,
        status: 'sent',
        attempts: 1,
        sentAt: new Date(started.getTime() + rand.int(0, finished.getTime() - started.getTime())),
        unsubscribedAt: leaves ? new Date(started.getTime() + rand.int(1, 48) * HOUR) : null,
      });
      if (leaves) {
        gone.add(m.id);
        unsubscribed.push(m.id);
      }
    }
  }
  return { announcements: rows, recipients, unsubscribed };
}
