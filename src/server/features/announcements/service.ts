import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { announcementRecipients, announcements, events, profiles } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import { sanitizeRichHtml } from '../../platform/html';
import type { Storage } from '../../platform/storage';
import {
  ANNOUNCEMENT_NOTHING_TO_RETRY,
  ANNOUNCEMENT_NOTHING_TO_RETRY_MESSAGE,
  ANNOUNCEMENT_NOT_EDITABLE,
  ANNOUNCEMENT_NOT_EDITABLE_MESSAGE,
  ANNOUNCEMENT_NOT_FOUND,
  ANNOUNCEMENT_NOT_SCHEDULED,
  ANNOUNCEMENT_NOT_SCHEDULED_MESSAGE,
  ANNOUNCEMENT_NO_RECIPIENTS,
  ANNOUNCEMENT_NO_RECIPIENTS_MESSAGE,
  ANNOUNCEMENT_SEND_AT_PAST,
  NEWS_PAGE_SIZE,
  audience as audienceSchema,
  describeAudience,
  type AdminAnnouncement,
  type AnnouncementInput,
  type AnnouncementProgress,
  type AnnouncementStatus,
  type Audience,
} from '../../../shared/announcements';
import { countAudience } from './audience';
import { richHtmlToMailText } from './emails';

// An organiser's announcements: drafts, the schedule, the start of sending (its recipients
// listed once), and what the admin sees of each. The mails themselves: sender.ts.

type Row = typeof announcements.$inferSelect;

/** The one-off run that sends right after a start, so "Send now" does not wait for the minute. */
export const SEND_NOW_JOB = 'announcements-now';

export interface Deps {
  db: Db;
  config: Config;
  storage: Pick<Storage, 'locate'>;
  now: Date;
}

const EDITABLE: AnnouncementStatus[] = ['draft', 'cancelled'];

async function find(db: Db, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound(ANNOUNCEMENT_NOT_FOUND);
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  if (!row) throw notFound(ANNOUNCEMENT_NOT_FOUND);
  return row;
}

const EMPTY_PROGRESS: AnnouncementProgress = { recipients: 0, queued: 0, sent: 0, failed: 0, unsubscribed: 0 };

async function progressOf(db: Db, ids: string[]): Promise<Map<string, AnnouncementProgress>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: announcementRecipients.announcementId,
      recipients: count(),
      queued: sql<number>`count(*) filter (where ${announcementRecipients.status} in ('queued', 'sending'))`.mapWith(
        Number,
      ),
      sent: sql<number>`count(*) filter (where ${announcementRecipients.status} = 'sent')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${announcementRecipients.status} = 'failed')`.mapWith(Number),
      unsubscribed: count(announcementRecipients.unsubscribedAt),
    })
    .from(announcementRecipients)
    .where(inArray(announcementRecipients.announcementId, ids))
    .groupBy(announcementRecipients.announcementId);
  return new Map(rows.map(({ id, ...p }) => [id, p]));
}

/** The names of the events audiences name, for their words. */
async function eventNames(db: Db, rows: Row[]): Promise<Record<string, string>> {
  const ids = [
    ...new Set(
      rows.flatMap((r) => {
        const a = r.audience as Audience;
        return a.kind === 'events' ? a.eventIds : [];
      }),
    ),
  ];
  if (ids.length === 0) return {};
  const found = await db.select({ id: events.id, name: events.name }).from(events).where(inArray(events.id, ids));
  return Object.fromEntries(found.map((e) => [e.id, e.name]));
}

async function present(db: Db, rows: Row[]): Promise<AdminAnnouncement[]> {
  const [progress, names] = await Promise.all([
    progressOf(
      db,
      rows.map((r) => r.id),
    ),
    eventNames(db, rows),
  ]);
  return rows.map((r) => {
    const audience = audienceSchema.parse(r.audience);
    return {
      id: r.id,
      subject: r.subject,
      bodyHtml: r.bodyHtml,
      audience,
      audienceWords: describeAudience(audience, names),
      membersOnly: r.membersOnly,
      status: r.status as AnnouncementStatus,
      sendAt: r.sendAt?.toISOString() ?? null,
      startedAt: r.startedAt?.toISOString() ?? null,
      finishedAt: r.finishedAt?.toISOString() ?? null,
      listing: r.status === 'sending' && r.listedAt === null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      progress: progress.get(r.id) ?? EMPTY_PROGRESS,
    };
  });
}

export async function getAnnouncement(db: Db, id: string): Promise<AdminAnnouncement> {
  return (await present(db, [await find(db, id)]))[0]!;
}

export async function listAnnouncements(db: Db, page: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(NEWS_PAGE_SIZE)
      .offset((page - 1) * NEWS_PAGE_SIZE),
    db.select({ n: count() }).from(announcements),
  ]);
  return { announcements: await present(db, rows), total: total?.n ?? 0, page, pageSize: NEWS_PAGE_SIZE };
}

function contentOf(input: AnnouncementInput, storage: Deps['storage']) {
  const bodyHtml = sanitizeRichHtml(input.bodyHtml, { storage });
  return {
    subject: input.subject,
    bodyHtml,
    bodyText: richHtmlToMailText(bodyHtml),
    audience: input.audience,
    membersOnly: input.membersOnly,
  };
}

export async function createAnnouncement(deps: Deps, input: AnnouncementInput, by: string) {
  const [row] = await deps.db
    .insert(announcements)
    .values({ ...contentOf(input, deps.storage), createdBy: by })
    .returning();
  return (await present(deps.db, [row!]))[0]!;
}

export async function updateAnnouncement(deps: Deps, id: string, input: AnnouncementInput) {
  await find(deps.db, id);
  const [row] = await deps.db
    .update(announcements)
    .set({ ...contentOf(input, deps.storage), updatedAt: deps.now })
    .where(and(eq(announcements.id, id), inArray(announcements.status, EDITABLE)))
    .returning();
  if (!row) throw conflict(ANNOUNCEMENT_NOT_EDITABLE, ANNOUNCEMENT_NOT_EDITABLE_MESSAGE);
  return (await present(deps.db, [row]))[0]!;
}

export async function deleteAnnouncement(db: Db, id: string) {
  await find(db, id);
  const deleted = await db
    .delete(announcements)
    .where(and(eq(announcements.id, id), inArray(announcements.status, EDITABLE)))
    .returning({ id: announcements.id });
  if (deleted.length === 0) throw conflict(ANNOUNCEMENT_NOT_EDITABLE, ANNOUNCEMENT_NOT_EDITABLE_MESSAGE);
}

export const audienceCount = (db: Db, config: Config, audience: Audience) =>
  countAudience(db, audience, config.SITE_TIMEZONE);

/** Marks a scheduled announcement sending; the guard on its status makes this happen once,
 * whoever (the route, a job) asks first. Its recipients are listed afterwards by the sending job,
 * in batches (sender.ts), so the request answers at once. Answers whether this call started it. */
export async function startSending(
  db: Db,
  id: string,
  now: Date,
  enqueue: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(announcements)
      .set({
        status: 'sending',
        startedAt: now,
        updatedAt: now,
        recipientCount: 0,
        listedThrough: null,
        listedAt: null,
      })
      .where(and(eq(announcements.id, id), eq(announcements.status, 'scheduled')))
      .returning({ id: announcements.id });
    if (!row) return false;
    await enqueue(tx);
    return true;
  });
}

/** Send now, or schedule for `sendAt`. Refused for an audience of nobody. */
export async function sendAnnouncement(
  deps: Deps & { enqueue: (tx: Db) => Promise<void> },
  id: string,
  sendAt: string | undefined,
) {
  const { db, config, now } = deps;
  const row = await find(db, id);
  if (!EDITABLE.includes(row.status as AnnouncementStatus))
    throw conflict(ANNOUNCEMENT_NOT_EDITABLE, ANNOUNCEMENT_NOT_EDITABLE_MESSAGE);
  const at = sendAt ? new Date(sendAt) : now;
  if (sendAt && at.getTime() <= now.getTime())
    throw unprocessable('VALIDATION_ERROR', ANNOUNCEMENT_SEND_AT_PAST, 'sendAt');
  const { count: reach } = await countAudience(db, audienceSchema.parse(row.audience), config.SITE_TIMEZONE);
  if (reach === 0) throw unprocessable(ANNOUNCEMENT_NO_RECIPIENTS, ANNOUNCEMENT_NO_RECIPIENTS_MESSAGE);
  const [scheduled] = await db
    .update(announcements)
    .set({ status: 'scheduled', sendAt: at, updatedAt: now })
    .where(and(eq(announcements.id, id), inArray(announcements.status, EDITABLE)))
    .returning({ id: announcements.id });
  if (!scheduled) throw conflict(ANNOUNCEMENT_NOT_EDITABLE, ANNOUNCEMENT_NOT_EDITABLE_MESSAGE);
  if (!sendAt) await startSending(db, id, now, deps.enqueue);
  return getAnnouncement(db, id);
}

/** A scheduled announcement back out of the schedule (cancelled; it can be edited and sent again). */
export async function cancelAnnouncement(db: Db, id: string, now: Date) {
  await find(db, id);
  const [row] = await db
    .update(announcements)
    .set({ status: 'cancelled', sendAt: null, updatedAt: now })
    .where(and(eq(announcements.id, id), eq(announcements.status, 'scheduled')))
    .returning({ id: announcements.id });
  if (!row) throw conflict(ANNOUNCEMENT_NOT_SCHEDULED, ANNOUNCEMENT_NOT_SCHEDULED_MESSAGE);
  return getAnnouncement(db, id);
}

/** Failed mails queued again (their attempts start over); the announcement is sending again. */
export async function retryFailed(db: Db, id: string, now: Date, enqueue: (tx: Db) => Promise<void>) {
  await find(db, id);
  await db.transaction(async (tx) => {
    const retried = await tx
      .update(announcementRecipients)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: null, lastError: null, lockedBy: null, lockedUntil: null })
      .where(and(eq(announcementRecipients.announcementId, id), eq(announcementRecipients.status, 'failed')))
      .returning({ userId: announcementRecipients.userId });
    if (retried.length === 0) throw conflict(ANNOUNCEMENT_NOTHING_TO_RETRY, ANNOUNCEMENT_NOTHING_TO_RETRY_MESSAGE);
    await tx
      .update(announcements)
      .set({ status: 'sending', finishedAt: null, updatedAt: now })
      .where(eq(announcements.id, id));
    await enqueue(tx);
  });
  return getAnnouncement(db, id);
}

/** The latest failures, for the progress panel. */
export async function listFailures(db: Db, id: string) {
  await find(db, id);
  const rows = await db
    .select({
      name: sql<string>`coalesce(${profiles.fullName}, ${profiles.username})`,
      email: announcementRecipients.email,
      error: announcementRecipients.lastError,
    })
    .from(announcementRecipients)
    .innerJoin(profiles, eq(profiles.id, announcementRecipients.userId))
    .where(and(eq(announcementRecipients.announcementId, id), eq(announcementRecipients.status, 'failed')))
    .orderBy(profiles.username)
    .limit(100);
  return { failures: rows };
}

export async function findForMail(db: Db, id: string) {
  const row = await find(db, id);
  return { id: row.id, subject: row.subject, bodyHtml: row.bodyHtml };
}

/** Announcements that went out: the news archive's rows. */
export const published = and(inArray(announcements.status, ['sending', 'sent']), isNotNull(announcements.startedAt));
