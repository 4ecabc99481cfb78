import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FORUM_NOT_FOUND, POST_CREATE_ERROR, postInput, type PostInput } from '../../../shared/forums';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { RichTextEditor } from '../../components/rich-text-editor';
import { PageSpinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { ApiRequestError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { isNotFound, uploadForumImage, useCreatePost, useForum } from './api';
import { fieldErrors } from './form';
import { ForumFrame, NotFoundPanel } from './forum-ui';

type Errors = Partial<Record<keyof PostInput, string>>;

/** /forums/:forumId/create: a title and rich content. */
export function PostCreatePage() {
  useDocumentTitle('New Post');
  const { forumId = '' } = useParams();
  const navigate = useNavigate();
  const forum = useForum(forumId);
  const create = useCreatePost(forumId);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  if (isNotFound(forum.error)) {
    return (
      <NotFoundPanel title={FORUM_NOT_FOUND}>
        <ButtonLink to={paths.forums}>Back to Forums</ButtonLink>
      </NotFoundPanel>
    );
  }
  if (forum.isPending) return <PageSpinner label="Loading forum" />;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = postInput.safeParse({ title, content });
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues) as Errors;
      setErrors(next);
      if (next.title) document.getElementById('post-title')?.focus();
      else document.getElementById('post-content')?.focus();
      return;
    }
    setErrors({});
    create.mutate({ title, content }, { onSuccess: ({ post }) => void navigate(paths.forumPost(forumId, post.id)) });
  };

  // A 429 or 422 carries a message worth reading; anything else is the spec's text.
  const failure =
    create.error instanceof ApiRequestError && (create.error.status === 429 || create.error.status === 422)
      ? `${POST_CREATE_ERROR}: ${create.error.message}`
      : create.error
        ? POST_CREATE_ERROR
        : null;

  return (
    <ForumFrame back={{ to: paths.forum(forumId), label: `Back to ${forum.data?.forum.name ?? 'forum'}` }}>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">New Post</h1>
      <form noValidate onSubmit={handleSubmit} className="mt-6 space-y-5">
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField
          id="post-title"
          name="title"
          label="Title"
          required
          value={title}
          maxLength={255}
          error={errors.title}
          onChange={(event) => {
            setTitle(event.target.value);
            if (errors.title) setErrors({ ...errors, title: undefined });
          }}
        />
        <RichTextEditor
          id="post-content"
          label="Content"
          value={content}
          onChange={(html) => {
            setContent(html);
            if (errors.content) setErrors({ ...errors, content: undefined });
          }}
          height={400}
          uploadImage={uploadForumImage}
          error={errors.content}
        />
        <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-5">
          <ButtonLink to={paths.forum(forumId)} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" loading={create.isPending}>
            Create Post
          </Button>
        </div>
      </form>
    </ForumFrame>
  );
}
