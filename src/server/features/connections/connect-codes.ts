import { randomBytes } from 'node:crypto';
import { and, between, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import {
  CONNECT_CODE_INVALID,
  CONNECT_OWN_CODE,
  CONNECT_TOKEN_PATTERN,
  type ConnectCodeOwner,
  type ConnectCodeResponse,
  type MetAt,
  type ScanConnectResponse,
} from '../../../shared/connect-codes';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { connectCodes, connections, eventCheckIns, events, profiles } from '../../db/schema';
import { memberSummaryColumns, presentMemberSummary } from '../../platform/presenters';
import { isUniqueViolation, notFound, unprocessable } from '../../platform/errors';
import { dateTimeFormat } from '../../platform/date-format';
import { assertNotBlocked } from '../moderation/service';
import { qrSvg } from '../check-in/tickets';
import { pairOf, requestConnection, type ConnectionChange } from './service';

// Scan to connect. Each member has one personal code, a random token in `connect_codes` that is
// the whole secret: the QR image carries `${PUBLIC_URL}/connect/<token>`, which any phone camera
// opens. Regenerating replaces the row's token, so the old one stops working at once.
//
// Connecting by a code is a normal request, except when both members checked in to the same
// event "that day": an event whose start falls on today's date in the community's time zone, or
// one under way now. Then the connection is accepted at once and tagged "met at {event}".

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** 128 random bits, base64url (22 characters). */
const newToken = () => randomBytes(16).toString('base64url');

export const connectUrl = (publicUrl: string, token: string) => `${publicUrl}/connect/${token}`;

async function answer(publicUrl: string, row: { token: string; createdAt: Date }) {
  const url = connectUrl(publicUrl, row.token);
  return { url, qrSvg: await qrSvg(url), createdAt: iso(row.createdAt) } satisfies ConnectCodeResponse;
}

const codeColumns = { token: connectCodes.token, createdAt: connectCodes.createdAt };

/** The member's code, made the first time they ask for it. */
export async function getConnectCode(
  db: Db,
  publicUrl: string,
  userId: string,
  now: Date,
): Promise<ConnectCodeResponse> {
  // Two first asks at once (two tabs) keep one code: the second insert does nothing.
  await db.insert(connectCodes).values({ userId, token: newToken(), createdAt: now }).onConflictDoNothing();
  const [found] = await db.select(codeColumns).from(connectCodes).where(eq(connectCodes.userId, userId));
  return answer(publicUrl, found!);
}

/** Each member's code address, made for those who have none yet (name badges print them). */
export async function connectUrls(
  db: Db,
  publicUrl: string,
  userIds: string[],
  now: Date,
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  await db
    .insert(connectCodes)
    .values(userIds.map((userId) => ({ userId, token: newToken(), createdAt: now })))
    .onConflictDoNothing();
  const rows = await db
    .select({ userId: connectCodes.userId, token: connectCodes.token })
    .from(connectCodes)
    .where(inArray(connectCodes.userId, userIds));
  return new Map(rows.map((r) => [r.userId, connectUrl(publicUrl, r.token)]));
}

/** A new code for the member; the old one stops working with this statement. */
export async function regenerateConnectCode(
  db: Db,
  publicUrl: string,
  userId: string,
  now: Date,
): Promise<ConnectCodeResponse> {
  const [saved] = await db
    .insert(connectCodes)
    .values({ userId, token: newToken(), createdAt: now })
    .onConflictDoUpdate({
      target: connectCodes.userId,
      set: { token: sql`excluded.token`, createdAt: sql`excluded.created_at` },
    })
    .returning(codeColumns);
  return answer(publicUrl, saved!);
}

interface CodeOwner extends ConnectCodeOwner {
  id: string;
}

/** Whom a code belongs to; a malformed, replaced or unknown code is one answer: 404. */
export async function findCodeOwner(db: Db, token: string): Promise<CodeOwner> {
  if (!CONNECT_TOKEN_PATTERN.test(token)) throw notFound(CONNECT_CODE_INVALID);
  const [row] = await db
    .select(memberSummaryColumns)
    .from(connectCodes)
    .innerJoin(profiles, eq(profiles.id, connectCodes.userId))
    .where(eq(connectCodes.token, token));
  if (!row) throw notFound(CONNECT_CODE_INVALID);
  return presentMemberSummary(row);
}

const DAY_MS = 24 * 3_600_000;

/** The event both members checked in to "that day" (see above), if any: the one under way now
 * first, else the latest to start. */
export async function sharedEventToday(
  db: Db | Tx,
  a: string,
  b: string,
  now: Date,
  timeZone: string,
): Promise<MetAt | null> {
  // Every candidate starts within a day and a half of now (today in any time zone) or is under way.
  const checkedIn = (id: string) =>
    sql`exists (select 1 from ${eventCheckIns} c where c.event_id = ${events.id} and c.ticket = ${`member:${id}`})`;
  const found = await db
    .select({ id: events.id, name: events.name, startTime: events.startTime, endTime: events.endTime })
    .from(events)
    .where(
      and(
        checkedIn(a),
        checkedIn(b),
        or(
          between(events.startTime, new Date(now.getTime() - 1.5 * DAY_MS), new Date(now.getTime() + 1.5 * DAY_MS)),
          and(lte(events.startTime, now), gte(events.endTime, now)),
        ),
      ),
    )
    .orderBy(desc(events.startTime));
  const day = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const today = day.format(now);
  const t = now.getTime();
  const rows = found.map((r) => ({ ...r, start: r.startTime.getTime(), end: r.endTime.getTime() }));
  const match =
    rows.find((r) => r.start <= t && t <= r.end) ?? rows.find((r) => day.format(new Date(r.start)) === today);
  return match ? { id: match.id, name: match.name } : null;
}

/** Both were there: the pair is connected at once, whatever its row said, and tagged. An earlier
 * tag stays (where they first met). */
async function connectMet(
  tx: Tx,
  viewerId: string,
  ownerId: string,
  event: MetAt,
): Promise<{ id: string; metAt: MetAt }> {
  const eventId = event.id;
  let metAt = event;
  const [row] = await tx
    .select({ id: connections.id, status: connections.status, metAtEventId: connections.metAtEventId })
    .from(connections)
    .where(pairOf(viewerId, ownerId))
    .for('update');
  if (!row) {
    const [created] = await tx
      .insert(connections)
      .values({ requesterId: viewerId, recipientId: ownerId, status: 'accepted', metAtEventId: eventId })
      .returning({ id: connections.id });
    return { id: created!.id, metAt };
  }
  if (row.metAtEventId && row.metAtEventId !== eventId) {
    const [first] = await tx
      .select({ id: events.id, name: events.name })
      .from(events)
      .where(eq(events.id, row.metAtEventId));
    if (first) metAt = first;
  }
  if (row.status === 'accepted' && row.metAtEventId) return { id: row.id, metAt };
  await tx
    .update(connections)
    .set({
      status: 'accepted',
      metAtEventId: sql`coalesce(${connections.metAtEventId}, ${eventId})`,
      updatedAt: sql`case when ${connections.status} = 'accepted' then ${connections.updatedAt} else now() end`,
    })
    .where(eq(connections.id, row.id));
  return { id: row.id, metAt };
}

export interface ScanResult extends ScanConnectResponse {
  parties: [string, string];
}

/** One tap on a scanned code: accepted and tagged when both checked in to the same event that
 * day, otherwise a normal request (with its usual refusals). */
export async function connectByCode(
  db: Db,
  viewerId: string,
  token: string,
  now: Date,
  timeZone: string,
): Promise<ScanResult> {
  const owner = await findCodeOwner(db, token);
  if (owner.id === viewerId) throw unprocessable('SELF_CONNECTION', CONNECT_OWN_CODE);
  await assertNotBlocked(db, viewerId, owner.id, 'connection');
  const parties: [string, string] = [viewerId, owner.id];
  const met = await sharedEventToday(db, viewerId, owner.id, now, timeZone);
  if (!met) {
    const change: ConnectionChange = await requestConnection(db, viewerId, owner.username);
    return { connection: { id: change.id!, status: change.status! }, metAt: null, parties };
  }
  // Two phones scanning each other's codes at once both find no row and insert; the pair index
  // lets one in, and the other, tried again, finds that row and accepts it.
  for (let attempt = 0; ; attempt++) {
    try {
      const { id, metAt } = await db.transaction((tx) => connectMet(tx, viewerId, owner.id, met));
      return { connection: { id, status: 'accepted' }, metAt, parties };
    } catch (error) {
      if (attempt === 0 && isUniqueViolation(error, 'connections_pair_idx')) continue;
      throw error;
    }
  }
}
