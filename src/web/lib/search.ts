import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SearchHit, SearchResponse } from '../../shared/search';
import type { SearchType } from '../../shared/search-texts';
import { plural } from '../../shared/plural';
import { api } from './api';
import { paths } from './paths';

// One search (GET /api/search), shared by the quick-search dialog, the results page and the
// forum's own search box. Type-only imports from the contract: no zod in these bundles.

export type SearchScope = 'all' | SearchType;

export interface SearchRequest {
  q: string;
  type?: SearchScope;
  limit?: number;
  offset?: number;
  /** One forum's posts and replies. */
  forum?: string;
}

export function searchUrl({ q, type, limit, offset, forum }: SearchRequest): string {
  const params = new URLSearchParams({ q });
  if (type && type !== 'all') params.set('type', type);
  if (limit !== undefined) params.set('limit', String(limit));
  if (offset) params.set('offset', String(offset));
  if (forum) params.set('forum', forum);
  return `/api/search?${params}`;
}

/**
 * The answer for `request.q` (blank: no request at all). A trailing space is kept: it tells the
 * server the last word is finished (otherwise it is a prefix). Each query has its own cache entry, so
 * a late answer for an old query never shows for a newer one; the query's AbortSignal cancels
 * the fetch of a query nobody shows any more. The last answer stays while the next loads.
 */
export function useSearch(request: SearchRequest) {
  const q = request.q.trimStart();
  return useQuery({
    queryKey: ['search', { ...request, q }],
    queryFn: ({ signal }) => api.get<SearchResponse>(searchUrl({ ...request, q }), signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** `value`, once it has stopped changing for `delay` ms (search as you type). */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Where a hit opens: the event, the profile, the episode's page, the post, the reply in its post. */
export function hitHref(hit: SearchHit): string {
  switch (hit.kind) {
    case 'event':
      return paths.event(hit.id);
    case 'member':
      return paths.profile(hit.username ?? hit.id);
    case 'podcast':
      return paths.podcast(hit.id);
    case 'post':
      return paths.forumPost(hit.forumId ?? '', hit.postId ?? hit.id);
    case 'reply':
      return paths.forumReply(hit.forumId ?? '', hit.postId ?? '', hit.id);
  }
}

/** "1 result", "5 results". */
export const resultCount = (n: number) => plural(n, 'result');

/** The sign-in page, coming back to `to` afterwards. */
export const signInThen = (to: string) => `${paths.login}?redirect_to=${encodeURIComponent(to)}`;
