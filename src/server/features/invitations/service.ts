import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUuid, memberName } from '../../db/query-values';
import { invitations, profiles, user } from '../../db/schema';
import { HttpError, badRequest, conflict, invariant, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import {
  INVALID_INVITATION_LINK,
  INVALID_INVITATION_LINK_MESSAGE,
  INVITATIONS_PAGE_SIZE,
  INVITATION_EXPIRED,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_JOINED,
  INVITATION_JOINED_MESSAGE,
  INVITATION_NOT_FOUND,
  INVITATION_RESENT,
  INVITATION_RESENT_MESSAGE,
  INVITATION_REVOKED,
  INVITATION_REVOKED_MESSAGE,
  INVITATION_ROWS_REFUSED,
  INVITATION_SENDS_MAX,
  INVITATION_USED_MESSAGE,
  INVITATION_VALID_DAYS,
  INVITATION_WITHDRAWN,
  INVITATION_WITHDRAWN_MESSAGE,
  PROBLEM_INVITED,
  PROBLEM_MEMBER,
  invitationRowsRefused,
  type Invitation,
  type InvitationLinkResponse,
  type InvitationStatus,
  type InvitationsPreviewResponse,
  type InvitationsResponse,
  type InvitationsSendInput,
  type InvitationsSendResponse,
  type PreviewRow,
} from '../../../shared/invitations';
import { parseInvitationCsv, type CsvRow } from './csv';
import { invitationMail } from './emails';
import { existingInvitationKey, invitationKey, readInvitationToken } from './links';

// Invitations (issue 35): a list becomes invitations and their mails in one transaction, or
// nothing at all; each invitation is then revoked or sent again (once) by an admin, and its link
// fills in the registration form. Whether someone joined is the database's to say (a trigger on
// new accounts: migrations/0020), so nothing here writes `joined_*`.

const DAY_MS = 86_400_000;
/** Mails per statement: one statement of 10,000 mails (their HTML parts too, some 25 MB) took
 * PGlite three times as long as ten of 1,000. */
const MAIL_CHUNK = 1000;
/** A PostgreSQL array literal of texts, one parameter however long the list. */
const pgTextArray = (values: (string | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;

type Deps = { db: Db; config: Pick<Config, 'publicUrl' | 'SITE_TIMEZONE'>; mailer: Mailer };
type Row = typeof invitations.$inferSelect;

const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS);

function statusOf(row: Pick<Row, 'joinedAt' | 'revokedAt' | 'expiresAt'>, now: Date): InvitationStatus {
  if (row.joinedAt) return 'joined';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

const toInvitation = (row: Row, now: Date): Invitation => ({
  id: row.id,
  name: row.name,
  email: row.email,
  company: row.company,
  position: row.position,
  invitedAt: row.createdAt.toISOString(),
  sentAt: row.sentAt.toISOString(),
  sendCount: row.sendCount,
  expiresAt: row.expiresAt.toISOString(),
  status: statusOf(row, now),
  joinedAt: row.joinedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

// ---------- the list ----------

interface CheckedRow extends CsvRow {
  blocking: boolean;
}

/** The addresses among `addresses` (lower case) that are members' or invited already. */
async function knownAddresses(db: Db, addresses: string[]) {
  if (addresses.length === 0) return { members: new Set<string>(), invited: new Set<string>() };
  const members = await db
    .select({ email: sql<string>`lower(${user.email})` })
    .from(user)
    .where(inArray(sql`lower(${user.email})`, addresses));
  const invited = await db
    .select({ email: invitations.email })
    .from(invitations)
    .where(inArray(invitations.email, addresses));
  return { members: new Set(members.map((m) => m.email)), invited: new Set(invited.map((i) => i.email)) };
}

/** Each row with its problem: the file's own (which stop the import unless skipped), else
 * whether the person is a member or invited already (always skipped). */
async function checkRows(db: Db, rows: CsvRow[]): Promise<CheckedRow[]> {
  const { members, invited } = await knownAddresses(
    db,
    rows.filter((r) => r.problem === null).map((r) => r.email.toLowerCase()),
  );
  return rows.map((row) => {
    if (row.problem !== null) return { ...row, blocking: true };
    const address = row.email.toLowerCase();
    if (members.has(address)) return { ...row, problem: PROBLEM_MEMBER, blocking: false };
    if (invited.has(address)) return { ...row, problem: PROBLEM_INVITED, blocking: false };
    return { ...row, blocking: false };
  });
}

/** What importing the list would do, row by row; writes nothing. */
export async function previewInvitations(db: Db, csv: string): Promise<InvitationsPreviewResponse> {
  const rows: PreviewRow[] = await checkRows(db, parseInvitationCsv(csv));
  const problems = rows.filter((r) => r.problem !== null).length;
  return {
    rows,
    counts: {
      total: rows.length,
      ready: rows.length - problems,
      problems,
      blocking: rows.filter((r) => r.blocking).length,
    },
  };
}

/** A 422 naming every row whose problem stops the import, by its line (`csv.<line>`). */
function rowsRefused(rows: CsvRow[]): HttpError {
  const fields = Object.fromEntries(rows.map((r) => [`csv.${r.line}`, r.problem!]));
  return new HttpError(422, INVITATION_ROWS_REFUSED, invitationRowsRefused(rows.length), fields);
}

async function inviterName(db: Db, inviterId: string): Promise<string> {
  const [row] = await db.select({ name: memberName }).from(profiles).where(eq(profiles.id, inviterId));
  return row?.name ?? 'The organisers';
}

/** Invites every ready row of the list: the invitations and their mails in one transaction.
 * A row with a problem of its own refuses the whole list (422, nothing written) unless
 * `skipProblems`; members and people invited before are skipped either way. */
export async function sendInvitations(
  { db, config, mailer }: Deps,
  input: InvitationsSendInput,
  inviterId: string,
  now: Date,
): Promise<InvitationsSendResponse> {
  const parsed = parseInvitationCsv(input.csv);
  const malformed = parsed.filter((r) => r.problem !== null);
  if (malformed.length > 0 && !input.skipProblems) throw rowsRefused(malformed);
  const key = await invitationKey(db);
  const inviter = await inviterName(db, inviterId);
  const expiresAt = expiryFrom(now);
  return db.transaction(async (tx) => {
    const ready = (await checkRows(tx, parsed)).filter((r) => r.problem === null);
    const column = (pick: (r: CheckedRow) => string | null) => pgTextArray(ready.map(pick));
    // Raw: one insert over unnest(arrays) for the whole list, as the mailer's sendMany does: the
    // builder binds a parameter per column per row, which takes seconds for 10,000 rows.
    // Someone another admin invited a moment ago is skipped, like those invited before.
    const { rows: made } = await tx.execute<{ id: string; email: string; name: string }>(sql`
      insert into ${invitations} (email, name, company, position, invited_by, created_at, sent_at, send_count, expires_at)
      select t.email, t.name, t.company, t.position, ${inviterId}, ${now.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz, 1, ${expiresAt.toISOString()}::timestamptz
      from unnest(${column((r) => r.email.toLowerCase())}::text[], ${column((r) => r.name)}::text[],
        ${column((r) => r.company || null)}::text[], ${column((r) => r.position || null)}::text[])
        as t(email, name, company, position)
      on conflict (email) do nothing
      returning id, email, name`);
    for (let i = 0; i < made.length; i += MAIL_CHUNK) {
      await mailer.sendMany(
        made.slice(i, i + MAIL_CHUNK).map((m) => invitationMail(config, key, inviter, { ...m, expiresAt })),
        tx,
      );
    }
    return { invited: made.length, skipped: parsed.length - made.length };
  });
}

// ---------- the invitations ----------

/** The invitations newest first, a page at a time, with the totals of all of them. */
export async function listInvitations(db: Db, page: number, now: Date): Promise<InvitationsResponse> {
  const open = and(isNull(invitations.joinedAt), isNull(invitations.revokedAt));
  const rows = await db
    .select()
    .from(invitations)
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(INVITATIONS_PAGE_SIZE)
    .offset((page - 1) * INVITATIONS_PAGE_SIZE);
  // `count(*) filter (...)`: the builder has no aggregate filter; one pass counts every status.
  const [totals] = await db
    .select({
      invited: count(),
      joined: count(invitations.joinedAt),
      revoked:
        sql<number>`count(*) filter (where ${and(isNull(invitations.joinedAt), isNotNull(invitations.revokedAt))})`.mapWith(
          Number,
        ),
      expired: sql<number>`count(*) filter (where ${and(open, lte(invitations.expiresAt, now))})`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${and(open, gt(invitations.expiresAt, now))})`.mapWith(Number),
    })
    .from(invitations);
  return {
    invitations: rows.map((row) => toInvitation(row, now)),
    totals: totals!,
    page,
    pageSize: INVITATIONS_PAGE_SIZE,
  };
}

/** The invitation, locked for the change that follows, unless it is missing (404) or its
 * person has joined (409) or it was revoked (409). */
async function openInvitation(tx: Db, id: string): Promise<Row> {
  const [row] = isUuid(id) ? await tx.select().from(invitations).where(eq(invitations.id, id)).for('update') : [];
  invariant(row, () => notFound(INVITATION_NOT_FOUND));
  if (row.joinedAt) throw conflict(INVITATION_JOINED, INVITATION_JOINED_MESSAGE);
  if (row.revokedAt) throw conflict(INVITATION_REVOKED, INVITATION_REVOKED_MESSAGE);
  return row;
}

/** Revokes an invitation: its link stops working. Before and after, for the audit log. */
export async function revokeInvitation(
  db: Db,
  id: string,
  now: Date,
): Promise<{ before: Invitation; after: Invitation }> {
  return db.transaction(async (tx) => {
    const row = await openInvitation(tx, id);
    const [after] = await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, row.id)).returning();
    return { before: toInvitation(row, now), after: toInvitation(after!, now) };
  });
}

/** Sends an invitation a second (and last) time, valid INVITATION_VALID_DAYS from now; the first
 * mail's link keeps its own end. */
export async function resendInvitation(
  { db, config, mailer }: Deps,
  id: string,
  inviterId: string,
  now: Date,
): Promise<{ before: Invitation; after: Invitation }> {
  const key = await invitationKey(db);
  const inviter = await inviterName(db, inviterId);
  return db.transaction(async (tx) => {
    const row = await openInvitation(tx, id);
    if (row.sendCount >= INVITATION_SENDS_MAX) throw conflict(INVITATION_RESENT, INVITATION_RESENT_MESSAGE);
    const [after] = await tx
      .update(invitations)
      .set({ sentAt: now, sendCount: row.sendCount + 1, expiresAt: expiryFrom(now) })
      .where(eq(invitations.id, row.id))
      .returning();
    await mailer.send(invitationMail(config, key, inviter, after!), tx);
    return { before: toInvitation(row, now), after: toInvitation(after!, now) };
  });
}

// ---------- the link ----------

/** What the link of an invitation fills the registration form with, while it is valid: a link
 * this install did not sign is 400, one whose person has joined 409, a revoked or expired one 410. */
export async function invitationForLink(db: Db, token: string, now: Date): Promise<InvitationLinkResponse> {
  const key = await existingInvitationKey(db);
  const link = key && readInvitationToken(key, token);
  const [row] = link ? await db.select().from(invitations).where(eq(invitations.id, link.id)) : [];
  if (!link || !row) throw badRequest(INVALID_INVITATION_LINK, INVALID_INVITATION_LINK_MESSAGE);
  if (row.joinedAt) throw conflict(INVITATION_JOINED, INVITATION_USED_MESSAGE);
  if (row.revokedAt) throw new HttpError(410, INVITATION_WITHDRAWN, INVITATION_WITHDRAWN_MESSAGE);
  if (link.expiresAt <= now) throw new HttpError(410, INVITATION_EXPIRED, INVITATION_EXPIRED_MESSAGE);
  return { name: row.name, email: row.email, company: row.company, position: row.position };
}
