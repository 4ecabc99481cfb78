import { and, eq } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { eventFeedback, events, profiles } from '../../db/schema';
import { badRequest, conflict, HttpError, invariant, notFound } from '../../platform/errors';
import { EVENT_NOT_FOUND } from '../../../shared/event-texts';
import {
  FEEDBACK_CLOSED_MESSAGE,
  FEEDBACK_NOT_ATTENDED,
  FEEDBACK_NOT_ATTENDED_MESSAGE,
  FEEDBACK_NOT_OPEN,
  FEEDBACK_NOT_YET_MESSAGE,
  FEEDBACK_WINDOW_DAYS,
  INVALID_FEEDBACK_LINK,
  INVALID_FEEDBACK_LINK_MESSAGE,
  type FeedbackAnswer,
  type FeedbackInput,
  type FeedbackLinkInput,
  type FeedbackState,
} from '../../../shared/feedback';
import { EVENT_CANCELLED, EVENT_CANCELLED_MESSAGE } from '../../../shared/series';
import { came } from './attendance';
import { existingFeedbackKey, readFeedbackToken, type FeedbackLink } from './links';

// One rating per member and event (issue 34): asked of those who came, from the event's end for
// FEEDBACK_WINDOW_DAYS. The event page (signed in) and the mail's signed links (no sign-in) read
// and write the same row; the latest answer counts.

const DAY_MS = 86_400_000;

const eventColumns = {
  id: events.id,
  name: events.name,
  startTime: events.startTime,
  endTime: events.endTime,
  cancelledAt: events.cancelledAt,
};
type EventRow = SelectResultFields<typeof eventColumns>;

/** The event, unless it is unknown (404) or a cancelled date (409: it did not take place). */
async function ratedEvent(db: Db, eventId: string): Promise<EventRow> {
  const [event] = isUuid(eventId) ? await db.select(eventColumns).from(events).where(eq(events.id, eventId)) : [];
  invariant(event, () => notFound(EVENT_NOT_FOUND));
  if (event.cancelledAt !== null) throw conflict(EVENT_CANCELLED, EVENT_CANCELLED_MESSAGE);
  return event;
}

const windowOf = (event: EventRow) => ({
  opensAt: event.endTime,
  closesAt: new Date(event.endTime.getTime() + FEEDBACK_WINDOW_DAYS * DAY_MS),
});

async function answerOf(db: Db, eventId: string, userId: string): Promise<FeedbackAnswer | null> {
  const [row] = await db
    .select({
      rating: eventFeedback.rating,
      comment: eventFeedback.comment,
      showName: eventFeedback.showName,
      updatedAt: eventFeedback.updatedAt,
    })
    .from(eventFeedback)
    .where(and(eq(eventFeedback.eventId, eventId), eq(eventFeedback.userId, userId)));
  return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null;
}

async function stateOf(db: Db, event: EventRow, userId: string, now: Date): Promise<FeedbackState> {
  const { opensAt, closesAt } = windowOf(event);
  const [eligible, answer] = await Promise.all([came(db, event.id, userId), answerOf(db, event.id, userId)]);
  return {
    event: {
      id: event.id,
      name: event.name,
      startTime: event.startTime.toISOString(),
      endTime: event.endTime.toISOString(),
    },
    eligible,
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    open: now >= opensAt && now < closesAt,
    answer,
  };
}

/** What the member may do about the event's rating now, and their answer so far. */
export async function feedbackState(db: Db, eventId: string, userId: string, now: Date): Promise<FeedbackState> {
  return stateOf(db, await ratedEvent(db, eventId), userId, now);
}

/** Records the member's rating (a later one replaces it). A comment or showName left out keeps
 * what was saved; an empty comment clears it. */
export async function saveFeedback(
  db: Db,
  eventId: string,
  userId: string,
  input: FeedbackInput,
  now: Date,
): Promise<FeedbackState> {
  const event = await ratedEvent(db, eventId);
  const { opensAt, closesAt } = windowOf(event);
  if (now < opensAt) throw conflict(FEEDBACK_NOT_OPEN, FEEDBACK_NOT_YET_MESSAGE);
  if (now >= closesAt) throw conflict(FEEDBACK_NOT_OPEN, FEEDBACK_CLOSED_MESSAGE);
  if (!(await came(db, event.id, userId)))
    throw new HttpError(403, FEEDBACK_NOT_ATTENDED, FEEDBACK_NOT_ATTENDED_MESSAGE);
  const comment = input.comment === undefined ? undefined : input.comment || null;
  await db
    .insert(eventFeedback)
    .values({
      eventId: event.id,
      userId,
      rating: input.rating,
      comment: comment ?? null,
      showName: input.showName ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [eventFeedback.eventId, eventFeedback.userId],
      set: {
        rating: input.rating,
        updatedAt: now,
        ...(comment !== undefined && { comment }),
        ...(input.showName !== undefined && { showName: input.showName }),
      },
    });
  return stateOf(db, event, userId, now);
}

/** The member and event a mail's link names, when this install signed it and the member is
 * still here (400 otherwise, changing nothing). */
async function readLink(db: Db, token: string): Promise<FeedbackLink> {
  const key = await existingFeedbackKey(db);
  const link = key && readFeedbackToken(key, token);
  const [member] = link ? await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, link.userId)) : [];
  if (!link || !member) throw badRequest(INVALID_FEEDBACK_LINK, INVALID_FEEDBACK_LINK_MESSAGE);
  return link;
}

/** GET /api/feedback/link: the state of the rating the link names. */
export async function linkFeedbackState(db: Db, token: string, now: Date): Promise<FeedbackState> {
  const { eventId, userId } = await readLink(db, token);
  return feedbackState(db, eventId, userId, now);
}

/** PUT /api/feedback/link: a tap of the mail's link, or the comment page's save. */
export async function saveLinkFeedback(db: Db, input: FeedbackLinkInput, now: Date): Promise<FeedbackState> {
  const { token, ...answer } = input;
  const { eventId, userId } = await readLink(db, token);
  return saveFeedback(db, eventId, userId, answer, now);
}
