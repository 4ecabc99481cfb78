import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/errors';
import { htmlToText } from '../../platform/html';
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
    const table = type === 'post' ? sql`forum_posts` : sql`forum_replies`;
    const found = await db.execute<{ author_id: string | null }>(sql`select author_id from ${table} where id = ${id}`);
    const row = found.rows[0];
    if (!row) throw missing();
    return { authorId: row.author_id };
  }
  const found = await db.execute<{ sender_id: string | null }>(sql`select sender_id from messages
    where id = ${id} and ((sender_id = ${viewerId} and sender_deleted_at is null)
      or (recipient_id = ${viewerId} and recipient_deleted_at is null))`);
  const row = found.rows[0];
  if (!row) throw missing();
  return { authorId: row.sender_id };
}

/** Files a report; a second report of the same item by the same member returns the first. */
export async function createReport(
  db: Db,
  viewerId: string,
  input: ReportInput,
): Promise<{ report: ReportReceipt; created: boolean }> {
  const { authorId } = await findReportable(db, viewerId, input.targetType, input.targetId);
  if (authorId === viewerId) throw unprocessable('OWN_CONTENT', REPORT_OWN_CONTENT);
  const inserted = await db.execute<{ id: string; status: ReportStatus }>(sql`insert into reports
      (reporter_id, target_type, target_id, reason)
    values (${viewerId}, ${input.targetType}, ${input.targetId}, ${input.reason})
    on conflict (reporter_id, target_type, target_id) do nothing
    returning id, status`);
  if (inserted.rows[0]) return { report: inserted.rows[0], created: true };
  const existing = await db.execute<{ id: string; status: ReportStatus }>(sql`select id, status from reports
    where reporter_id = ${viewerId} and target_type = ${input.targetType} and target_id = ${input.targetId}`);
  return { report: existing.rows[0]!, created: false };
}

type ReportRow = {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  reason: string;
  status: ReportStatus;
  created_at: Date | string;
  resolved_at: Date | string | null;
  reporter_id: string | null;
  reporter_username: string | null;
  resolver_id: string | null;
  resolver_username: string | null;
  author_id: string | null;
  author_username: string | null;
  title: string | null;
  content: string | null;
  forum_id: string | null;
  post_id: string | null;
  open_reports: number;
};

/** The report with the item it names (when the item still exists), its author and where it lives. */
const reportSelect = sql`select r.id, r.target_type, r.target_id, r.reason, r.status, r.created_at, r.resolved_at,
    rp.id as reporter_id, rp.username as reporter_username, rb.id as resolver_id, rb.username as resolver_username,
    ap.id as author_id, ap.username as author_username,
    case r.target_type when 'post' then fp.title when 'reply' then rpost.title else m.subject end as title,
    case r.target_type when 'post' then fp.content when 'reply' then fr.content else m.content end as content,
    coalesce(fp.forum_id, rpost.forum_id) as forum_id, coalesce(fp.id, rpost.id) as post_id,
    (select count(*)::int from reports o
      where o.target_type = r.target_type and o.target_id = r.target_id and o.status = 'open') as open_reports
  from reports r
  left join profiles rp on rp.id = r.reporter_id
  left join profiles rb on rb.id = r.resolved_by_id
  left join forum_posts fp on r.target_type = 'post' and fp.id = r.target_id
  left join forum_replies fr on r.target_type = 'reply' and fr.id = r.target_id
  left join forum_posts rpost on rpost.id = fr.post_id
  left join messages m on r.target_type = 'message' and m.id = r.target_id
  left join profiles ap on ap.id = coalesce(fp.author_id, fr.author_id, m.sender_id)`;

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
    targetType: r.target_type,
    targetId: r.target_id,
    reason: r.reason,
    status: r.status,
    createdAt: iso(r.created_at),
    resolvedAt: r.resolved_at ? iso(r.resolved_at) : null,
    reporter: person(r.reporter_id, r.reporter_username),
    resolvedBy: person(r.resolver_id, r.resolver_username),
    author: person(r.author_id, r.author_username),
    title: r.title,
    excerpt: excerpt(r.target_type, r.content),
    location:
      r.forum_id && r.post_id
        ? { forumId: r.forum_id, postId: r.post_id, replyId: r.target_type === 'reply' ? r.target_id : null }
        : null,
    openReports: Number(r.open_reports),
  };
}

/** Reports with one status: open ones oldest first (a queue), resolved ones newest first. */
export async function listReports(db: Db, status: ReportStatus, page: number): Promise<ReportsResponse> {
  const order = status === 'open' ? sql`r.created_at asc, r.id` : sql`r.resolved_at desc nulls last, r.id`;
  const offset = (page - 1) * REPORTS_PAGE_SIZE;
  const [rows, count] = await Promise.all([
    db.execute<ReportRow>(
      sql`${reportSelect} where r.status = ${status} order by ${order} limit ${REPORTS_PAGE_SIZE} offset ${offset}`,
    ),
    db.execute<{ total: number }>(sql`select count(*)::int as total from reports where status = ${status}`),
  ]);
  return {
    reports: rows.rows.map(toAdminReport),
    total: Number(count.rows[0]?.total ?? 0),
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
    const found = await tx.execute<ReportRow>(sql`${reportSelect} where r.id = ${reportId} for update of r`);
    const report = found.rows[0];
    if (!report) throw notFound(REPORT_NOT_FOUND);
    if (report.status !== 'open') throw conflict('ALREADY_RESOLVED', REPORT_ALREADY_RESOLVED);
    const status = input.action === 'remove' ? 'removed' : 'dismissed';
    // Reports close before the content goes: its deletion closes whatever is still open on it
    // (migration 0006), and these reporters are the ones to be told.
    const closed = await tx.execute<{ reporter_id: string; reason: string }>(sql`update reports
      set status = ${status}, resolved_by_id = ${adminId}, resolved_at = now()
      where status = 'open' and ${
        input.action === 'remove'
          ? sql`target_type = ${report.target_type} and target_id = ${report.target_id}`
          : sql`id = ${reportId}`
      }
      returning reporter_id, reason`);
    if (input.action === 'remove') {
      const table = { post: sql`forum_posts`, reply: sql`forum_replies`, message: sql`messages` }[report.target_type];
      await tx.execute(sql`delete from ${table} where id = ${report.target_id}`);
    }
    const reporters = closed.rows.map((r) => r.reporter_id);
    if (reporters.length === 0) return { status, resolved: 0 };
    const contacts = await tx.execute<{ id: string; email: string; username: string }>(sql`select u.id, u.email,
        p.username from "user" u join profiles p on p.id = u.id
      where u.id in (${sql.join(
        reporters.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    for (const contact of contacts.rows) {
      const reason = closed.rows.find((r) => r.reporter_id === contact.id)!.reason;
      const mail = outcomeMail(
        contact.email,
        contact.username,
        { targetType: report.target_type, title: report.title, reason },
        status,
        publicUrl,
      );
      await mailer.send(mail, tx);
    }
    return { status, resolved: closed.rows.length };
  });
}

// Blocks

export async function listBlocks(db: Db, viewerId: string): Promise<BlockedMember[]> {
  const result = await db.execute<{
    id: string;
    username: string;
    full_name: string | null;
    avatar_url: string | null;
    created_at: Date | string;
  }>(sql`select p.id, p.username, p.full_name, p.avatar_url, b.created_at from member_blocks b
    join profiles p on p.id = b.blocked_id where b.blocker_id = ${viewerId} order by lower(p.username)`);
  return result.rows.map((r) => ({
    id: r.id,
    username: r.username,
    fullName: r.full_name,
    avatarUrl: r.avatar_url,
    blockedAt: iso(r.created_at),
  }));
}

async function memberIdByUsername(db: Db, username: string): Promise<string> {
  const found = await db.execute<{ id: string }>(
    sql`select id from profiles where lower(username) = lower(${username})`,
  );
  const id = found.rows[0]?.id;
  if (!id) throw notFound('Member not found.');
  return id;
}

/** Blocks a member (again: no change). Any connection between the two goes with it, pending
 * either way or accepted, as on the networks members know: a blocked member is no contact. */
export async function blockMember(db: Db, viewerId: string, username: string): Promise<{ blockedId: string }> {
  const blockedId = await memberIdByUsername(db, username);
  if (blockedId === viewerId) throw unprocessable('SELF_BLOCK', BLOCK_SELF);
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into member_blocks (blocker_id, blocked_id) values (${viewerId}, ${blockedId})
      on conflict do nothing`);
    await tx.execute(sql`delete from connections
      where (requester_id = ${blockedId} and recipient_id = ${viewerId})
         or (requester_id = ${viewerId} and recipient_id = ${blockedId})`);
  });
  return { blockedId };
}

export async function unblockMember(db: Db, viewerId: string, username: string): Promise<void> {
  const blockedId = await memberIdByUsername(db, username);
  await db.execute(sql`delete from member_blocks where blocker_id = ${viewerId} and blocked_id = ${blockedId}`);
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
  const found = await db.execute<{ blocker_id: string }>(sql`select blocker_id from member_blocks
    where (blocker_id = ${recipientId} and blocked_id = ${senderId})
       or (blocker_id = ${senderId} and blocked_id = ${recipientId})`);
  if (found.rows.length === 0) return;
  const byRecipient = found.rows.some((r) => r.blocker_id === recipientId);
  if (byRecipient) {
    throw forbidden(kind === 'message' ? BLOCKED_BY_RECIPIENT_MESSAGE : BLOCKED_BY_RECIPIENT_CONNECTION);
  }
  throw forbidden(kind === 'message' ? YOU_BLOCKED_MESSAGE : YOU_BLOCKED_CONNECTION);
}
