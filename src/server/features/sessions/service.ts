import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { session } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { describeUserAgent } from '../../platform/user-agent';
import { SESSION_NOT_FOUND, type MemberSession } from '../../../shared/sessions';

/** The member's live sessions, the most recently active first. */
export async function listSessions(db: Db, userId: string, currentToken: string | null): Promise<MemberSession[]> {
  const rows = await db
    .select({
      id: session.id,
      token: session.token,
      userAgent: session.userAgent,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, sql`now()`)))
    .orderBy(desc(session.updatedAt), desc(session.createdAt));
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    signedInAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    current: row.token === currentToken,
  }));
}

/** Ends one of the member's sessions (its row goes: every process drops it through the change
 * stream). Whether it was the one asking. */
export async function endMemberSession(db: Db, userId: string, id: string, currentToken: string | null) {
  const [ended] = await db
    .delete(session)
    .where(and(eq(session.id, id), eq(session.userId, userId)))
    .returning({ token: session.token });
  if (!ended) throw notFound(SESSION_NOT_FOUND);
  return { current: ended.token === currentToken };
}
