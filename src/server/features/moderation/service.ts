import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import {
  connections,
  forumPosts,
  forumReplies,
  memberBlocks,
  messages,
  profiles,
  reports,
  user,
} from '../../db/schema';
import { memberSummaryColumns, presentMemberSummary } from '../../platform/presenters';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/errors';
import { htmlToText } from '../../platform/html-text';
import type { Mailer } from '../../platform/mail';
import {
  BLOCKED_BY_RECIPIENT_CONNECTION,
  BLOCKED_BY_RECIPIENT_MESSAGE,
  BLOCK_SELF,
  REPORTED_CONTENT_NOT_FOUND,
  REPORTS_PAGE_SIZE,
  REPORT_ALREADY_RESOLVED,
  REPORT_NOT_FOUND,
  REPORT_OWN_CONTENT,
  YOU_BLOCKED_CONNECTION,
  YOU_BLOCKED_MESSAGE,
  type AdminReport,
  type BlockedMember,
  type ReportInput,
  type ReportReceipt,
  type ReportStatus,
  type ReportTargetType,
  type ReportsResponse,
  type ResolveReportInput,
} from '../../../shared/moderation';
import { isUuid } from '../../db/query-values';

// Reports on forum posts, replies and direct messages, their resolution by admins, and blocks
// between members. Who may see a reported item is decided here, with the item itself.

/** Characters of plain text shown from the reported content. */
export const EXCERPT_LENGTH = 280;

/** The reported item's author, if the reporter may see it; 404 otherwise (a message is
 * visible to its sender and recipient only, on the side they have not deleted). */
async function findReportable(
  db: Db,
  viewerId: string,
  type: ReportTargetType,
  id: string,
): Promise<{ authorId: string | null }> {
  const missing = () => notFound(REPORTED_CONTENT_NOT_FOUND[type]);
  if (type === 'post' || type === 'reply') {
    const table = type === 'post' ? forumPosts : forumReplies;
    const [row] = await db.select({ authorId: table.authorId }).from(table).where(eq(table.id, id));
    if (!row) throw missing();
    return row;
  }
  const [row] = await db
    .select({ authorId: messages.senderId })
    .from(messages)
    .where(
      and(
        eq(messages.id, id),
        or(
          and(eq(messages.senderId, viewerId), isNull(messages.senderDeletedAt)),
          and(eq(messages.recipientId, viewerId), isNull(messages.recipientDeletedAt)),
        ),
      ),
    );
  if (!row) throw missing();
  return row;
}

/** Files a report; a second report of the same item by the same member returns the first. */
export async function createReport(
  db: Db,
  viewerId: string,
  input: ReportInput,
): Promise<{ report: ReportReceipt; created: boolean }> {
  const { authorId } = await findReportable(db, viewerId, input.targetType, input.targetId);
  if (authorId === viewerId) throw unprocessable('OWN_CONTENT', REPORT_OWN_CONTENT);
  const receipt = { id: reports.id, status: reports.status };
  const [inserted] = await db
    .insert(reports)
    .values({ reporterId: viewerId, targetType: input.targetType, targetId: input.targetId, reason: input.reason })
    .onConflictDoNothing({ target: [reports.reporterId, reports.targetType, reports.targetId] })
    .returning(receipt);
  if (inserted) return { report: inserted, created: true };
  const [existing] = await db
    .select(receipt)
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, viewerId),
        eq(reports.targetType, input.targetType),
        eq(reports.targetId, input.targetId),
      ),
    );
  return { report: existing!, created: false };
}

const reporter = alias(profiles, 'rp');
const resolver = alias(profiles, 'rb');
const author = alias(profiles, 'ap');
const replyPost = alias(forumPosts, 'rpost');

/** The report with the item it names (when the item still exists), its author and where it
 * lives. The item is one of three tables, so its title and text are chosen by a case. */
function selectReports(db: Db) {
  return db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      status: reports.status,
      createdAt: reports.createdAt,
      resolvedAt: reports.resolvedAt,
      reporterId: reporter.id,
      reporterUsername: reporter.username,
      resolverId: resolver.id,
      resolverUsername: resolver.username,
      authorId: author.id,
      authorUsername: author.username,
      title: sql<string | null>`case ${reports.targetType} when 'post' then ${forumPosts.title}
        when 'reply' then ${replyPost.title} else ${messages.subject} end`,
      content: sql<string | null>`case ${reports.targetType} when 'post' then ${forumPosts.content}
        when 'reply' then ${forumReplies.content} else ${messages.content} end`,
      forumId: sql<string | null>`coalesce(${forumPosts.forumId}, ${replyPost.forumId})`,
      postId: sql<string | null>`coalesce(${forumPosts.id}, ${replyPost.id})`,
      openReports: sql<number>`(select count(*)::int from reports o
        where o.target_type = ${reports.targetType} and o.target_id = ${reports.targetId} and o.status = 'open')`,
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(resolver, eq(resolver.id, reports.resolvedById))
    .leftJoin(forumPosts, and(eq(reports.targetType, 'post'), eq(forumPosts.id, reports.targetId)))
    .leftJoin(forumReplies, and(eq(reports.targetType, 'reply'), eq(forumReplies.id, reports.targetId)))
    .leftJoin(replyPost, eq(replyPost.id, forumReplies.postId))
    .leftJoin(messages, and(eq(reports.targetType, 'message'), eq(messages.id, reports.targetId)))
    .leftJoin(
      author,
      eq(author.id, sql`coalesce(${forumPosts.authorId}, ${forumReplies.authorId}, ${messages.senderId})`),
    );
}

type ReportRow = Awaited<ReturnType<typeof selectReports>>[number];

function excerpt(type: ReportTargetType, content: string | null): string | null {
  if (content === null) return null;
  // Posts and replies are sanitised HTML; messages are plain text.
  const text = type === 'message' ? content.replace(/\s+/g, ' ').trim() : htmlToText(content);
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}

function toAdminReport(r: ReportRow): AdminReport {
  const person = (id: string | null, username: string | null) => (id && username ? { id, username } : null);
  return {
    id: r.id,
    targetType: r.targetType,
    targetId: r.targetId,
    reason: r.reason,
    status: r.status,
    createdAt: iso(r.createdAt),
    resolvedAt: r.resolvedAt ? iso(r.resolvedAt) : null,
    reporter: person(r.reporterId, r.reporterUsername),
    resolvedBy: person(r.resolverId, r.resolverUsername),
    author: person(r.authorId, r.authorUsername),
    title: r.title,
    excerpt: excerpt(r.targetType, r.content),
    location:
      r.forumId && r.postId
        ? { forumId: r.forumId, postId: r.postId, replyId: r.targetType === 'reply' ? r.targetId : null }
        : null,
    openReports: Number(r.openReports),
  };
}

/** Reports with one status: open ones oldest first (a queue), resolved ones newest first. */
export async function listReports(db: Db, status: ReportStatus, page: number): Promise<ReportsResponse> {
  const order =
    status === 'open'
      ? [asc(reports.createdAt), asc(reports.id)]
      : [sql`${reports.resolvedAt} desc nulls last`, asc(reports.id)];
  const [rows, [counted]] = await Promise.all([
    selectReports(db)
      .where(eq(reports.status, status))
      .orderBy(...order)
      .limit(REPORTS_PAGE_SIZE)
      .offset((page - 1) * REPORTS_PAGE_SIZE),
    db.select({ total: count() }).from(reports).where(eq(reports.status, status)),
  ]);
  return {
    reports: rows.map(toAdminReport),
    total: counted?.total ?? 0,
    page,
    pageSize: REPORTS_PAGE_SIZE,
  };
}

const WHAT: Record<ReportTargetType, string> = { post: 'a forum post', reply: 'a forum reply', message: 'a message' };

/** The e-mail telling a reporter what became of their report. */
export function outcomeMail(
  to: string,
  username: string,
  report: { targetType: ReportTargetType; title: string | null; reason: string },
  status: 'removed' | 'dismissed',
  publicUrl: string,
) {
  const what = report.title ? `${WHAT[report.targetType]} ("${report.title}")` : WHAT[report.targetType];
  const outcome =
    status === 'removed'
      ? 'An admin reviewed it and removed the content.'
      : 'An admin reviewed it and decided to leave the content in place: it does not break the community rules.';
  return {
    to,
    subject: status === 'removed' ? 'Your report: the content was removed' : 'Your report was reviewed',
    text: [
      `Hello ${username},`,
      '',
      `Thank you for reporting ${what}. ${outcome}`,
      '',
      `The reason you gave: ${report.reason}`,
      '',
      `Power Mixer`,
      publicUrl,
    ].join('\n'),
  };
}

/**
 * Resolves an open report. Removing deletes the content (a post with its replies) and closes
 * every open report on it; dismissing closes this one. Each reporter whose report closes gets
 * an e-mail, written in the same transaction.
 */
export async function resolveReport(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  adminId: string,
  reportId: string,
  input: ResolveReportInput,
): Promise<{ status: ReportStatus; resolved: number }> {
  if (!isUuid(reportId)) throw notFound(REPORT_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [report] = await selectReports(tx).where(eq(reports.id, reportId)).for('update', { of: reports });
    if (!report) throw notFound(REPORT_NOT_FOUND);
    if (report.status !== 'open') throw conflict('ALREADY_RESOLVED', REPORT_ALREADY_RESOLVED);
    const status = input.action === 'remove' ? 'removed' : 'dismissed';
    // Reports close before the content goes: its deletion closes whatever is still open on it
    // (migration 0006), and these reporters are the ones to be told.
    const closed = await tx
      .update(reports)
      .set({ status, resolvedById: adminId, resolvedAt: sql`now()` })
      .where(
        and(
          eq(reports.status, 'open'),
          input.action === 'remove'
            ? and(eq(reports.targetType, report.targetType), eq(reports.targetId, report.targetId))
            : eq(reports.id, reportId),
        ),
      )
      .returning({ reporterId: reports.reporterId, reason: reports.reason });
    if (input.action === 'remove') {
      const table = { post: forumPosts, reply: forumReplies, message: messages }[report.targetType];
      await tx.delete(table).where(eq(table.id, report.targetId));
    }
    const reporters = closed.map((r) => r.reporterId);
    if (reporters.length === 0) return { status, resolved: 0 };
    const contacts = await tx
      .select({ id: user.id, email: user.email, username: profiles.username })
      .from(user)
      .innerJoin(profiles, eq(profiles.id, user.id))
      .where(inArray(user.id, reporters));
    for (const contact of contacts) {
      const reason = closed.find((r) => r.reporterId === contact.id)!.reason;
      const mail = outcomeMail(
        contact.email,
        contact.username,
        { targetType: report.targetType, title: report.title, reason },
        status,
        publicUrl,
      );
      await mailer.send(mail, tx);
    }
    return { status, resolved: closed.length };
  });
}

// Blocks

export async function listBlocks(db: Db, viewerId: string): Promise<BlockedMember[]> {
  const rows = await db
    .select({ ...memberSummaryColumns, blockedAt: memberBlocks.createdAt })
    .from(memberBlocks)
    .innerJoin(profiles, eq(profiles.id, memberBlocks.blockedId))
    .where(eq(memberBlocks.blockerId, viewerId))
    .orderBy(sql`lower(${profiles.username})`);
  return rows.map((r) => ({ ...presentMemberSummary(r), blockedAt: iso(r.blockedAt) }));
}

async function memberIdByUsername(db: Db, username: string): Promise<string> {
  const [found] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${username})`);
  if (!found) throw notFound('Member not found.');
  return found.id;
}

/** Blocks a member (again: no change). Any connection between the two goes with it, pending
 * either way or accepted, as on the networks members know: a blocked member is no contact. */
export async function blockMember(db: Db, viewerId: string, username: string): Promise<{ blockedId: string }> {
  const blockedId = await memberIdByUsername(db, username);
  if (blockedId === viewerId) throw unprocessable('SELF_BLOCK', BLOCK_SELF);
  await db.transaction(async (tx) => {
    await tx.insert(memberBlocks).values({ blockerId: viewerId, blockedId }).onConflictDoNothing();
    await tx
      .delete(connections)
      .where(
        or(
          and(eq(connections.requesterId, blockedId), eq(connections.recipientId, viewerId)),
          and(eq(connections.requesterId, viewerId), eq(connections.recipientId, blockedId)),
        ),
      );
  });
  return { blockedId };
}

export async function unblockMember(db: Db, viewerId: string, username: string): Promise<void> {
  const blockedId = await memberIdByUsername(db, username);
  await db.delete(memberBlocks).where(and(eq(memberBlocks.blockerId, viewerId), eq(memberBlocks.blockedId, blockedId)));
}

/**
 * Refuses a message or a connection request between two members when either blocked the other
 * (403): the blocked member is told the recipient does not accept them; the blocker is told to
 * unblock first. Called by the messages and connections services before they write.
 */
export async function assertNotBlocked(
  db: Db,
  senderId: string,
  recipientId: string,
  kind: 'message' | 'connection',
): Promise<void> {
  const found = await db
    .select({ blockerId: memberBlocks.blockerId })
    .from(memberBlocks)
    .where(
      or(
        and(eq(memberBlocks.blockerId, recipientId), eq(memberBlocks.blockedId, senderId)),
        and(eq(memberBlocks.blockerId, senderId), eq(memberBlocks.blockedId, recipientId)),
      ),
    );
  if (found.length === 0) return;
  const byRecipient = found.some((r) => r.blockerId === recipientId);
  if (byRecipient) {
    throw forbidden(kind === 'message' ? BLOCKED_BY_RECIPIENT_MESSAGE : BLOCKED_BY_RECIPIENT_CONNECTION);
  }
  throw forbidden(kind === 'message' ? YOU_BLOCKED_MESSAGE : YOU_BLOCKED_CONNECTION);
}
