import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { connections, events, profiles } from '../../db/schema';
import { memberSummaryColumns, presentMemberSummary } from '../../platform/presenters';
import { conflict, forbidden, isUniqueViolation, notFound, unprocessable } from '../../platform/errors';
import type { ConnectionsResponse } from '../../../shared/connections';
import { isUuid } from '../../db/query-values';
import { assertNotBlocked } from '../moderation/service';

// The connection state machine, owned by the server. One row per pair of members:
//   none -> pending (requester asks)        pending -> none (requester withdraws)
//   pending -> accepted | rejected (recipient only)
//   accepted -> none (either side removes)   rejected -> pending (the requester may ask again)

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Row = Pick<typeof connections.$inferSelect, 'id' | 'requesterId' | 'recipientId' | 'status'>;
const rowColumns = {
  id: connections.id,
  requesterId: connections.requesterId,
  recipientId: connections.recipientId,
  status: connections.status,
};

export interface ConnectionChange {
  id: string | null;
  status: Row['status'] | null;
  /** Both members, whose badges and lists change. */
  parties: [string, string];
}

/** The pair's one row, whoever asked, through the (least, greatest) unique index. */
export const pairOf = (a: string, b: string) =>
  and(
    sql`least(${connections.requesterId}, ${connections.recipientId}) = least(${a}::text, ${b}::text)`,
    sql`greatest(${connections.requesterId}, ${connections.recipientId}) = greatest(${a}::text, ${b}::text)`,
  );

async function findPair(tx: Tx, a: string, b: string): Promise<Row | undefined> {
  const [row] = await tx.select(rowColumns).from(connections).where(pairOf(a, b)).for('update');
  return row;
}

async function lockById(tx: Tx, id: string, viewerId: string): Promise<Row> {
  if (!isUuid(id)) throw notFound('Connection not found.');
  const [row] = await tx.select(rowColumns).from(connections).where(eq(connections.id, id)).for('update');
  // Someone else's connection is indistinguishable from a missing one.
  if (!row || (row.requesterId !== viewerId && row.recipientId !== viewerId)) throw notFound('Connection not found.');
  return row;
}

export async function requestConnection(db: Db, viewerId: string, username: string): Promise<ConnectionChange> {
  const [target] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${username})`);
  const recipientId = target?.id;
  if (!recipientId) throw unprocessable('MEMBER_NOT_FOUND', 'Member not found.', 'username');
  if (recipientId === viewerId) throw unprocessable('SELF_CONNECTION', 'You cannot connect with yourself.');
  await assertNotBlocked(db, viewerId, recipientId, 'connection');
  const parties: [string, string] = [viewerId, recipientId];
  try {
    return await db.transaction(async (tx) => {
      const existing = await findPair(tx, viewerId, recipientId);
      if (!existing) {
        const [created] = await tx
          .insert(connections)
          .values({ requesterId: viewerId, recipientId, status: 'pending' })
          .returning({ id: connections.id });
        return { id: created!.id, status: 'pending', parties };
      }
      if (existing.status === 'accepted') throw conflict('ALREADY_CONNECTED', 'You are already connected.');
      if (existing.status === 'pending') {
        if (existing.requesterId === viewerId) throw conflict('REQUEST_PENDING', 'Your request is already pending.');
        throw conflict(
          'REQUEST_FROM_THEM',
          'This member has already asked to connect with you. Accept their request instead.',
        );
      }
      // Rejected before: asking again reuses the pair's row, with the asker as requester.
      await tx
        .update(connections)
        .set({ requesterId: viewerId, recipientId, status: 'pending', createdAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(connections.id, existing.id));
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
    if (row.recipientId !== viewerId) throw forbidden('Only the member who received the request can answer it.');
    if (row.status !== 'pending') throw conflict('NOT_PENDING', 'This request has already been answered.');
    const status = accept ? 'accepted' : 'rejected';
    await tx
      .update(connections)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(connections.id, id));
    return { id, status, parties: [row.requesterId, row.recipientId] };
  });
}

/** Withdraw a pending request (requester only) or remove an accepted connection (either side). */
export async function removeConnection(db: Db, viewerId: string, id: string): Promise<ConnectionChange> {
  return db.transaction(async (tx) => {
    const row = await lockById(tx, id, viewerId);
    if (row.status === 'pending' && row.requesterId !== viewerId) {
      throw forbidden('Only the member who sent the request can withdraw it. Decline it instead.');
    }
    if (row.status === 'rejected') throw conflict('NOT_CONNECTED', 'There is no connection to remove.');
    await tx.delete(connections).where(eq(connections.id, id));
    return { id: null, status: null, parties: [row.requesterId, row.recipientId] };
  });
}

export async function listConnections(db: Db, viewerId: string): Promise<ConnectionsResponse> {
  const [incoming, accepted] = await Promise.all([
    db
      .select({ id: connections.id, createdAt: connections.createdAt, requester: memberSummaryColumns })
      .from(connections)
      .innerJoin(profiles, eq(profiles.id, connections.requesterId))
      .where(and(eq(connections.recipientId, viewerId), eq(connections.status, 'pending')))
      .orderBy(desc(connections.createdAt)),
    db
      .select({
        id: connections.id,
        createdAt: connections.createdAt,
        member: memberSummaryColumns,
        metAtId: events.id,
        metAtName: events.name,
      })
      .from(connections)
      .innerJoin(
        profiles,
        eq(
          profiles.id,
          sql`case when ${connections.requesterId} = ${viewerId} then ${connections.recipientId} else ${connections.requesterId} end`,
        ),
      )
      .leftJoin(events, eq(events.id, connections.metAtEventId))
      .where(
        and(
          or(eq(connections.requesterId, viewerId), eq(connections.recipientId, viewerId)),
          eq(connections.status, 'accepted'),
        ),
      )
      .orderBy(sql`lower(${profiles.username})`),
  ]);
  return {
    incoming: incoming.map((r) => ({
      id: r.id,
      createdAt: iso(r.createdAt),
      requester: presentMemberSummary(r.requester),
    })),
    connections: accepted.map((r) => ({
      id: r.id,
      createdAt: iso(r.createdAt),
      member: presentMemberSummary(r.member),
      metAt: r.metAtId && r.metAtName !== null ? { id: r.metAtId, name: r.metAtName } : null,
    })),
  };
}
