import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import {
  FORUM_CREATE_ERROR,
  FORUM_LOAD_ERROR,
  FORUM_NOT_FOUND,
  FORUM_UPDATE_ERROR,
  createForumInput,
  updateForumInput,
  type Forum,
} from '../../../shared/forums';
import { Alert } from '../../components/alert';
import { AdminFormFrame } from '../../components/admin-form-frame';
import { ButtonLink } from '../../components/button';
import { RichTextEditor } from '../../components/rich-text-editor';
import { PageSpinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { ApiRequestError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { isNotFound, uploadForumImage, useCreateForum, useForum, useUpdateForum } from './api';
import { ForumFrame, NotFoundPanel } from './forum-ui';
import { fieldErrors } from './form';

type Errors = { name?: string; description?: string };

/** Name and description (rich text); shared by create and edit. */
function ForumForm({
  title,
  submitLabel,
  back = { to: paths.adminTab('forums'), label: 'Back to Admin Dashboard' },
  initial,
  requireDescription,
  failure,
  submitting,
  onSubmit,
}: {
  title: string;
  submitLabel: string;
  back?: { to: string; label: string };
  initial?: Forum;
  requireDescription: boolean;
  failure: string | null;
  submitting: boolean;
  onSubmit: (values: { name: string; description: string }) => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const schema = requireDescription ? createForumInput : updateForumInput;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse({ name, description });
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues) as Errors;
      setErrors(next);
      document.getElementById(next.name ? 'forum-name' : 'forum-description')?.focus();
      return;
    }
    setErrors({});
    onSubmit({ name, description });
  };

  // An admin form (spec 2): 'Back to Admin Dashboard' and Cancel lead to the Forums tab (or back
  // to /forums when the admin came from there).
  return (
    <AdminFormFrame
      title={title}
      backTo={back.to}
      backLabel={back.label}
      error={failure}
      submitLabel={submitLabel}
      submitting={submitting}
      onSubmit={handleSubmit}
    >
      <TextField
        id="forum-name"
        name="name"
        label="Name"
        required
        value={name}
        error={errors.name}
        onChange={(event) => {
          setName(event.target.value);
          if (errors.name) setErrors({ ...errors, name: undefined });
        }}
      />
      <RichTextEditor
        id="forum-description"
        label="Description"
        value={description}
        onChange={(html) => {
          setDescription(html);
          if (errors.description) setErrors({ ...errors, description: undefined });
        }}
        height={400}
        uploadImage={uploadForumImage}
        error={errors.description}
      />
    </AdminFormFrame>
  );
}

const failureText = (error: unknown, text: string) =>
  error instanceof ApiRequestError && error.status === 422 ? `${text}: ${error.message}` : error ? text : null;

/** /forums/create (admins). */
export function ForumCreatePage() {
  const navigate = useNavigate();
  const fromForums = (useLocation().state as { from?: string } | null)?.from === 'forums';
  const create = useCreateForum();
  return (
    <ForumForm
      title="Create Forum"
      submitLabel="Create Forum"
      back={fromForums ? { to: paths.forums, label: 'Back to Forums' } : undefined}
      requireDescription
      failure={failureText(create.error, FORUM_CREATE_ERROR)}
      submitting={create.isPending}
      onSubmit={(values) => create.mutate(values, { onSuccess: ({ forum }) => void navigate(paths.forum(forum.id)) })}
    />
  );
}

/** /forums/:forumId/edit (admins): name required; a missing forum is a not-found page. An admin
 * form like the others: every way out leads back to the dashboard's Forums tab. */
export function ForumEditPage() {
  const { forumId = '' } = useParams();
  const navigate = useNavigate();
  const forum = useForum(forumId);
  const update = useUpdateForum(forumId);

  if (isNotFound(forum.error)) {
    return (
      <NotFoundPanel title={FORUM_NOT_FOUND}>
        <ButtonLink to={paths.adminTab('forums')}>Back to Admin Dashboard</ButtonLink>
      </NotFoundPanel>
    );
  }
  // A failed refetch keeps the form (and what the admin typed) on screen.
  if (!forum.data && !forum.isError) return <PageSpinner label="Loading forum" />;
  if (!forum.data) {
    return (
      <ForumFrame back={{ to: paths.adminTab('forums'), label: 'Back to Admin Dashboard' }}>
        <Alert tone="error" className="mt-6">
          {FORUM_LOAD_ERROR}
        </Alert>
      </ForumFrame>
    );
  }
  return (
    <ForumForm
      title="Edit Forum"
      submitLabel="Save Changes"
      initial={forum.data.forum}
      requireDescription={false}
      failure={failureText(update.error, FORUM_UPDATE_ERROR)}
      submitting={update.isPending}
      onSubmit={(values) => update.mutate(values, { onSuccess: () => void navigate(paths.adminTab('forums')) })}
    />
  );
}
