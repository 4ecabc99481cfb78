import { Link, useParams, useSearchParams } from '../../lib/router';
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
import {
  SEARCH_FAILED,
  SEARCH_FORUM_PLACEHOLDER,
  SEARCH_PAGE_LIMIT,
  noSearchResults,
} from '../../../shared/search-texts';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { RichText } from '../../components/rich-text';
import { SavedStatus } from '../../components/saved-status';
import { SearchField } from '../../components/search-field';
import { SearchHitContent } from '../../components/search-hit';
import { PageSpinner } from '../../components/spinner';
import { refusalReason } from '../../lib/api';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { hitHref, resultCount, useSearch } from '../../lib/search';
import { useDocumentTitle } from '../../lib/use-document-title';
import { isNotFound, useForum, usePosts } from './api';
import { formatDateTime } from './format';
import { ForumFrame, NotFoundPanel } from './forum-ui';

const pagerLink =
  'inline-flex min-h-9 items-center gap-1 rounded-lg border border-line bg-surface px-3 text-sm font-medium hover:bg-surface-2';

/** /forums/:forumId: the forum's posts, newest first, a page at a time. */
export function ForumPage() {
  const { forumId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const cursor = { before: search.get('before') ?? undefined, after: search.get('after') ?? undefined };
  // ?q= searches this forum's posts and replies instead of listing its posts.
  const q = (search.get('q') ?? '').trim();
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
          {/* "Forum created." after the admin's Create Forum. */}
          <SavedStatus className="mt-4" />
          <div role="search" aria-label="This forum" className="mt-6 flex max-w-xl items-center gap-2">
            <SearchField
              label="Search this forum"
              placeholder={SEARCH_FORUM_PLACEHOLDER}
              value={q}
              delay={200}
              onSearch={(next) => setSearch(next ? { q: next } : {}, { replace: true })}
              className="flex-1"
            />
            {q && (
              <Button variant="ghost" onClick={() => setSearch({}, { replace: true })}>
                Clear search
              </Button>
            )}
          </div>
          <div className="mt-6">
            {q ? (
              <ForumSearchResults forumId={forumId} q={q} />
            ) : posts.isPending ? (
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

/** The forum's posts and replies that match `q`, best first. */
function ForumSearchResults({ forumId, q }: { forumId: string; q: string }) {
  const found = useSearch({ q, type: 'forums', forum: forumId, limit: SEARCH_PAGE_LIMIT });
  const hits = found.data?.groups.find((group) => group.type === 'forums')?.hits;
  const settled = hits && !found.isPlaceholderData;
  return (
    <>
      <p role="status" className={cn('mb-4 text-sm text-fg-muted', !settled && 'sr-only')}>
        {settled ? (hits.length ? resultCount(hits.length) : noSearchResults(q)) : ''}
      </p>
      {found.isError && !found.isFetching ? (
        <Alert tone="error">{refusalReason(found.error) || SEARCH_FAILED}</Alert>
      ) : !hits ? (
        <PageSpinner label="Searching" />
      ) : hits.length === 0 ? (
        <EmptyState icon={MessageSquare} title={noSearchResults(q)} />
      ) : (
        <ul
          className={cn(
            'divide-y divide-line rounded-xl border border-line bg-surface shadow-sm',
            found.isPlaceholderData && 'opacity-60',
          )}
        >
          {hits.map((hit) => (
            <li key={`${hit.kind}-${hit.id}`}>
              <Link to={hitHref(hit)} className="block rounded-xl px-5 py-4 hover:bg-surface-2">
                <SearchHitContent hit={hit} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
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
