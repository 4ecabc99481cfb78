import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Sponsor } from '../../../shared/events';
import type { SponsorInput, SponsorLogoResponse, SponsorResponse, SponsorsResponse } from '../../../shared/sponsors';
import { api } from '../../lib/api';

// The Sponsors tab and form: calls and cache keys (spec 2 section 7, "sponsors").

export const sponsorsKeys = {
  all: ['admin', 'sponsors'] as const,
  detail: (id: string) => ['admin', 'sponsors', id] as const,
};

const sponsorPath = (id: string) => `/api/sponsors/${encodeURIComponent(id)}`;

/** A sponsor shows on its events' pages too: those answers are stale after any change. */
function refreshAfterChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sponsorsKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['events'] }),
    queryClient.invalidateQueries({ queryKey: ['landing'] }),
  ]);
}

export function useSponsors() {
  return useQuery({
    queryKey: sponsorsKeys.all,
    queryFn: async () => (await api.get<SponsorsResponse>('/api/sponsors')).sponsors,
  });
}

export function useSponsor(id: string) {
  return useQuery({
    queryKey: sponsorsKeys.detail(id),
    queryFn: async () => (await api.get<SponsorResponse>(sponsorPath(id))).sponsor,
    retry: (count, error) => !(error instanceof Error && 'status' in error && error.status === 404) && count < 2,
  });
}

export function useCreateSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SponsorInput) => (await api.post<SponsorResponse>('/api/sponsors', input)).sponsor,
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useUpdateSponsor(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SponsorInput) => (await api.put<SponsorResponse>(sponsorPath(id), input)).sponsor,
    onSuccess: (sponsor) => {
      queryClient.setQueryData(sponsorsKeys.detail(id), sponsor);
      return refreshAfterChange(queryClient);
    },
  });
}

export function useDeleteSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sponsor: Sponsor) => api.delete<{ ok: true }>(sponsorPath(sponsor.id)),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** Uploads the logo of a saved sponsor (replacing the old one) and returns its URL. */
export function uploadSponsorLogo(id: string, file: File) {
  return api.upload<SponsorLogoResponse>(`${sponsorPath(id)}/logo`, file).then((r) => r.logoUrl!); // an upload always answers its URL
}

export function useSponsorLogo(id: string) {
  const queryClient = useQueryClient();
  const patch = (logoUrl: string | null) => {
    queryClient.setQueryData<Sponsor>(sponsorsKeys.detail(id), (s) => (s ? { ...s, logoUrl } : s));
    void refreshAfterChange(queryClient);
  };
  return {
    upload: async (file: File) => {
      const url = await uploadSponsorLogo(id, file);
      patch(url);
      return url;
    },
    remove: async () => {
      await api.delete<SponsorLogoResponse>(`${sponsorPath(id)}/logo`);
      patch(null);
    },
  };
}
