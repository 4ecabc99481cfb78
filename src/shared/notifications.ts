import { z } from 'zod';

// Notification e-mail: what a member chooses to get, and the one-click unsubscribe links every
// such e-mail carries (server: platform/unsubscribe.ts, features/notifications/).

export const NOTIFICATION_TOPICS = [
  'event-reminders',
  'messages',
  'connection-requests',
  'forum-replies',
  'morning-after',
  'feedback',
  'community-news',
] as const;
export const notificationTopic = z.enum(NOTIFICATION_TOPICS);
export type NotificationTopic = z.infer<typeof notificationTopic>;

/** How the footer and the unsubscribe page name each kind of e-mail. */
export const TOPIC_WORDS: Record<NotificationTopic, string> = {
  'event-reminders': 'event reminders',
  messages: 'e-mails about new messages',
  'connection-requests': 'e-mails about connection requests',
  'forum-replies': 'e-mails about replies to your forum posts',
  'morning-after': 'morning-after e-mails after events you came to',
  feedback: 'requests to rate the events you came to',
  'community-news': 'announcements from the organisers',
};

/** A member's e-mail choices; without a saved choice everything is on. */
export const notificationPreferences = z
  .object({
    eventReminders: z.boolean(),
    messages: z.boolean(),
    connectionRequests: z.boolean(),
    forumReplies: z.boolean(),
    morningAfter: z.boolean(),
    feedback: z.boolean(),
    communityNews: z.boolean(),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  eventReminders: true,
  messages: true,
  connectionRequests: true,
  forumReplies: true,
  morningAfter: true,
  feedback: true,
  communityNews: true,
};

export const unsubscribeQuery = z.object({
  token: z.string().min(1, 'The unsubscribe link has no token.').max(512, 'The unsubscribe link is not valid.'),
});

/** What a link stops (GET), or stopped (POST). */
export const unsubscribeAnswer = z.object({
  topic: notificationTopic,
  words: z.string(),
  /** True after the POST: the preference is now off. */
  done: z.boolean(),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. It may have been copied incompletely; you can change what we send you on your dashboard.';
export const UNKNOWN_UNSUBSCRIBE_PERSON =
  'This unsubscribe link names someone we no longer have: there is nothing to stop.';
