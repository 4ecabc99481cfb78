import { useNavigate, useParams } from '../../lib/router';
import { FORUM_NOT_FOUND, POST_CREATE_ERROR } from '../../../shared/forums';
import { ButtonLink } from '../../components/button';
import { PageSpinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { isNotFound, useCreatePost, useForum, writeFailure } from './api';
import { ForumFrame, NotFoundPanel } from './forum-ui';
import { PostForm } from './post-form';

/** /forums/:forumId/create: a title and rich content. */
export function PostCreatePage() {
  useDocumentTitle('New Post');
  const { forumId = '' } = useParams();
  const navigate = useNavigate();
  const forum = useForum(forumId);
  const create = useCreatePost(forumId);

  if (isNotFound(forum.error)) {
    return (
      <NotFoundPanel title={FORUM_NOT_FOUND}>
        <ButtonLink to={paths.forums}>Back to Forums</ButtonLink>
      </NotFoundPanel>
    );
  }
  if (forum.isPending) return <PageSpinner label="Loading forum" />;

  return (
    <ForumFrame back={{ to: paths.forum(forumId), label: `Back to ${forum.data?.forum.name ?? 'forum'}` }}>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">New Post</h1>
      <PostForm
        className="mt-6 space-y-5"
        fieldIds={{ title: 'post-title', content: 'post-content' }}
        save={async (input) => {
          const { post } = await create.mutateAsync(input);
          void navigate(paths.forumPost(forumId, post.id));
        }}
        failure={writeFailure(POST_CREATE_ERROR)}
        submitLabel="Create Post"
        cancel={{ to: paths.forum(forumId) }}
      />
    </ForumFrame>
  );
}
