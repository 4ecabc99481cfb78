import { z } from 'zod';
import { RICH_HTML_MAX, isBlankRichText, richTextLength } from './rich-text';
import { SKILL_NAME_MAX, SUBJECT_MAX } from './limits';

// Announcements (issue 35): an organiser's message to the members, by e-mail to an audience and
// in the news archive (/news). Server: features/announcements; web: features/announcements
// (the admin tab) and features/news (the archive). Words here are the screens' and the API's.

/** The text of an announcement, as the forums count it (tags left out). */
export const ANNOUNCEMENT_BODY_MAX = 20_000;
/** Events one audience may name. */
export const AUDIENCE_EVENTS_MAX = 20;
/** Announcements per page of the archive and of the admin list. */
export const NEWS_PAGE_SIZE = 20;

export const ATTENDANCE_KINDS = ['registered', 'checked-in', 'no-show'] as const;
export const ATTENDANCE_WORDS: Record<(typeof ATTENDANCE_KINDS)[number], string> = {
  registered: 'Registered (attending)',
  'checked-in': 'Checked in',
  'no-show': 'Registered but did not come',
};

export const AUDIENCE_KINDS = ['all', 'events', 'skill', 'offer', 'ask', 'joined-since'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];
/** The audience picker's options. */
export const AUDIENCE_WORDS: Record<AudienceKind, string> = {
  all: 'All members',
  events: 'Attendees of chosen events',
  skill: 'Members with a skill',
  offer: 'Members who offer something',
  ask: 'Members who look for something',
  'joined-since': 'Members who joined since a date',
};

const uuid = z.string().uuid('Choose events from the list.');
const phrase = (what: string) =>
  z
    .string()
    .trim()
    .min(2, `Type at least 2 characters of the ${what}.`)
    .max(SKILL_NAME_MAX, `Keep the ${what} under ${SKILL_NAME_MAX} characters.`);

/** Who an announcement is for. Members who turned Community news off are always left out. */
export const audience = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }).strict(),
    z
      .object({
        kind: z.literal('events'),
        eventIds: z
          .array(uuid)
          .min(1, 'Choose at least one event.')
          .max(AUDIENCE_EVENTS_MAX, `Choose at most ${AUDIENCE_EVENTS_MAX} events.`),
        attendance: z.enum(ATTENDANCE_KINDS, { error: 'Choose registered, checked in or no-shows.' }),
      })
      .strict(),
    z.object({ kind: z.literal('skill'), skill: phrase('skill') }).strict(),
    z.object({ kind: z.literal('offer'), text: phrase('offer') }).strict(),
    z.object({ kind: z.literal('ask'), text: phrase('ask') }).strict(),
    z
      .object({
        kind: z.literal('joined-since'),
        date: z.iso.date({ error: 'Give the date as YYYY-MM-DD.' }),
      })
      .strict(),
  ],
  { error: 'Choose who gets the announcement.' },
);
export type Audience = z.infer<typeof audience>;

/** The audience in words, for the admin list and the progress panel. */
export function describeAudience(a: Audience, eventNames: Record<string, string> = {}): string {
  switch (a.kind) {
    case 'all':
      return 'All members';
    case 'events': {
      const names = a.eventIds.map((id) => eventNames[id] ?? 'an event').join(', ');
      const who = { registered: 'Registered for', 'checked-in': 'Checked in at', 'no-show': 'Did not come to' }[
        a.attendance
      ];
      return `${who} ${names}`;
    }
    case 'skill':
      return `Members with the skill “${a.skill}”`;
    case 'offer':
      return `Members who offer “${a.text}”`;
    case 'ask':
      return `Members who look for “${a.text}”`;
    case 'joined-since':
      return `Members who joined since ${a.date}`;
  }
}

export const ANNOUNCEMENT_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];
export const STATUS_WORDS: Record<AnnouncementStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

const body = z
  .string({ error: 'Write the announcement.' })
  .max(RICH_HTML_MAX, 'The announcement is too long.')
  .transform((s) => s.trim())
  .refine((s) => !isBlankRichText(s), 'Write the announcement.')
  .refine(
    (s) => richTextLength(s) <= ANNOUNCEMENT_BODY_MAX,
    `Keep the announcement under ${ANNOUNCEMENT_BODY_MAX.toLocaleString('en-US')} characters.`,
  );

/** POST /api/admin/announcements, PUT /api/admin/announcements/:id (a draft or a cancelled one). */
export const announcementInput = z
  .object({
    subject: z
      .string({ error: 'Give the announcement a subject.' })
      .trim()
      .min(1, 'Give the announcement a subject.')
      .max(SUBJECT_MAX, `Keep the subject under ${SUBJECT_MAX} characters.`),
    bodyHtml: body,
    audience,
    membersOnly: z.boolean({ error: 'Choose who may read it in the news archive.' }),
  })
  .strict();
export type AnnouncementInput = z.infer<typeof announcementInput>;

/** POST /api/admin/announcements/audience-count */
export const audienceCountInput = z.object({ audience }).strict();
export const audienceCount = z.object({
  /** Members the audience names who will get it. */
  count: z.number().int(),
  /** Members the audience names who turned Community news off (left out of `count`). */
  optedOut: z.number().int(),
});
export type AudienceCount = z.infer<typeof audienceCount>;

/** POST /api/admin/announcements/:id/send: now (no body, or no sendAt) or at a later time. */
export const sendAnnouncementInput = z
  .object({
    sendAt: z.iso.datetime({ offset: true, error: 'Give the time as an ISO date and time.' }).optional(),
  })
  .strict();

export const announcementProgress = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  unsubscribed: z.number().int(),
});
export type AnnouncementProgress = z.infer<typeof announcementProgress>;

export const adminAnnouncement = z.object({
  id: z.string(),
  subject: z.string(),
  bodyHtml: z.string(),
  audience,
  audienceWords: z.string(),
  membersOnly: z.boolean(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  sendAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Sending has started and its recipients are still being listed (progress.recipients grows). */
  listing: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  progress: announcementProgress,
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncement>;

export const adminAnnouncementsQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const adminAnnouncementsResponse = z.object({
  announcements: z.array(adminAnnouncement),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminAnnouncementsResponse = z.infer<typeof adminAnnouncementsResponse>;

/** A recipient whose mail failed, for the progress panel (the latest few). */
export const failedRecipient = z.object({ name: z.string(), email: z.string(), error: z.string().nullable() });
export const announcementFailures = z.object({ failures: z.array(failedRecipient) });

/** What the mail will look like: the same parts the sender builds. */
export const announcementPreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type AnnouncementPreview = z.infer<typeof announcementPreview>;

/** POST /api/admin/announcements/:id/test answers where it went. */
export const testSendAnswer = z.object({ to: z.string() });

// The archive.
export const newsQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const newsItem = z.object({
  id: z.string(),
  subject: z.string(),
  /** The first words of the text. */
  excerpt: z.string(),
  publishedAt: z.string(),
  membersOnly: z.boolean(),
});
export type NewsItem = z.infer<typeof newsItem>;
export const newsListResponse = z.object({
  items: z.array(newsItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NewsListResponse = z.infer<typeof newsListResponse>;
export const newsArticle = newsItem.extend({ bodyHtml: z.string() });
export type NewsArticle = z.infer<typeof newsArticle>;

// The archive's texts (NEWS_TEXTS, NEWS_NOT_FOUND, NEWS_MEMBERS_ONLY) are in news-texts.ts, a
// module without zod for the archive's pages.
export * from './news-texts';

export const ANNOUNCEMENT_NOT_FOUND = 'Announcement not found';
export const ANNOUNCEMENT_NOT_EDITABLE = 'ANNOUNCEMENT_NOT_EDITABLE';
export const ANNOUNCEMENT_NOT_EDITABLE_MESSAGE =
  'This announcement has been scheduled or sent: cancel the schedule to change it, or write a new one.';
export const ANNOUNCEMENT_NOT_SCHEDULED = 'ANNOUNCEMENT_NOT_SCHEDULED';
export const ANNOUNCEMENT_NOT_SCHEDULED_MESSAGE =
  'Only a scheduled announcement can be cancelled: this one has started.';
export const ANNOUNCEMENT_SEND_AT_PAST = 'Choose a time in the future, or send it now.';
export const ANNOUNCEMENT_NO_RECIPIENTS = 'ANNOUNCEMENT_NO_RECIPIENTS';
export const ANNOUNCEMENT_NO_RECIPIENTS_MESSAGE = 'Nobody would get this announcement: choose another audience.';
export const ANNOUNCEMENT_NOTHING_TO_RETRY = 'ANNOUNCEMENT_NOTHING_TO_RETRY';
export const ANNOUNCEMENT_NOTHING_TO_RETRY_MESSAGE = 'No mail of this announcement has failed.';
