import { sql } from 'drizzle-orm';
import type { PersonSummary } from '../../../shared/members';
import type { Db } from '../../db/client';
import { iso, json } from '../../db/rows';
import { conflict, forbidden, isUniqueViolation, notFound, unprocessable } from '../../platform/errors';
import type { ConnectionsResponse } from '../../../shared/connections';
import { isUuid } from '../../db/query-values';
import { assertNotBlocked } from '../moderation/service';

// The connection state machine, owned by the server. One row per pair of members:
//   none -> pending (requester asks)        pending -> none (requester withdraws)
//   pending -> accepted | rejected (recipient only)
//   accepted -> none (either side removes)   rejected -> pending (the requester may ask again)

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Row = { id: string; requester_id: string; recipient_id: string; status: 'pending' | 'accepted' | 'rejected' };

export interface ConnectionChange {
  id: string | null;
  status: Row['status'] | null;
  /** Both members, whose badges and lists change. */
  parties: [string, string];
}

async function findPair(tx: Tx, a: string, b: string): Promise<Row | undefined> {
  const result = await tx.execute<Row>(sql`select id, requester_id, recipient_id, status from connections
    where least(requester_id, recipient_id) = least(${a}::text, ${b}::text)
      and greatest(requester_id, recipient_id) = greatest(${a}::text, ${b}::text)
    for update`);
  return result.rows[0];
}

async function lockById(tx: Tx, id: string, viewerId: string): Promise<Row> {
  if (!isUuid(id)) throw notFound('Connection not found.');
  const result = await tx.execute<Row>(
    sql`select id, requester_id, recipient_id, status from connections where id = ${id} for update`,
  );
  const row = result.rows[0];
  // Someone else's connection is indistinguishable from a missing one.
  if (!row || (row.requester_id !== viewerId && row.recipient_id !== viewerId)) throw notFound('Connection not found.');
  return row;
}

export async function requestConnection(db: Db, viewerId: string, username: string): Promise<ConnectionChange> {
  const target = await db.execute<{ id: string }>(
    sql`select id from profiles where lower(username) = lower(${username})`,
  );
  const recipientId = target.rows[0]?.id;
  if (!recipientId) throw unprocessable('MEMBER_NOT_FOUND', 'Member not found.', 'username');
  if (recipientId === viewerId) throw unprocessable('SELF_CONNECTION', 'You cannot connect with yourself.');
  await assertNotBlocked(db, viewerId, recipientId, 'connection');
  const parties: [string, string] = [viewerId, recipientId];
  try {
    return await db.transaction(async (tx) => {
      const existing = await findPair(tx, viewerId, recipientId);
      if (!existing) {
        const created = await tx.execute<{
          id: string;
        }>(sql`insert into connections (requester_id, recipient_id, status)
          values (${viewerId}, ${recipientId}, 'pending') returning id`);
        return { id: created.rows[0]!.id, status: 'pending', parties };
      }
      if (existing.status === 'accepted') throw conflict('ALREADY_CONNECTED', 'You are already connected.');
      if (existing.status === 'pending') {
        if (existing.requester_id === viewerId) throw conflict('REQUEST_PENDING', 'Your request is already pending.');
        throw conflict(
          'REQUEST_FROM_THEM',
          'This member has already asked to connect with you. Accept their request instead.',
        );
      }
      // Rejected before: asking again reuses the pair's row, with the asker as requester.
      await tx.execute(sql`update connections set requester_id = ${viewerId}, recipient_id = ${recipientId},
        status = 'pending', created_at = now(), updated_at = now() where id = ${existing.id}`);
      return { id: existing.id, status: 'pending', parties };
    });
  } catch (error) {
    // Two simultaneous first requests in opposite directions: the pair index lets one win.
    if (isUniqueViolation(error, 'connections_pair_idx')) {
      throw conflict(
        'REQUEST_FROM_THEM',
        'This member has already asked to connect with you. Accept their request instead.',
      );
    }
    throw error;
  }
}

export async function respondToRequest(
  db: Db,
  viewerId: string,
  id: string,
  accept: boolean,
): Promise<ConnectionChange> {
  return db.transaction(async (tx) => {
    const row = await lockById(tx, id, viewerId);
    if (row.recipient_id !== viewerId) throw forbidden('Only the member who received the request can answer it.');
    if (row.status !== 'pending') throw conflict('NOT_PENDING', 'This request has already been answered.');
    const status = accept ? 'accepted' : 'rejected';
    await tx.execute(sql`update connections set status = ${status}, updated_at = now() where id = ${id}`);
    return { id, status, parties: [row.requester_id, row.recipient_id] };
  });
}

/** Withdraw a pending request (requester only) or remove an accepted connection (either side). */
export async function removeConnection(db: Db, viewerId: string, id: string): Promise<ConnectionChange> {
  return db.transaction(async (tx) => {
    const row = await lockById(tx, id, viewerId);
    if (row.status === 'pending' && row.requester_id !== viewerId) {
      throw forbidden('Only the member who sent the request can withdraw it. Decline it instead.');
    }
    if (row.status === 'rejected') throw conflict('NOT_CONNECTED', 'There is no connection to remove.');
    await tx.execute(sql`delete from connections where id = ${id}`);
    return { id: null, status: null, parties: [row.requester_id, row.recipient_id] };
  });
}

export async function listConnections(db: Db, viewerId: string): Promise<ConnectionsResponse> {
  const person = (alias: string) =>
    sql.raw(
      `json_build_object('id', ${alias}.id, 'username', ${alias}.username, 'fullName', ${alias}.full_name, 'avatarUrl', ${alias}.avatar_url)`,
    );
  const [incoming, accepted] = await Promise.all([
    db.execute<{
      id: string;
      created_at: Date | string;
      requester: PersonSummary | string;
    }>(sql`select c.id, c.created_at, ${person('p')} as requester
      from connections c join profiles p on p.id = c.requester_id
      where c.recipient_id = ${viewerId} and c.status = 'pending' order by c.created_at desc`),
    db.execute<{
      id: string;
      created_at: Date | string;
      member: PersonSummary | string;
      met_at_id: string | null;
      met_at_name: string | null;
    }>(sql`select c.id, c.created_at, ${person('p')} as member, m.id as met_at_id, m.name as met_at_name
      from connections c join profiles p on p.id = case when c.requester_id = ${viewerId} then c.recipient_id else c.requester_id end
        left join events m on m.id = c.met_at_event_id
      where (c.requester_id = ${viewerId} or c.recipient_id = ${viewerId}) and c.status = 'accepted'
      order by lower(p.username)`),
  ]);
  return {
    incoming: incoming.rows.map((r) => ({
      id: r.id,
      createdAt: iso(r.created_at),
      requester: json(r.requester),
    })),
    connections: accepted.rows.map((r) => ({
      id: r.id,
      createdAt: iso(r.created_at),
      member: json(r.member),
      metAt: r.met_at_id && r.met_at_name !== null ? { id: r.met_at_id, name: r.met_at_name } : null,
    })),
  };
}
