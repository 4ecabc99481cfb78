import { z } from 'zod';
import type { CommunityInsights, EventInsights } from '../../../shared/insights';

// The answers' schemas for the API document and the serializer, checked against the contract's
// types (shared/insights.ts) so the two cannot drift apart.

const count = z.number().int().nonnegative();
const labelled = z.array(z.object({ label: z.string(), members: count }));

export const communityInsightsResponse = z.object({
  period: z.enum(['90d', '12m', 'all']),
  from: z.string().nullable(),
  to: z.string(),
  members: z.object({
    total: count,
    active: count,
    perMonth: z.array(z.object({ month: z.string(), joined: count, total: count })),
  }),
  attendance: z.array(
    z.object({
      eventId: z.string(),
      name: z.string(),
      startTime: z.string(),
      attending: count,
      came: count,
      noShows: count.nullable(),
      guests: count,
      firstTimers: count,
    }),
  ),
  attendanceTotal: count,
  returnRate: z.object({ firstTimers: count, returned: count, pending: count, rate: z.number().nullable() }),
  eventsAttended: z.array(z.object({ bucket: z.enum(['1', '2', '3', '4', '5+']), members: count })),
  offersAndAsks: z.object({ offered: labelled, asked: labelled, unmet: labelled }),
}) satisfies z.ZodType<CommunityInsights>;

const curve = z.array(z.object({ daysBefore: count, registrations: z.number().nonnegative() }));

export const eventInsightsResponse = z.object({
  event: z.object({
    id: z.string(),
    name: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    createdAt: z.string(),
    cancelled: z.boolean(),
    ended: z.boolean(),
    seriesId: z.string().nullable(),
    category: z.string().nullable(),
  }),
  registrations: z.object({
    curve,
    comparison: z.object({ basis: z.enum(['series', 'category']), name: z.string(), events: count, curve }).nullable(),
  }),
  status: z.object({ attending: count, maybe: count, waitlisted: count, guests: count }),
  door: z.object({ usedCheckIn: z.boolean(), checkedIn: count, guestsCheckedIn: count, noShows: count.nullable() }),
  firstTimers: z.object({ firstTimers: count, returning: count }),
  rating: z.object({
    count,
    average: z.number().nullable(),
    distribution: z.array(z.object({ rating: z.literal([1, 2, 3, 4, 5]), count })),
    comments: z.array(
      z.object({ rating: z.number().int(), comment: z.string(), name: z.string().nullable(), at: z.string() }),
    ),
  }),
  connections: z.object({ count, pairs: z.array(z.object({ a: z.string(), b: z.string() })) }),
}) satisfies z.ZodType<EventInsights>;
