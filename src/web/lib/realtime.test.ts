import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyNotice } from './realtime';

// Which open screens a live forum notice refetches: the list always, a forum or a post only when
// the change is in it.

function client() {
  const queryClient = new QueryClient();
  const keys = {
    list: ['forums'],
    forumA: ['forums', 'forum-a'],
    postsOfA: ['forums', 'forum-a', 'posts', 'list', '', ''],
    postA1: ['forums', 'forum-a', 'post', 'post-a1'],
    repliesA1: ['forums', 'forum-a', 'post', 'post-a1', 'replies', 1],
    forumB: ['forums', 'forum-b'],
    postB1: ['forums', 'forum-b', 'post', 'post-b1'],
    messages: ['messages'],
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { shown: true });
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { queryClient, stale };
}

describe('applyNotice for the forums', () => {
  it('refetches the list and the one post a reply belongs to', () => {
    const { queryClient, stale } = client();
    applyNotice(queryClient, {
      topic: 'forum-replies',
      kind: 'forum-replies',
      ids: ['reply-9', 'post-a1', 'member-3'],
    });
    expect(stale()).toEqual(['list', 'postA1', 'repliesA1']);
  });

  it("refetches a forum's screens when one of its posts changes", () => {
    const { queryClient, stale } = client();
    applyNotice(queryClient, { topic: 'forum-posts', kind: 'forum-posts', ids: ['post-b1', 'forum-b', 'member-3'] });
    expect(stale()).toEqual(['forumB', 'list', 'postB1']);
  });

  it('refetches every forum screen when the notice names no rows (a large change)', () => {
    const { queryClient, stale } = client();
    applyNotice(queryClient, { topic: 'forum-posts', kind: 'forum-posts' });
    expect(stale()).toEqual(['forumA', 'forumB', 'list', 'postA1', 'postB1', 'postsOfA', 'repliesA1']);
  });

  it('refetches everything after an interrupted stream', () => {
    const { queryClient, stale } = client();
    applyNotice(queryClient, { topic: 'all', kind: 'refetch' });
    expect(stale()).toHaveLength(8);
  });
});
