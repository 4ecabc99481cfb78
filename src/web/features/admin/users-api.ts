import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUserResponse,
  AdminUsersResponse,
  CreateUserInput,
  UpdateUserInput,
  UserFlag,
} from '../../../shared/users';
import { api } from '../../lib/api';

// The Users tab and the user forms: list (server search and paging), flags, create, edit, delete.

const usersKey = ['admin-users'] as const;
const listKey = (q: string, page: number) => [...usersKey, 'list', q, page] as const;
const userKey = (id: string) => [...usersKey, 'one', id] as const;

export function useAdminUsers(q: string, page: number) {
  return useQuery({
    queryKey: listKey(q, page),
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page) });
      if (q) params.set('q', q);
      return api.get<AdminUsersResponse>(`/api/admin/users?${params}`);
    },
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: userKey(id),
    queryFn: () => api.get<AdminUserResponse>(`/api/admin/users/${encodeURIComponent(id)}`),
    retry: false,
  });
}

/** Other screens show these flags too (directory badges, profiles, the nav's Admin link). */
function refreshElsewhere(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: ['members'] });
  // Profiles live under the connections key (lib/profile.ts).
  void queryClient.invalidateQueries({ queryKey: ['connections'] });
  void queryClient.invalidateQueries({ queryKey: ['me'] });
}

/** Flips one flag on the shown page at once; puts it back if the server refuses. */
export function useSetUserFlag(q: string, page: number) {
  const queryClient = useQueryClient();
  const key = listKey(q, page);
  return useMutation({
    mutationFn: ({ id, flag, value }: { id: string; flag: UserFlag; value: boolean }) =>
      api.patch<AdminUserResponse>(`/api/admin/users/${encodeURIComponent(id)}/flags`, { flag, value }),
    onMutate: async ({ id, flag, value }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AdminUsersResponse>(key);
      if (previous) {
        queryClient.setQueryData<AdminUsersResponse>(key, {
          ...previous,
          users: previous.users.map((u) => (u.id === id ? { ...u, [flag]: value } : u)),
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: usersKey });
      refreshElsewhere(queryClient);
    },
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => api.post<AdminUserResponse>('/api/admin/users', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersKey });
      refreshElsewhere(queryClient);
    },
  });
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) =>
      api.put<AdminUserResponse>(`/api/admin/users/${encodeURIComponent(id)}`, input),
    onSuccess: (response) => {
      queryClient.setQueryData(userKey(id), response);
      void queryClient.invalidateQueries({ queryKey: usersKey });
      refreshElsewhere(queryClient);
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/admin/users/${encodeURIComponent(id)}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersKey });
      refreshElsewhere(queryClient);
    },
  });
}

/** Replaces (a file) or removes (null) a user's avatar at once, as the member's own picker does. */
export function useUserAvatar(id: string) {
  const queryClient = useQueryClient();
  const url = `/api/admin/users/${encodeURIComponent(id)}/avatar`;
  return useMutation({
    mutationFn: (file: File | null): Promise<{ avatarUrl: string | null }> =>
      file ? api.upload<{ avatarUrl: string }>(url, file) : api.delete<{ avatarUrl: null }>(url),
    onSuccess: ({ avatarUrl }) => {
      queryClient.setQueryData<AdminUserResponse>(userKey(id), (old) =>
        old ? { user: { ...old.user, avatarUrl } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: usersKey });
      refreshElsewhere(queryClient);
    },
  });
}

/** Removes a member's authenticator app and recovery codes (they lost both); they are e-mailed. */
export function useResetTwoFactor(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>(`/api/admin/users/${encodeURIComponent(id)}/two-factor`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKey(id) }),
  });
}
