import { Link, useParams, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, MessageSquare, Pencil, Plus } from 'lucide-react';
import {
  FORUM_NOT_FOUND,
  POSTS_EMPTY,
  POSTS_EMPTY_HINT,
  FORUM_LOAD_ERROR,
  POSTS_LOAD_ERROR,
  FORMER_MEMBER,
  type PostsResponse,
} from '../../../shared/forums';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { RichText } from '../../components/rich-text';
import { PageSpinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { isNotFound, useForum, usePosts } from './api';
import { formatDateTime } from './format';
import { ForumFrame, NotFoundPanel } from './forum-ui';

const pagerLink =
  'inline-flex min-h-9 items-center gap-1 rounded-lg border border-line bg-surface px-3 text-sm font-medium hover:bg-surface-2';

/** /forums/:forumId: the forum's posts, newest first, a page at a time. */
export function ForumPage() {
  const { forumId = '' } = useParams();
  const [search] = useSearchParams();
  const cursor = { before: search.get('before') ?? undefined, after: search.get('after') ?? undefined };
  const forum = useForum(forumId);
  const posts = usePosts(forumId, cursor);
  useDocumentTitle(forum.data?.forum.name ?? 'Forum');

  if (isNotFound(forum.error) || isNotFound(posts.error)) {
    return (
      <NotFoundPanel title={FORUM_NOT_FOUND}>
        <ButtonLink to={paths.forums}>Back to Forums</ButtonLink>
      </NotFoundPanel>
    );
  }

  return (
    <ForumFrame back={{ to: paths.forums, label: 'Back to Forums' }}>
      {forum.isPending ? (
        <PageSpinner label="Loading forum" />
      ) : forum.isError ? (
        <Alert tone="error" className="mt-6">
          {FORUM_LOAD_ERROR}
        </Alert>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0 flex-1">
              <h1 className="text-3xl font-bold tracking-tight">{forum.data.forum.name}</h1>
              <RichText html={forum.data.forum.description} className="mt-2 text-fg-muted" />
            </div>
            <div className="flex flex-wrap gap-2">
              {forum.data.forum.can.edit && (
                <ButtonLink to={paths.forumEdit(forumId)} variant="secondary">
                  <Pencil aria-hidden="true" />
                  Edit Forum
                </ButtonLink>
              )}
              <ButtonLink to={paths.forumPostCreate(forumId)}>
                <Plus aria-hidden="true" />
                New Post
              </ButtonLink>
            </div>
          </div>
          <div className="mt-8">
            {posts.isPending ? (
              <PageSpinner label="Loading posts" />
            ) : posts.isError ? (
              <Alert tone="error">{POSTS_LOAD_ERROR}</Alert>
            ) : posts.data.posts.length === 0 ? (
              <EmptyState icon={MessageSquare} title={POSTS_EMPTY}>
                {POSTS_EMPTY_HINT}
              </EmptyState>
            ) : (
              <PostList forumId={forumId} data={posts.data} />
            )}
          </div>
        </>
      )}
    </ForumFrame>
  );
}

function PostList({ forumId, data }: { forumId: string; data: PostsResponse }) {
  return (
    <>
      <ul className="divide-y divide-line rounded-xl border border-line bg-surface shadow-sm">
        {data.posts.map((post) => (
          <li key={post.id} className="px-5 py-4">
            <h2 className="text-lg font-semibold">
              <Link to={paths.forumPost(forumId, post.id)} className="rounded-sm hover:text-link hover:underline">
                {post.title}
              </Link>
            </h2>
            {post.excerpt && <p className="mt-1 line-clamp-2 text-sm text-fg-muted">{post.excerpt}</p>}
            <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm text-fg-muted">
              <span>
                by{' '}
                {post.author ? (
                  <Link to={paths.profile(post.author.username)} className="font-medium text-fg hover:underline">
                    {post.author.username}
                  </Link>
                ) : (
                  FORMER_MEMBER
                )}
              </span>
              <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
              {post.editedAt && <span title={`Edited ${formatDateTime(post.editedAt)}`}>(edited)</span>}
              <span>
                {post.replyCount} {post.replyCount === 1 ? 'reply' : 'replies'}
              </span>
            </p>
          </li>
        ))}
      </ul>
      {(data.newer || data.older) && (
        <nav aria-label="Pages of posts" className="mt-6 flex justify-between gap-3">
          {data.newer ? (
            <Link to={`?after=${encodeURIComponent(data.newer)}`} className={pagerLink}>
              <ChevronLeft className="size-4" aria-hidden="true" />
              Newer posts
            </Link>
          ) : (
            <span />
          )}
          {data.older && (
            <Link to={`?before=${encodeURIComponent(data.older)}`} className={pagerLink}>
              Older posts
              <ChevronRight className="size-4" aria-hidden="true" />
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
