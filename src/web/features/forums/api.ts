import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateForumInput,
  CreateReplyResponse,
  ForumResponse,
  ForumsResponse,
  PostInput,
  PostResponse,
  PostsResponse,
  RepliesResponse,
  ReplyInput,
  UpdateForumInput,
} from '../../../shared/forums';
import { api, ApiRequestError } from '../../lib/api';

// Every forum query lives under ['forums']: a live 'forums', 'forum-posts' or
// 'forum-replies' notice refetches the open ones (lib/realtime.ts), so what others write
// appears without a reload.
export const forumsKey = ['forums'] as const;
const forumKey = (forumId: string) => [...forumsKey, forumId] as const;
const postsKey = (forumId: string, cursor: PostsCursor) =>
  [...forumKey(forumId), 'posts', 'list', cursor.before ?? '', cursor.after ?? ''] as const;
const postKey = (forumId: string, postId: string) => [...forumKey(forumId), 'post', postId] as const;
const repliesKey = (forumId: string, postId: string) => [...postKey(forumId, postId), 'replies'] as const;

const enc = encodeURIComponent;
const forumUrl = (forumId: string) => `/api/forums/${enc(forumId)}`;
const postUrl = (forumId: string, postId: string) => `${forumUrl(forumId)}/posts/${enc(postId)}`;

/** A 404 is an answer ('Forum not found'), not something to retry. */
const retry = (count: number, error: unknown) => !(error instanceof ApiRequestError && error.status < 500) && count < 2;
export const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** A post's or reply's failure text: a rate limit or a validation message says what to do;
 * anything else is the spec's text alone. */
export const writeFailure = (text: string) => (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 429 || error.status === 422)
    ? `${text}: ${error.message}`
    : text;

export function useForums() {
  return useQuery({ queryKey: forumsKey, queryFn: () => api.get<ForumsResponse>('/api/forums'), retry });
}

export function useForum(forumId: string) {
  return useQuery({
    queryKey: forumKey(forumId),
    queryFn: () => api.get<ForumResponse>(forumUrl(forumId)),
    retry,
  });
}

export interface PostsCursor {
  before?: string;
  after?: string;
}

export function usePosts(forumId: string, cursor: PostsCursor) {
  const params = new URLSearchParams();
  if (cursor.before) params.set('before', cursor.before);
  else if (cursor.after) params.set('after', cursor.after);
  const query = params.size ? `?${params}` : '';
  return useQuery({
    queryKey: postsKey(forumId, cursor),
    queryFn: () => api.get<PostsResponse>(`${forumUrl(forumId)}/posts${query}`),
    placeholderData: keepPreviousData,
    retry,
  });
}

export function usePost(forumId: string, postId: string) {
  return useQuery({
    queryKey: postKey(forumId, postId),
    queryFn: () => api.get<PostResponse>(postUrl(forumId, postId)),
    retry,
  });
}

/** A page of replies, or (with `replyId`) the page that holds that reply. */
export function useReplies(forumId: string, postId: string, page: number, replyId: string | null) {
  const query = replyId ? `?reply=${enc(replyId)}` : `?page=${page}`;
  return useQuery({
    queryKey: [...repliesKey(forumId, postId), replyId ?? page],
    queryFn: () => api.get<RepliesResponse>(`${postUrl(forumId, postId)}/replies${query}`),
    placeholderData: keepPreviousData,
    retry,
  });
}

function useInvalidateForums() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: forumsKey });
}

export function useCreateForum() {
  const invalidate = useInvalidateForums();
  return useMutation({
    mutationFn: (input: CreateForumInput) => api.post<ForumResponse>('/api/forums', input),
    onSuccess: invalidate,
  });
}

export function useUpdateForum(forumId: string) {
  const invalidate = useInvalidateForums();
  return useMutation({
    mutationFn: (input: UpdateForumInput) => api.patch<ForumResponse>(forumUrl(forumId), input),
    onSuccess: invalidate,
  });
}

export function useCreatePost(forumId: string) {
  const invalidate = useInvalidateForums();
  return useMutation({
    mutationFn: (input: PostInput) => api.post<PostResponse>(`${forumUrl(forumId)}/posts`, input),
    onSuccess: invalidate,
  });
}

export function useUpdatePost(forumId: string, postId: string) {
  const invalidate = useInvalidateForums();
  return useMutation({
    mutationFn: (input: PostInput) => api.patch<PostResponse>(postUrl(forumId, postId), input),
    onSuccess: invalidate,
  });
}

export function useDeletePost(forumId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>(postUrl(forumId, postId)),
    onSuccess: async () => {
      // The post's own queries would only answer 404 now.
      queryClient.removeQueries({ queryKey: postKey(forumId, postId) });
      await queryClient.invalidateQueries({ queryKey: forumsKey });
    },
  });
}

export function useCreateReply(forumId: string, postId: string) {
  const invalidate = useInvalidateForums();
  return useMutation({
    mutationFn: (input: ReplyInput) => api.post<CreateReplyResponse>(`${postUrl(forumId, postId)}/replies`, input),
    onSuccess: invalidate,
  });
}

export function useUpdateReply(forumId: string, postId: string) {
  const invalidate = useInvalidateForums();
  return useMutation({
    mutationFn: ({ replyId, content }: { replyId: string; content: string }) =>
      api.patch<unknown>(`${postUrl(forumId, postId)}/replies/${enc(replyId)}`, { content }),
    onSuccess: invalidate,
  });
}

export function useDeleteReply(forumId: string, postId: string) {
  const invalidate = useInvalidateForums();
  return useMutation({
    mutationFn: (replyId: string) => api.delete<unknown>(`${postUrl(forumId, postId)}/replies/${enc(replyId)}`),
    onSuccess: invalidate,
  });
}

/** Sends an editor image to the forum-images bucket and resolves to its public URL. */
export async function uploadForumImage(file: File): Promise<string> {
  return (await api.upload<{ url: string }>('/api/uploads/forum-images', file)).url;
}
