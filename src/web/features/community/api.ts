import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MemberFilters, MembersResponse } from '../../../shared/members';
import { api } from '../../lib/api';

export type DirectoryParams = { q: string; event: string; skill: string; offers: string; asks: string; page: number };

function directoryQuery(params: DirectoryParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.event) search.set('event', params.event);
  if (params.skill) search.set('skill', params.skill);
  if (params.offers) search.set('offers', params.offers);
  if (params.asks) search.set('asks', params.asks);
  if (params.page > 1) search.set('page', String(params.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** One page of the member directory. The previous page stays on screen while the next loads. */
export function useMembers(params: DirectoryParams) {
  return useQuery({
    queryKey: ['members', 'directory', params],
    queryFn: () => api.get<MembersResponse>(`/api/members${directoryQuery(params)}`),
    placeholderData: keepPreviousData,
  });
}

export function useMemberFilters() {
  return useQuery({
    queryKey: ['members', 'filters'],
    queryFn: () => api.get<MemberFilters>('/api/members/filters'),
    staleTime: 5 * 60_000,
  });
}
