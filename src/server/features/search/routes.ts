import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { FORUM_NOT_FOUND } from '../../../shared/forums';
import {
  QUICK_SEARCH_LIMIT,
  SEARCH_FORUM_ONLY_FOR_MEMBERS,
  SEARCH_PAGE_LIMIT,
  SEARCH_TYPES,
  searchQuery,
  searchResponse,
  type SearchGroup,
  type SearchQuery,
  type SearchType,
} from '../../../shared/search';
import {
  events,
  forumPosts,
  forumReplies,
  forums,
  memberBlocks,
  offersAndAsks,
  podcasts,
  profiles,
  skills,
  userSkills,
} from '../../db/schema';
import { SerializedJson, personalBody, type Read } from '../../platform/cache';
import { invariant, notFound, errorResponses, unauthorized } from '../../platform/errors';
import { cachedRead, sendJsonWithEtag, sendShared } from '../../platform/shared-answers';
import { getViewer } from '../../platform/viewer';
import { parseQuery } from './query';
import { searchGroup, type CandidateGroup } from './service';

const errors = errorResponses(401, 404);

/** What each group reads: a change to one of them drops that group's cached answers. */
const GROUP_READS: Record<SearchType, Read[]> = {
  events: [events],
  members: [profiles, offersAndAsks, skills, userSkills],
  podcasts: [podcasts],
  forums: [forumPosts, forumReplies, forums, profiles],
};
/** Freshness moves with the clock alone. */
const TTL_MS = 60_000;

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, cache, clock } = app.services;

  app.get(
    '/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['search'],
        summary:
          'One search across events, members, podcasts and (for members) forum posts and replies, grouped and ' +
          'ranked: full-text with stemming and weights (names and titles first), trigram similarity for typos, ' +
          'recent and upcoming first; "quoted phrases" and word* prefixes (see README, Search)',
        querystring: searchQuery,
        response: { 200: searchResponse, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await getViewer(request);
      const input = request.query;
      const types = typesFor(input, viewer !== null);
      invariant(viewer || !types.includes('forums'), () => unauthorized(SEARCH_FORUM_ONLY_FOR_MEMBERS));
      if (input.forum) {
        const found = await db.select({ id: forums.id }).from(forums).where(eq(forums.id, input.forum));
        invariant(found.length > 0, () => notFound(FORUM_NOT_FOUND));
      }
      const limit = input.limit ?? (input.type === 'all' ? QUICK_SEARCH_LIMIT : SEARCH_PAGE_LIMIT);
      const offset = input.type === 'all' ? 0 : input.offset;
      const parsed = parseQuery(input.q);
      const reads = [...new Set(types.flatMap((t) => GROUP_READS[t]))];
      const key = `search:${viewer ? 'member' : 'visitor'}:${types.join(',')}:${input.forum ?? ''}:${limit}:${offset}:${input.q.toLowerCase()}`;

      // Each group's candidates, shared by every viewer who asks the same.
      const group = async (type: SearchType): Promise<CandidateGroup> => {
        const groupKey = `search-group:${type}:${input.forum ?? ''}:${limit}:${offset}:${input.q.toLowerCase()}`;
        const cached = await cachedRead(request, groupKey, { reads: GROUP_READS[type], ttlMs: TTL_MS }, () =>
          parsed.tsquery
            ? searchGroup(db, parsed, { type, limit, offset, forumId: input.forum, now: clock.now() })
            : Promise.resolve({ type, hits: [], more: false }),
        );
        return cached.value as CandidateGroup;
      };
      const answer = async (hidden: Set<string>) => {
        const groups = await Promise.all(types.map(group));
        return new SerializedJson(
          JSON.stringify({ query: input.q, groups: groups.map((g) => visible(g, hidden, limit)) }),
        );
      };

      if (!viewer) {
        const cached = await cachedRead(request, key, { reads, ttlMs: TTL_MS }, () => answer(new Set()));
        return sendShared(request, reply, key, cached);
      }
      // Nobody finds a member who blocked them, or whom they blocked, nor what they wrote.
      const blocks = await cache.get(
        `search-blocks:${viewer.id}`,
        { reads: [{ table: memberBlocks, id: viewer.id }], ttlMs: TTL_MS },
        async () =>
          (
            await union(
              db
                .select({ other: memberBlocks.blockedId })
                .from(memberBlocks)
                .where(eq(memberBlocks.blockerId, viewer.id)),
              db
                .select({ other: memberBlocks.blockerId })
                .from(memberBlocks)
                .where(eq(memberBlocks.blockedId, viewer.id)),
            )
          ).map((r) => r.other),
      );
      const hidden = new Set(blocks.value as string[]);
      if (!hidden.size) {
        const cached = await cachedRead(request, key, { reads, ttlMs: TTL_MS }, () => answer(hidden));
        return sendJsonWithEtag(request, reply, cached, 'private, no-cache');
      }
      return sendJsonWithEtag(request, reply, personalBody((await answer(hidden)).json), 'private, no-cache');
    },
  );
};

function typesFor(input: SearchQuery, isMember: boolean): SearchType[] {
  if (input.forum) return ['forums'];
  if (input.type !== 'all') return [input.type];
  return SEARCH_TYPES.filter((t) => t !== 'forums' || isMember);
}

/** A group as this viewer sees it: without what the blocks hide, and without the authors' ids. */
function visible(group: CandidateGroup, hidden: Set<string>, limit: number): SearchGroup {
  const shown = group.hits.filter((h) => !h.authorId || !hidden.has(h.authorId));
  return {
    type: group.type,
    hits: shown.slice(0, limit).map(({ authorId: _, ...hit }) => hit),
    more: shown.length > limit,
  };
}
