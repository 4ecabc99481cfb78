import { z } from 'zod';
import {
  SEARCH_EMPTY_QUERY,
  SEARCH_MAX_LIMIT,
  SEARCH_MAX_OFFSET,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_TYPES,
} from './search-texts';
import { safeText } from './text';

// One search across events, members, podcasts and the forums (server: features/search).

export * from './search-texts';

/** GET /api/search. One `type` pages through that group alone; `forum` searches one forum's
 * posts and replies. */
export const searchQuery = z
  .object({
    // Not trimmed: a space after the last word says it is finished (no longer a prefix).
    q: safeText
      .max(SEARCH_QUERY_MAX_LENGTH, `Keep the search under ${SEARCH_QUERY_MAX_LENGTH} characters.`)
      .refine((q) => q.trim().length > 0, SEARCH_EMPTY_QUERY),
    type: z.enum(['all', ...SEARCH_TYPES]).default('all'),
    limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).optional(),
    offset: z.coerce.number().int().min(0).max(SEARCH_MAX_OFFSET).default(0),
    forum: z.string().uuid('Not a forum.').optional(),
  })
  .strict();
export type SearchQuery = z.infer<typeof searchQuery>;

/** A text with the parts that matched the search: [start, end) offsets in UTF-16 code units. */
export const highlighted = z.object({
  text: z.string(),
  marks: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type Highlighted = z.infer<typeof highlighted>;

export const searchHit = z.object({
  kind: z.enum(['event', 'member', 'podcast', 'post', 'reply']),
  /** The event's, member's, podcast's, post's or reply's id. */
  id: z.string(),
  /** An event's or podcast's name, a member's name, a post's title (a reply's post's title). */
  title: highlighted,
  /** Where the words matched in the body, cut around the first match; null when only the title did. */
  snippet: highlighted.nullable(),
  /** Location (event), position at company (member), guests (podcast), forum name (post, reply). */
  detail: z.string().nullable(),
  /** Start (event), published (podcast), written (post, reply); ISO. */
  date: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The member (member), or the author of a post or reply (null when their account is gone). */
  username: z.string().nullable(),
  forumId: z.string().nullable(),
  /** The post (post, reply). */
  postId: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchGroup = z.object({
  type: z.enum(SEARCH_TYPES),
  hits: z.array(searchHit),
  /** More hits follow (ask for this type alone with an offset). */
  more: z.boolean(),
});
export type SearchGroup = z.infer<typeof searchGroup>;

export const searchResponse = z.object({
  query: z.string(),
  /** In the order Events, Members, Podcasts, Forum posts and replies; the forums only for members. */
  groups: z.array(searchGroup),
});
export type SearchResponse = z.infer<typeof searchResponse>;
