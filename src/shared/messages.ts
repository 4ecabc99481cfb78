import { z } from 'zod';
import { MESSAGE_MAX, SUBJECT_MAX, USERNAME_LOOKUP_MAX } from './limits';

export const RECIPIENT_NOT_FOUND = 'Recipient not found';
export const MESSAGES_EMPTY_STATE = 'Select a message to read or compose a new one';
export const DELETE_MESSAGE_TITLE = 'Delete Message';
export const DELETE_MESSAGE_CONFIRM = 'Are you sure you want to delete this message? This action cannot be undone.';

/** Who sent a message whose sender deleted their account: the message stays readable, and
 * the thread with them is opened with this id. (No username can contain a space.) */
export const FORMER_MEMBER_ID = 'former-member';
export const FORMER_MEMBER = 'Former member';

export const messagePerson = z.object({ id: z.string(), username: z.string(), avatarUrl: z.string().nullable() });

export const message = z.object({
  id: z.string(),
  subject: z.string(),
  content: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  sender: messagePerson,
  recipient: messagePerson,
});
export type Message = z.infer<typeof message>;

/** A conversation is the other member plus the subject. */
export const conversation = z.object({
  key: z.string(),
  other: messagePerson,
  subject: z.string(),
  /** Date of the conversation's first message (the spec shows this one). */
  startedAt: z.string(),
  lastAt: z.string(),
  preview: z.string(),
  unread: z.number().int(),
  /** Messages in it on the viewer's side; the thread itself loads when it is opened. */
  messageCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversation>;

export const inboxResponse = z.object({ conversations: z.array(conversation) });
export type InboxResponse = z.infer<typeof inboxResponse>;

/** One conversation: the other member's id and the subject. */
export const conversationQuery = z.object({ with: z.string().min(1).max(64), subject: z.string().max(SUBJECT_MAX) });

export const threadResponse = z.object({ messages: z.array(message) });
export type ThreadResponse = z.infer<typeof threadResponse>;

export const sendMessageInput = z.object({
  to: z.string().trim().min(1, 'To is required').max(USERNAME_LOOKUP_MAX),
  subject: z.string().trim().min(1, 'Subject is required').max(SUBJECT_MAX),
  content: z.string().trim().min(1, 'Message is required').max(MESSAGE_MAX),
});
export type SendMessageInput = z.infer<typeof sendMessageInput>;
export const sentMessageResponse = z.object({ id: z.string() });
export type SentMessageResponse = z.infer<typeof sentMessageResponse>;
/** How many messages a read marked. */
export const markedReadResponse = z.object({ marked: z.number().int() });
export type MarkedReadResponse = z.infer<typeof markedReadResponse>;

export const conversationKey = (otherId: string, subject: string) => `${otherId}:${subject}`;
