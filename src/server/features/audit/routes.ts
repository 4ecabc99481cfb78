import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc, inArray } from 'drizzle-orm';
import { ACTIVITY_PAGE_SIZE, activityQuery, activityResponse } from '../../../shared/activity';
import { auditLog, events } from '../../db/schema';
import { isUuid } from '../../db/query-values';

/** The event a write's path names (`/api/events/<id>/check-ins`, `/api/admin/events/<id>/door-staff`). */
const eventIdOf = (path: string) => {
  const id = /\/events\/([^/]+)/.exec(path)?.[1];
  return id && isUuid(id) ? id : null;
};

/** The Activity tab: every admin write (platform/audit.ts records them), newest first. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    '/admin/activity',
    {
      config: { access: 'admin', cache: 'private' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log of admin writes, newest first (paged): who, what, when, before and after',
        querystring: activityQuery,
        response: { 200: activityResponse },
      },
    },
    async (request) => {
      const { page } = request.query;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(ACTIVITY_PAGE_SIZE)
          .offset((page - 1) * ACTIVITY_PAGE_SIZE),
        db.select({ n: count() }).from(auditLog),
      ]);
      // One look-up for the page: door admissions name their member, and say at which event.
      const eventIds = [...new Set(rows.map((r) => eventIdOf(r.path)).filter((id) => id !== null))];
      const names = new Map(
        eventIds.length
          ? (
              await db.select({ id: events.id, name: events.name }).from(events).where(inArray(events.id, eventIds))
            ).map((e) => [e.id, e.name])
          : [],
      );
      return {
        entries: rows.map((r) => ({
          id: r.id,
          actorId: r.actorId,
          actorName: r.actorName,
          action: r.action,
          method: r.method,
          path: r.path,
          targetId: r.targetId,
          targetLabel: r.targetLabel,
          changes: r.changes,
          eventName: names.get(eventIdOf(r.path) ?? '') ?? null,
          createdAt: r.createdAt.toISOString(),
        })),
        total: Number(total?.n ?? 0),
        page,
        pageSize: ACTIVITY_PAGE_SIZE,
      };
    },
  );
};
