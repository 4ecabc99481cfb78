import { Link } from '../../lib/router';
import { MessagesSquare, Plus } from 'lucide-react';
import { FORUMS_EMPTY, FORUMS_LOAD_ERROR } from '../../../shared/forums';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { RichText } from '../../components/rich-text';
import { PageSpinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForums } from './api';
import { formatDateTime } from './format';
import { ForumFrame } from './forum-ui';

/** /forums: every forum, newest first, with its description, post count and latest activity. */
export function ForumsPage() {
  useDocumentTitle('Forums');
  const forums = useForums();
  const data = forums.data;

  return (
    <ForumFrame>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Forums</h1>
          <p className="mt-1 text-fg-muted">Ask questions, share what you know and compare notes.</p>
        </div>
        {data?.canCreate && (
          <ButtonLink to={paths.forumCreate} state={{ from: 'forums' }}>
            <Plus aria-hidden="true" />
            Create Forum
          </ButtonLink>
        )}
      </div>
      <div className="mt-8">
        {forums.isPending ? (
          <PageSpinner label="Loading forums" />
        ) : forums.isError ? (
          <Alert tone="error">{FORUMS_LOAD_ERROR}</Alert>
        ) : !data || data.forums.length === 0 ? (
          <EmptyState icon={MessagesSquare} title={FORUMS_EMPTY} />
        ) : (
          <ul className="space-y-4">
            {data.forums.map((forum) => (
              <li key={forum.id} className="rounded-xl border border-line bg-surface p-5 shadow-sm">
                <h2 className="text-xl font-semibold">
                  <Link to={paths.forum(forum.id)} className="rounded-sm hover:text-link hover:underline">
                    {forum.name}
                  </Link>
                </h2>
                <RichText html={forum.description} className="mt-2 text-sm text-fg-muted" />
                <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-fg-muted">
                  <span>
                    {forum.postCount} {forum.postCount === 1 ? 'post' : 'posts'}
                  </span>
                  {forum.lastActivityAt && (
                    <span>
                      Latest activity{' '}
                      <time dateTime={forum.lastActivityAt}>{formatDateTime(forum.lastActivityAt)}</time>
                    </span>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </ForumFrame>
  );
}
