import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { auditLog, profiles } from '../db/schema';
import type { Db } from '../db/client';
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
  }
}

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
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (request.routeOptions.config?.access !== 'admin' && !request.actedAsAdmin) return;
    if (reply.statusCode >= 300) return;
    const viewer = await getViewer(request);
    if (!viewer) return;
    const params = (request.params ?? {}) as Record<string, string>;
    // The last id in the URL is the item acted on (`/forums/:forumId/posts/:postId` → the post).
    const targetId = request.auditTargetId ?? Object.values(params).at(-1) ?? null;
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
        changes: request.auditChanges ?? null,
      });
    } catch (error) {
      // The write itself succeeded; a lost audit row is logged, not turned into a failure.
      request.log.error({ err: error }, 'audit row not written');
    }
  });
}
