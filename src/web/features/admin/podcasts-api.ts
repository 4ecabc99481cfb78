import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Podcast,
  PodcastDetail,
  PodcastInput,
  PodcastResponse,
  PodcastsResponse,
  PodcastThumbnailResponse,
} from '../../../shared/podcasts';
import { api } from '../../lib/api';

// The Podcasts tab and form: calls and cache keys (spec 2 section 7, "podcasts"). The list is
// the public one (newest published first); the edit form reads every field through the admin call.

export const podcastsKeys = {
  all: ['admin', 'podcasts'] as const,
  detail: (id: string) => ['admin', 'podcasts', id] as const,
};

const podcastPath = (id: string) => `/api/podcasts/${encodeURIComponent(id)}`;

/** The public podcasts page and the landing page show episodes too. */
function refreshAfterChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: podcastsKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['podcasts'] }),
    queryClient.invalidateQueries({ queryKey: ['landing'] }),
  ]);
}

export function usePodcasts() {
  return useQuery({
    queryKey: podcastsKeys.all,
    queryFn: async () => (await api.get<PodcastsResponse>('/api/podcasts')).podcasts,
  });
}

export function usePodcast(id: string) {
  return useQuery({
    queryKey: podcastsKeys.detail(id),
    queryFn: async () => (await api.get<PodcastResponse>(podcastPath(id))).podcast,
    retry: (count, error) => !(error instanceof Error && 'status' in error && error.status === 404) && count < 2,
  });
}

export function useCreatePodcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PodcastInput) => (await api.post<PodcastResponse>('/api/podcasts', input)).podcast,
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useUpdatePodcast(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PodcastInput) => (await api.put<PodcastResponse>(podcastPath(id), input)).podcast,
    onSuccess: (podcast) => {
      queryClient.setQueryData(podcastsKeys.detail(id), podcast);
      return refreshAfterChange(queryClient);
    },
  });
}

export function useDeletePodcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (podcast: Podcast) => api.delete<{ ok: true }>(podcastPath(podcast.id)),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** Uploads the thumbnail of a saved episode (replacing the old one) and returns its URL. */
export function uploadPodcastThumbnail(id: string, file: File) {
  return api.upload<PodcastThumbnailResponse>(`${podcastPath(id)}/thumbnail`, file).then((r) => r.thumbnailUrl!); // an upload always answers its URL
}

export function usePodcastThumbnail(id: string) {
  const queryClient = useQueryClient();
  const patch = (thumbnailUrl: string | null) => {
    queryClient.setQueryData<PodcastDetail>(podcastsKeys.detail(id), (p) => (p ? { ...p, thumbnailUrl } : p));
    void refreshAfterChange(queryClient);
  };
  return {
    upload: async (file: File) => {
      const url = await uploadPodcastThumbnail(id, file);
      patch(url);
      return url;
    },
    remove: async () => {
      await api.delete<PodcastThumbnailResponse>(`${podcastPath(id)}/thumbnail`);
      patch(null);
    },
  };
}

// Publication dates are days in the community's time zone (as the events show theirs).
const COMMUNITY_TIME_ZONE = 'America/New_York';
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: COMMUNITY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const longFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: COMMUNITY_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** "March 5, 2026" */
export const formatPublished = (iso: string) => longFormat.format(new Date(iso));

/** The value of a date input ("2026-03-05") for a stored time. */
export const toDateInput = (iso: string) => dayFormat.format(new Date(iso));

/** A date input's value as a time on that day in the community (17:00 UTC is 12:00 or 13:00
 * there), so it reads as the same day everywhere the site shows it. */
export const fromDateInput = (day: string) => (day ? `${day}T17:00:00.000Z` : undefined);

/** The episode's audio file: uploaded (it becomes the Direct media) or removed; each answers the
 * whole episode, which the form's media fields then follow. */
export function usePodcastAudio(id: string) {
  const queryClient = useQueryClient();
  const settle = (podcast: PodcastDetail) => {
    queryClient.setQueryData<PodcastDetail>(podcastsKeys.detail(id), podcast);
    void refreshAfterChange(queryClient);
    return podcast;
  };
  return {
    upload: async (file: File) => settle((await api.upload<PodcastResponse>(`${podcastPath(id)}/audio`, file)).podcast),
    remove: async () => settle((await api.delete<PodcastResponse>(`${podcastPath(id)}/audio`)).podcast),
  };
}
