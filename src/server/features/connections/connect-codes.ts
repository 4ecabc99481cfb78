import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
import { isUniqueViolation, notFound, unprocessable } from '../../platform/errors';
import { dateTimeFormat } from '../../platform/date-format';
import { assertNotBlocked } from '../moderation/service';
import { qrSvg } from '../check-in/tickets';
import { requestConnection, type ConnectionChange } from './service';

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

async function answer(publicUrl: string, row: { token: string; created_at: Date | string }) {
  const url = connectUrl(publicUrl, row.token);
  return { url, qrSvg: await qrSvg(url), createdAt: iso(row.created_at) } satisfies ConnectCodeResponse;
}

/** The member's code, made the first time they ask for it. */
export async function getConnectCode(
  db: Db,
  publicUrl: string,
  userId: string,
  now: Date,
): Promise<ConnectCodeResponse> {
  // Two first asks at once (two tabs) keep one code: the second insert does nothing.
  await db.execute(sql`insert into connect_codes (user_id, token, created_at)
    values (${userId}, ${newToken()}, ${now.toISOString()}) on conflict (user_id) do nothing`);
  const found = await db.execute<{ token: string; created_at: Date | string }>(
    sql`select token, created_at from connect_codes where user_id = ${userId}`,
  );
  return answer(publicUrl, found.rows[0]!);
}

/** A new code for the member; the old one stops working with this statement. */
export async function regenerateConnectCode(
  db: Db,
  publicUrl: string,
  userId: string,
  now: Date,
): Promise<ConnectCodeResponse> {
  const saved = await db.execute<{ token: string; created_at: Date | string }>(sql`
    insert into connect_codes (user_id, token, created_at) values (${userId}, ${newToken()}, ${now.toISOString()})
    on conflict (user_id) do update set token = excluded.token, created_at = excluded.created_at
    returning token, created_at`);
  return answer(publicUrl, saved.rows[0]!);
}

interface CodeOwner extends ConnectCodeOwner {
  id: string;
}

/** Whom a code belongs to; a malformed, replaced or unknown code is one answer: 404. */
export async function findCodeOwner(db: Db, token: string): Promise<CodeOwner> {
  if (!CONNECT_TOKEN_PATTERN.test(token)) throw notFound(CONNECT_CODE_INVALID);
  const found = await db.execute<{ id: string; username: string; full_name: string | null; avatar_url: string | null }>(
    sql`select p.id, p.username, p.full_name, p.avatar_url
      from connect_codes k join profiles p on p.id = k.user_id where k.token = ${token}`,
  );
  const row = found.rows[0];
  if (!row) throw notFound(CONNECT_CODE_INVALID);
  return { id: row.id, username: row.username, fullName: row.full_name, avatarUrl: row.avatar_url };
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
  const found = await db.execute<{ id: string; name: string; start_time: Date | string; end_time: Date | string }>(sql`
    select e.id, e.name, e.start_time, e.end_time from events e
    where exists (select 1 from event_check_ins c where c.event_id = e.id and c.ticket = ${`member:${a}`})
      and exists (select 1 from event_check_ins c where c.event_id = e.id and c.ticket = ${`member:${b}`})
      and ((e.start_time between ${new Date(now.getTime() - 1.5 * DAY_MS).toISOString()}
              and ${new Date(now.getTime() + 1.5 * DAY_MS).toISOString()})
        or (e.start_time <= ${now.toISOString()} and e.end_time >= ${now.toISOString()}))
    order by e.start_time desc`);
  const day = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const today = day.format(now);
  const t = now.getTime();
  const rows = found.rows.map((r) => ({
    ...r,
    start: new Date(r.start_time).getTime(),
    end: new Date(r.end_time).getTime(),
  }));
  const match =
    rows.find((r) => r.start <= t && t <= r.end) ?? rows.find((r) => day.format(new Date(r.start)) === today);
  return match ? { id: match.id, name: match.name } : null;
}

type PairRow = { id: string; status: 'pending' | 'accepted' | 'rejected'; met_at_event_id: string | null };

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
  const existing = await tx.execute<PairRow>(sql`select id, status, met_at_event_id from connections
    where least(requester_id, recipient_id) = least(${viewerId}::text, ${ownerId}::text)
      and greatest(requester_id, recipient_id) = greatest(${viewerId}::text, ${ownerId}::text)
    for update`);
  const row = existing.rows[0];
  if (!row) {
    const created = await tx.execute<{ id: string }>(sql`insert into connections
        (requester_id, recipient_id, status, met_at_event_id)
      values (${viewerId}, ${ownerId}, 'accepted', ${eventId}) returning id`);
    return { id: created.rows[0]!.id, metAt };
  }
  if (row.met_at_event_id && row.met_at_event_id !== eventId) {
    const first = await tx.execute<MetAt>(sql`select id, name from events where id = ${row.met_at_event_id}`);
    if (first.rows[0]) metAt = { id: first.rows[0].id, name: first.rows[0].name };
  }
  if (row.status === 'accepted' && row.met_at_event_id) return { id: row.id, metAt };
  await tx.execute(sql`update connections set status = 'accepted', met_at_event_id = coalesce(met_at_event_id, ${eventId}),
      updated_at = case when status = 'accepted' then updated_at else now() end
    where id = ${row.id}`);
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
