import { z } from 'zod';
import { RICH_HTML_MAX, isBlankRichText, richTextLength } from './rich-text';

// Forums (spec 2): forums, posts and replies. The texts are the spec's, word for word.

export const FORUMS_EMPTY = 'No forums available';
export const FORUMS_LOAD_ERROR = 'Failed to load forums';
export const FORUM_NOT_FOUND = 'Forum not found';
export const FORUM_LOAD_ERROR = 'Failed to load forum';
export const FORUM_CREATE_ERROR = 'Failed to create forum';
export const FORUM_UPDATE_ERROR = 'Failed to update forum';
export const POSTS_EMPTY = 'No posts yet';
export const POSTS_EMPTY_HINT = 'Be the first to start a discussion!';
export const POSTS_LOAD_ERROR = 'Failed to load posts';
export const POST_NOT_FOUND = 'Post not found';
export const POST_LOAD_ERROR = 'Failed to load post';
export const POST_CREATE_ERROR = 'Failed to create post';
export const POST_DELETE_ERROR = 'Failed to delete post';
export const REPLIES_EMPTY = 'No replies yet. Be the first to reply!';
export const REPLIES_LOAD_ERROR = 'Failed to load replies';
export const REPLY_POST_ERROR = 'Failed to post reply';
export const REPLY_DELETE_ERROR = 'Failed to delete reply';
export const REPLY_NOT_FOUND = 'Reply not found';
/** Shown for a post or reply whose author's account was deleted. */
export const FORMER_MEMBER = 'Former member';

// Limits (Discourse's defaults as a start: 32,000 characters of text, 255 for a title).
export const FORUM_NAME_MAX = 100;
export const POST_TITLE_MAX = 255;
export const POST_CONTENT_MAX = 32_000;
export const REPLY_CONTENT_MAX = 32_000;
/** Seconds between two posts or replies by one member. */
export const POST_INTERVAL_SECONDS = 5;
/** Posts per page of a forum, replies per page of a thread. */
export const POSTS_PAGE_SIZE = 20;
export const REPLIES_PAGE_SIZE = 50;

const richText = (label: string, max: number, required: boolean) =>
  z
    .string()
    .max(RICH_HTML_MAX, `${label} is too long`)
    .transform((s) => s.trim())
    .refine((s) => !required || !isBlankRichText(s), `${label} is required`)
    .refine((s) => richTextLength(s) <= max, `${label} must be at most ${max.toLocaleString('en-US')} characters`);

const forumName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(FORUM_NAME_MAX, `Name must be at most ${FORUM_NAME_MAX} characters`);

export const createForumInput = z.object({
  name: forumName,
  description: richText('Description', 10_000, true),
});
export type CreateForumInput = z.input<typeof createForumInput>;

export const updateForumInput = z.object({
  name: forumName,
  description: richText('Description', 10_000, false).optional(),
});
export type UpdateForumInput = z.input<typeof updateForumInput>;

export const postInput = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(POST_TITLE_MAX, `Title must be at most ${POST_TITLE_MAX} characters`),
  content: richText('Content', POST_CONTENT_MAX, true),
});
export type PostInput = z.input<typeof postInput>;

/** A reply; a blank one (after trim) is accepted and ignored (spec 2 section 5). */
export const replyInput = z.object({ content: richText('Reply', REPLY_CONTENT_MAX, false) });
export type ReplyInput = z.input<typeof replyInput>;

/** What the viewer may do with a post or reply. */
export const permissions = z.object({ edit: z.boolean(), delete: z.boolean() });

/** A post's or reply's author; null once their account is deleted ('Former member'). */
export const forumAuthor = z
  .object({ id: z.string(), username: z.string(), fullName: z.string().nullable(), avatarUrl: z.string().nullable() })
  .nullable();
export type ForumAuthor = z.infer<typeof forumAuthor>;

export const forumSummary = z.object({
  id: z.string(),
  name: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  createdAt: z.string(),
  postCount: z.number().int(),
  lastActivityAt: z.string().nullable(),
});
export type ForumSummary = z.infer<typeof forumSummary>;

export const forumsResponse = z.object({ forums: z.array(forumSummary), canCreate: z.boolean() });
export type ForumsResponse = z.infer<typeof forumsResponse>;

export const forumResponse = z.object({
  forum: forumSummary.extend({ can: permissions }),
});
export type ForumResponse = z.infer<typeof forumResponse>;
export type Forum = ForumResponse['forum'];

export const postSummary = z.object({
  id: z.string(),
  forumId: z.string(),
  title: z.string(),
  excerpt: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  replyCount: z.number().int(),
  lastActivityAt: z.string(),
  author: forumAuthor,
});
export type PostSummary = z.infer<typeof postSummary>;

/** Keyset paging: `before` walks to older posts, `after` back to newer ones. */
export const postsQuery = z.object({
  before: z.string().max(200).optional(),
  after: z.string().max(200).optional(),
});
export type PostsQuery = z.infer<typeof postsQuery>;

export const postsResponse = z.object({
  posts: z.array(postSummary),
  /** Cursor of the next (older) page, or null on the last one. */
  older: z.string().nullable(),
  /** Cursor of the previous (newer) page, or null on the first one. */
  newer: z.string().nullable(),
  total: z.number().int(),
});
export type PostsResponse = z.infer<typeof postsResponse>;

export const postDetail = postSummary.extend({
  forumName: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  can: permissions,
});
export type PostDetail = z.infer<typeof postDetail>;
export const postResponse = z.object({ post: postDetail });
export type PostResponse = z.infer<typeof postResponse>;

export const reply = z.object({
  id: z.string(),
  postId: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  author: forumAuthor,
  can: permissions,
});
export type Reply = z.infer<typeof reply>;

/** `page` (from 1), or `reply`: answers with the page that holds that reply. */
export const repliesQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  reply: z.string().max(64).optional(),
});
export type RepliesQuery = z.infer<typeof repliesQuery>;

export const repliesResponse = z.object({
  replies: z.array(reply),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
  pageSize: z.number().int(),
});
export type RepliesResponse = z.infer<typeof repliesResponse>;

/** A blank reply is ignored: `reply` is null and nothing was stored. */
export const createReplyResponse = z.object({ reply: reply.nullable() });
export type CreateReplyResponse = z.infer<typeof createReplyResponse>;
export const replyResponse = z.object({ reply });
