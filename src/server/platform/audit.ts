import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  auditLog,
  emailOutbox,
  events,
  forumPosts,
  forumReplies,
  forums,
  invitations,
  podcasts,
  profiles,
  sponsors,
} from '../db/schema';
import type { Db } from '../db/client';
import { isUuid } from '../db/query-values';
import { getViewer } from './viewer';

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a handler whose write has a before and after worth keeping (a member's flags). */
    auditChanges?: AuditChanges;
    /** The id the write made or touched, when it is not in the URL (a created item). */
    auditTargetId?: string;
    /** Set by a member route when an admin used admin powers on it (deleting another's post). */
    actedAsAdmin?: boolean;
    /** The acted-on item's name, read before the handler (a deleted item has none after). */
    auditLabel?: string | null;
    /** Set by a handler that answered without writing anything (a door scan that admitted nobody). */
    auditSkip?: boolean;
  }
}

/** What an id names, in whichever table holds it: the label the Activity tab shows. */
async function labelOf(db: Db, id: string): Promise<string | null> {
  const byUsername = db.select({ label: profiles.username }).from(profiles).where(eq(profiles.id, id));
  const [row] = isUuid(id)
    ? await unionAll(
        db.select({ label: events.name }).from(events).where(eq(events.id, id)),
        db.select({ label: podcasts.title }).from(podcasts).where(eq(podcasts.id, id)),
        db.select({ label: sponsors.name }).from(sponsors).where(eq(sponsors.id, id)),
        db.select({ label: forums.name }).from(forums).where(eq(forums.id, id)),
        db.select({ label: forumPosts.title }).from(forumPosts).where(eq(forumPosts.id, id)),
        db
          .select({ label: sql<string>`'Reply to ' || ${forumPosts.title}`.as('label') })
          .from(forumReplies)
          .innerJoin(forumPosts, eq(forumPosts.id, forumReplies.postId))
          .where(eq(forumReplies.id, id)),
        db.select({ label: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.id, id)),
        db.select({ label: invitations.name }).from(invitations).where(eq(invitations.id, id)),
        byUsername,
      ).limit(1)
    : await byUsername.limit(1);
  return row?.label ?? null;
}

/** The last id in the URL is the item acted on (`/forums/:forumId/posts/:postId` → the post). */
const urlTarget = (request: FastifyRequest) =>
  Object.values((request.params ?? {}) as Record<string, string>).at(-1) ?? null;

/** Keep the before and after of a write for the Activity tab. */
export function recordChanges(request: FastifyRequest, changes: AuditChanges) {
  request.auditChanges = { ...request.auditChanges, ...changes };
}

/**
 * Every successful admin write is recorded here, once, for every route declared
 * `access: 'admin'` (and member routes where an admin acted on someone else's content, which
 * mark the request `actedAsAdmin`): no route has to write its own log row. The row names the actor, the
 * route's operation, the ids in its URL and, where the handler gave them, before and after.
 */
export function registerAudit(app: FastifyInstance, db: Db) {
  // Before a delete by an admin: the name of what is about to go, while it still exists.
  // Callback style where nothing is to do (every GET): no promise per request.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.method !== 'DELETE') return done();
    labelDeleted(request).then(() => done(), done);
  });
  async function labelDeleted(request: FastifyRequest) {
    const admin = ['admin', 'door'].includes(request.routeOptions.config?.access ?? '');
    if (!admin && !(await getViewer(request))?.isAdmin) return;
    const target = urlTarget(request);
    // Awaited here: on a pool the lookup would otherwise race the handler's delete.
    if (target) request.auditLabel = await labelOf(db, target).catch(() => null);
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
    record(request, reply).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
  async function record(request: FastifyRequest, reply: FastifyReply) {
    const access = request.routeOptions.config?.access;
    // Door staff's admissions and undos are kept like admins' writes.
    if (access !== 'admin' && access !== 'door' && !request.actedAsAdmin) return;
    if (reply.statusCode >= 300 || request.auditSkip) return;
    const viewer = await getViewer(request);
    if (!viewer) return;
    const params = (request.params ?? {}) as Record<string, string>;
    const targetId = request.auditTargetId ?? urlTarget(request);
    const path = request.routeOptions.url ?? request.url.split('?')[0]!;
    try {
      const [actor] = await db
        .select({ username: profiles.username })
        .from(profiles)
        .where(eq(profiles.id, viewer.id))
        .limit(1);
      await db.insert(auditLog).values({
        actorId: viewer.id,
        actorName: actor?.username ?? viewer.email,
        action: String((request.routeOptions.schema as { operationId?: string } | undefined)?.operationId ?? path),
        method: request.method,
        path: path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`),
        targetId,
        // A deleted item by what it was called; any other by its name now (a new one's, a rename's).
        targetLabel:
          request.auditLabel !== undefined
            ? request.auditLabel
            : targetId
              ? await labelOf(db, targetId).catch(() => null)
              : null,
        changes: request.auditChanges ?? null,
      });
    } catch (error) {
      // The write itself succeeded; a lost audit row is logged, not turned into a failure.
      request.log.error({ err: error }, 'audit row not written');
    }
  }
}

/** The fields that changed, for the Activity tab. */
export function changedFields<T extends object>(before: T, after: T): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    const [b, a] = [before[key], after[key]];
    if (JSON.stringify(b) !== JSON.stringify(a)) changes[key] = { before: b, after: a };
  }
  return changes;
}
