import { useState } from 'react';
import { useLocation, useNavigate, useParams } from '../../lib/router';
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
import { savedState } from '../../components/saved-status';
import { ButtonLink } from '../../components/button';
import { RichTextEditor } from '../../components/rich-text-editor';
import { PageSpinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { ApiRequestError } from '../../lib/api';
import { useForm } from '../../lib/form';
import { paths } from '../../lib/paths';
import { isNotFound, uploadForumImage, useCreateForum, useForum, useUpdateForum } from './api';
import { ForumFrame, NotFoundPanel } from './forum-ui';

type Values = { name: string; description: string };

/** Name and description (rich text); shared by create and edit. */
function ForumForm({
  title,
  submitLabel,
  back = { to: paths.adminTab('forums'), label: 'Back to Admin Dashboard' },
  initial,
  requireDescription,
  failure,
  save,
}: {
  title: string;
  submitLabel: string;
  back?: { to: string; label: string };
  initial?: Forum;
  requireDescription: boolean;
  /** The spec's text when saving fails. */
  failure: string;
  save: (values: Values) => Promise<void>;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const { errors, formError, submitting, handleSubmit, clearError } = useForm({
    schema: requireDescription ? createForumInput : updateForumInput,
    values: () => ({ name, description }),
    // Sent as typed: the server parses the same schema.
    submit: () => save({ name, description }),
    // Only a validation message is worth adding to the spec's text.
    failure: (error) =>
      error instanceof ApiRequestError && error.status === 422 ? `${failure}: ${error.message}` : failure,
  });

  // An admin form (spec 2): 'Back to Admin Dashboard' and Cancel lead to the Forums tab (or back
  // to /forums when the admin came from there).
  return (
    <AdminFormFrame
      title={title}
      backTo={back.to}
      backLabel={back.label}
      error={formError}
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
          clearError('name');
        }}
      />
      <RichTextEditor
        id="forum-description"
        field="description"
        label="Description"
        value={description}
        onChange={(html) => {
          setDescription(html);
          clearError('description');
        }}
        height={400}
        uploadImage={uploadForumImage}
        error={errors.description}
      />
    </AdminFormFrame>
  );
}

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
      failure={FORUM_CREATE_ERROR}
      save={async (values) => {
        const { forum } = await create.mutateAsync(values);
        void navigate(paths.forum(forum.id), { state: savedState('Forum created.') });
      }}
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
      failure={FORUM_UPDATE_ERROR}
      save={async (values) => {
        await update.mutateAsync(values);
        void navigate(paths.adminTab('forums'), { state: savedState('Forum updated.') });
      }}
    />
  );
}
