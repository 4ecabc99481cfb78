import { z } from 'zod';
import { FEEDBACK_COMMENT_MAX } from './limits';

// Feedback from the room (issue 34): after an event, those who came rate it 1 to 5, with an
// optional comment, from the morning-after mail's links (signed, no sign-in) or on the event
// page. Server: features/feedback; web: features/feedback. One answer per member and event.

/** Days after an event's end that its rating stays open (links and the event page alike). */
export const FEEDBACK_WINDOW_DAYS = 14;
export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;
/** The words each rating reads as, in the mail's links, the buttons and the charts. */
export const RATING_WORDS: Record<(typeof FEEDBACK_RATINGS)[number], string> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very good',
  5: 'Excellent',
};

export const FEEDBACK_QUESTION = (eventName: string) => `How was ${eventName}?`;
export const FEEDBACK_COMMENT_LABEL = 'What would make the next one better?';
export const FEEDBACK_SHOW_NAME_LABEL = 'Show my name to the organisers with my answer';
export const FEEDBACK_SAVED = 'Thank you: your answer is saved.';

export const FEEDBACK_NOT_ATTENDED = 'FEEDBACK_NOT_ATTENDED';
export const FEEDBACK_NOT_ATTENDED_MESSAGE = 'Only members who came to this event can rate it.';
export const FEEDBACK_NOT_OPEN = 'FEEDBACK_NOT_OPEN';
export const FEEDBACK_NOT_YET_MESSAGE = 'You can rate this event once it has ended.';
export const FEEDBACK_CLOSED_MESSAGE = 'Rating this event has closed: answers are taken for 14 days after it ends.';
export const INVALID_FEEDBACK_LINK = 'INVALID_FEEDBACK_LINK';
export const INVALID_FEEDBACK_LINK_MESSAGE =
  'This rating link is not valid. It may have been copied incompletely; you can rate the event on its page.';

export const feedbackRating = z
  .number({ error: 'Choose a rating from 1 to 5.' })
  .int('Choose a rating from 1 to 5.')
  .min(1, 'Choose a rating from 1 to 5.')
  .max(5, 'Choose a rating from 1 to 5.');

/** PUT /api/events/:id/feedback (signed in). Comment and showName left out keep what was saved. */
export const feedbackInput = z
  .object({
    rating: feedbackRating,
    comment: z
      .string()
      .trim()
      .max(FEEDBACK_COMMENT_MAX, `Keep the comment under ${FEEDBACK_COMMENT_MAX} characters.`)
      .optional(),
    showName: z.boolean().optional(),
  })
  .strict();
export type FeedbackInput = z.infer<typeof feedbackInput>;

/** The token of a mail's rating link: names one member and one event, signed by this install. */
export const feedbackToken = z.string().min(1, INVALID_FEEDBACK_LINK_MESSAGE).max(512, INVALID_FEEDBACK_LINK_MESSAGE);

/** GET /api/feedback/link?token= (no sign-in). */
export const feedbackLinkQuery = z.object({ token: feedbackToken });
/** PUT /api/feedback/link (no sign-in): the tap itself, then the comment page's save. */
export const feedbackLinkInput = feedbackInput.extend({ token: feedbackToken }).strict();
export type FeedbackLinkInput = z.infer<typeof feedbackLinkInput>;

export const feedbackAnswer = z.object({
  rating: z.number().int(),
  comment: z.string().nullable(),
  showName: z.boolean(),
  updatedAt: z.string(),
});
export type FeedbackAnswer = z.infer<typeof feedbackAnswer>;

/** What the event page (GET /api/events/:id/feedback) and the link page (GET /api/feedback/link)
 * show: whether this person may answer now, and their answer so far. */
export const feedbackState = z.object({
  event: z.object({ id: z.string(), name: z.string(), startTime: z.string(), endTime: z.string() }),
  /** They came (checked in; or attending where the event used no check-in). */
  eligible: z.boolean(),
  /** The window: from the event's end to FEEDBACK_WINDOW_DAYS after it. */
  opensAt: z.string(),
  closesAt: z.string(),
  open: z.boolean(),
  answer: feedbackAnswer.nullable(),
});
export type FeedbackState = z.infer<typeof feedbackState>;
