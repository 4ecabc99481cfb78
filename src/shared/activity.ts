import { z } from 'zod';

// The admin's Activity tab: the audit log of admin writes, newest first.

export const ACTIVITY_PAGE_SIZE = 25;

export const activityQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const activityEntry = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  targetId: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).nullable(),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const activityResponse = z.object({
  entries: z.array(activityEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityResponse = z.infer<typeof activityResponse>;
