import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ProfileResponse,
  ProfileUpdateInput,
  Skill,
  SkillResponse,
  SkillsResponse,
} from '../../../shared/members';
import { ApiRequestError, api } from '../../lib/api';
import { profileKey } from '../../lib/profile';
import { meQueryKey } from '../../lib/session';

const skillsKey = ['skills'] as const;

/** The skills catalogue, for the "add a skill" picker. */
export function useSkillsCatalogue() {
  return useQuery({
    queryKey: skillsKey,
    queryFn: () => api.get<SkillsResponse>('/api/skills'),
    staleTime: 5 * 60_000,
  });
}

/** Whose dashboard: the signed-in member. */
export type Owner = { id: string; username: string };

const ownKey = (owner: Owner) => profileKey(owner.username, owner.id);

/** Changes the cached own profile in place (optimistic edits, server answers). */
function patchProfile(
  queryClient: QueryClient,
  owner: Owner,
  change: (current: ProfileResponse) => ProfileResponse,
): ProfileResponse | undefined {
  const key = ownKey(owner);
  const previous = queryClient.getQueryData<ProfileResponse>(key);
  if (previous) queryClient.setQueryData<ProfileResponse>(key, change(previous));
  return previous;
}

/** Other screens show the profile too: the nav (name, avatar) and the directory cards. */
function refreshElsewhere(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: meQueryKey });
  void queryClient.invalidateQueries({ queryKey: ['members'] });
}

/** After a change the profile shows (offers and asks): the own profile and the directory reload. */
export function refreshOwnProfile(queryClient: QueryClient, owner: Owner) {
  void queryClient.invalidateQueries({ queryKey: ownKey(owner) });
  void queryClient.invalidateQueries({ queryKey: ['members'] });
}

export function useUpdateProfile(owner: Owner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => api.patch<ProfileResponse>('/api/me/profile', input),
    onSuccess: (response) => {
      // Under the old name too, so the page shows the saved values before 'me' catches up.
      queryClient.setQueryData(ownKey(owner), response);
      queryClient.setQueryData(profileKey(response.profile.username, owner.id), response);
      refreshElsewhere(queryClient);
    },
  });
}

const MAX_AVATAR_BYTES = 10 * 1024 * 1024;

/** multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can). */
function postAvatar(file: File, onProgress: (fraction: number) => void): Promise<{ avatarUrl: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/me/avatar');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'avatarUrl' in body) {
        resolve(body as { avatarUrl: string });
        return;
      }
      const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
      reject(new ApiRequestError(xhr.status, error?.code ?? 'HTTP_ERROR', error?.message ?? ''));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'NETWORK_ERROR', ''));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export function useUploadAvatar(owner: Owner, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      if (!file.type.startsWith('image/')) throw new ApiRequestError(400, 'NOT_IMAGE', 'Choose an image file.');
      if (file.size > MAX_AVATAR_BYTES)
        throw new ApiRequestError(413, 'TOO_LARGE', 'The image must be 10 MB or smaller.');
      onProgress(0);
      return postAvatar(file, onProgress);
    },
    onSuccess: ({ avatarUrl }) => {
      patchProfile(queryClient, owner, (p) => ({ ...p, profile: { ...p.profile, avatarUrl } }));
      refreshElsewhere(queryClient);
    },
  });
}

export function useRemoveAvatar(owner: Owner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ avatarUrl: null }>('/api/me/avatar'),
    onSuccess: () => {
      patchProfile(queryClient, owner, (p) => ({ ...p, profile: { ...p.profile, avatarUrl: null } }));
      refreshElsewhere(queryClient);
    },
  });
}

const bySkillName = (a: Skill, b: Skill) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

export type NewSkill = { skill: Skill } | { name: string; category?: string };

/** Adds a catalogue skill or a custom one; it shows at once. Failures are only logged (spec). */
export function useAddSkill(owner: Owner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewSkill) =>
      api.post<SkillResponse>(
        '/api/me/skills',
        'skill' in input ? { skillId: input.skill.id } : { name: input.name, category: input.category || undefined },
      ),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: ownKey(owner) });
      const shown: Skill =
        'skill' in input
          ? input.skill
          : { id: `new:${input.name}`, name: input.name, category: input.category || null };
      const previous = patchProfile(queryClient, owner, (p) =>
        p.skills.some((s) => s.id === shown.id || s.name.toLowerCase() === shown.name.toLowerCase())
          ? p
          : {
              ...p,
              skills: [...p.skills, shown].sort(bySkillName),
              stats: { ...p.stats, skills: p.stats.skills + 1 },
            },
      );
      return { previous };
    },
    onError: (error, _input, context) => {
      console.error('Could not add the skill', error);
      if (context?.previous) queryClient.setQueryData(ownKey(owner), context.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ownKey(owner) });
      void queryClient.invalidateQueries({ queryKey: skillsKey });
      void queryClient.invalidateQueries({ queryKey: ['members'] });
    },
  });
}

export function useRemoveSkill(owner: Owner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skillId: string) => api.delete<unknown>(`/api/me/skills/${encodeURIComponent(skillId)}`),
    onMutate: async (skillId) => {
      await queryClient.cancelQueries({ queryKey: ownKey(owner) });
      const previous = patchProfile(queryClient, owner, (p) => ({
        ...p,
        skills: p.skills.filter((s) => s.id !== skillId),
        stats: { ...p.stats, skills: Math.max(0, p.stats.skills - 1) },
      }));
      return { previous };
    },
    onError: (error, _skillId, context) => {
      console.error('Could not remove the skill', error);
      if (context?.previous) queryClient.setQueryData(ownKey(owner), context.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ownKey(owner) });
      void queryClient.invalidateQueries({ queryKey: ['members'] });
    },
  });
}
