import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FORUM_NOT_FOUND, POST_CREATE_ERROR, POST_TITLE_MAX, postInput } from '../../../shared/forums';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { RichTextEditor } from '../../components/rich-text-editor';
import { PageSpinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { useForm } from '../../lib/form';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { isNotFound, uploadForumImage, useCreatePost, useForum, writeFailure } from './api';
import { ForumFrame, NotFoundPanel } from './forum-ui';

/** /forums/:forumId/create: a title and rich content. */
export function PostCreatePage() {
  useDocumentTitle('New Post');
  const { forumId = '' } = useParams();
  const navigate = useNavigate();
  const forum = useForum(forumId);
  const create = useCreatePost(forumId);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const { errors, formError, submitting, handleSubmit, clearError } = useForm({
    schema: postInput,
    values: () => ({ title, content }),
    // Sent as typed: the server parses the same schema.
    submit: async (_, input) => {
      const { post } = await create.mutateAsync(input);
      void navigate(paths.forumPost(forumId, post.id));
    },
    failure: writeFailure(POST_CREATE_ERROR),
  });

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
      <form noValidate onSubmit={handleSubmit} className="mt-6 space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField
          id="post-title"
          name="title"
          label="Title"
          required
          value={title}
          maxLength={POST_TITLE_MAX}
          error={errors.title}
          onChange={(event) => {
            setTitle(event.target.value);
            clearError('title');
          }}
        />
        <RichTextEditor
          id="post-content"
          field="content"
          label="Content"
          value={content}
          onChange={(html) => {
            setContent(html);
            clearError('content');
          }}
          height={400}
          uploadImage={uploadForumImage}
          error={errors.content}
        />
        <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-5">
          <ButtonLink to={paths.forum(forumId)} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" loading={submitting}>
            Create Post
          </Button>
        </div>
      </form>
    </ForumFrame>
  );
}
