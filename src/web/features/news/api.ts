import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NewsArticle, NewsListResponse } from '../../../shared/announcements';
import { ApiRequestError, api } from '../../lib/api';
import { useMe } from '../../lib/session';

// The news archive (issue 35): the calls behind /news and /news/:id. What a reader gets depends
// on who they are (members also get the members-only announcements), so the signed-in member is
// part of every key: signing in or out asks again.

/** Where the public announcements are syndicated (an RSS 2.0 feed the server makes). */
export const NEWS_FEED_URL = '/news/feed.xml';

const newsKeys = {
  list: (viewer: string | null, page: number) => ['news', viewer, 'list', page] as const,
  article: (viewer: string | null, id: string) => ['news', viewer, 'article', id] as const,
};

export function useNews(page: number) {
  const { me, isPending } = useMe();
  const viewer = me?.id ?? null;
  return useQuery({
    queryKey: newsKeys.list(viewer, page),
    queryFn: ({ signal }) => api.get<NewsListResponse>(`/api/news?page=${page}`, signal),
    // Asked once the session is known, so a member's first answer already holds their items.
    enabled: !isPending,
    placeholderData: keepPreviousData,
  });
}

/** Whether an article's answer says it is not there (404) or is for members (401). */
export const isMissing = (error: unknown) => error instanceof ApiRequestError && error.status === 404;
export const isMembersOnly = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

export function useNewsArticle(id: string) {
  const { me, isPending } = useMe();
  const viewer = me?.id ?? null;
  return useQuery({
    queryKey: newsKeys.article(viewer, id),
    queryFn: ({ signal }) => api.get<NewsArticle>(`/api/news/${encodeURIComponent(id)}`, signal),
    enabled: !isPending,
    // Missing or members-only is the answer, not a hiccup to try again.
    retry: (count, error) => !isMissing(error) && !isMembersOnly(error) && count < 2,
  });
}
