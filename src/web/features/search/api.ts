import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResponse } from '../../../shared/search';
import { SEARCH_MAX_OFFSET, SEARCH_PAGE_LIMIT, type SearchType } from '../../../shared/search-texts';
import { api } from '../../lib/api';
import { searchUrl } from '../../lib/search';

/** One group's hits, SEARCH_PAGE_LIMIT at a time ("Show more" asks for the next offset). */
export function useSearchPages(q: string, type: SearchType) {
  return useInfiniteQuery({
    queryKey: ['search', 'pages', type, q],
    queryFn: ({ pageParam, signal }) =>
      api.get<SearchResponse>(searchUrl({ q, type, limit: SEARCH_PAGE_LIMIT, offset: pageParam }), signal),
    initialPageParam: 0,
    getNextPageParam: (last, _all, offset) => {
      const next = offset + SEARCH_PAGE_LIMIT;
      return last.groups[0]?.more && next <= SEARCH_MAX_OFFSET ? next : undefined;
    },
    enabled: q.length > 0,
    staleTime: 60_000,
  });
}
