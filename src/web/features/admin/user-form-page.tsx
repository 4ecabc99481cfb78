import { useState } from 'react';
import { useNavigate, useParams } from '../../lib/router';
import {
  ADMIN_PASSWORD_MIN,
  USER_CREATE_FAILED,
  USER_LOAD_FAILED,
  USER_NOT_FOUND,
  USER_UPDATE_FAILED,
  createUserInput,
  updateUserInput,
  type AdminUserDetail,
} from '../../../shared/users';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { PageSpinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { useForm } from '../../lib/form';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdminFormFrame } from '../../components/admin-form-frame';
import { isRecentSignInRequired, useRecentSignIn } from '../../components/recent-sign-in';
import { savedState } from '../../components/saved-status';
import { NotFound } from '../../components/not-found';
import { CheckboxField } from '../../components/checkbox-field';
import { useAdminUser, useCreateUser, useResetTwoFactor, useUpdateUser, useUserAvatar } from './users-api';
import { ImageUploadField } from './image-upload-field';

const backTo = paths.adminTab('users');

/** The server's own message when it gave one (e.g. a taken username), else null. */
const serviceMessage = (error: unknown) =>
  error instanceof ApiRequestError && error.status > 0 && error.status < 500 ? error.message : null;

export function UserCreatePage() {
  const navigate = useNavigate();
  const create = useCreateUser();
  const recent = useRecentSignIn();
  const [values, setValues] = useState({ email: '', password: '', username: '', fullName: '', isAdmin: false });
  const { errors, formError, submitting, handleSubmit, clearError } = useForm({
    schema: createUserInput,
    values: () => values,
    submit: async (input) => {
      await recent.guard(() => create.mutateAsync(input));
      void navigate(backTo, { state: savedState('User created.') });
    },
    failure: (error) => serviceMessage(error) ?? USER_CREATE_FAILED,
  });

  const set = (field: keyof typeof values) => (value: string | boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    clearError(field);
  };

  return (
    <AdminFormFrame
      title="Create User"
      backTo={backTo}
      error={formError}
      submitLabel="Create User"
      submitting={submitting}
      onSubmit={handleSubmit}
    >
      {recent.dialog}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        required
        value={values.email}
        onChange={(e) => set('email')(e.target.value)}
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${ADMIN_PASSWORD_MIN} characters, and not easy to guess.`}
        value={values.password}
        onChange={(e) => set('password')(e.target.value)}
        error={errors.password}
      />
      <TextField
        label="Username"
        name="username"
        autoComplete="off"
        required
        value={values.username}
        onChange={(e) => set('username')(e.target.value)}
        error={errors.username}
      />
      <TextField
        label="Full name"
        name="fullName"
        autoComplete="off"
        value={values.fullName}
        onChange={(e) => set('fullName')(e.target.value)}
        error={errors.fullName}
      />
      <CheckboxField
        label="Admin User"
        name="isAdmin"
        checked={values.isAdmin}
        onChange={(checked) => set('isAdmin')(checked)}
        hint="Admins manage events, forums, sponsors, users and podcasts."
      />
    </AdminFormFrame>
  );
}

export function UserEditPage() {
  const { userId = '' } = useParams();
  const user = useAdminUser(userId);

  if (user.isPending) return <PageSpinner label="Loading user" />;
  if (user.isError) {
    if (user.error instanceof ApiRequestError && user.error.status === 404) return <UserNotFound />;
    return (
      <Centered title="Edit User">
        <Alert tone="error">{USER_LOAD_FAILED}</Alert>
      </Centered>
    );
  }
  // Keyed by id: another user's page starts from that user's values.
  return <UserEditForm key={user.data.user.id} user={user.data.user} />;
}

function UserEditForm({ user }: { user: AdminUserDetail }) {
  const navigate = useNavigate();
  const update = useUpdateUser(user.id);
  const avatar = useUserAvatar(user.id);
  const [avatarUrl, setAvatarUrl] = useState(user.avatarUrl);
  const [values, setValues] = useState({
    username: user.username,
    fullName: user.fullName ?? '',
    company: user.company ?? '',
    position: user.position ?? '',
    website: user.website ?? '',
    bio: user.bio ?? '',
    instagramUrl: user.instagramUrl ?? '',
    facebookUrl: user.facebookUrl ?? '',
    linkedinUrl: user.linkedinUrl ?? '',
    isSponsor: user.isSponsor,
    isPanelist: user.isPanelist,
  });
  const { errors, formError, submitting, handleSubmit, clearError } = useForm({
    schema: updateUserInput,
    values: () => values,
    submit: async (input) => {
      await update.mutateAsync(input);
      void navigate(backTo, { state: savedState('User updated.') });
    },
    failure: (error) =>
      error instanceof ApiRequestError && error.status === 404 ? USER_NOT_FOUND : USER_UPDATE_FAILED,
  });

  const set = (field: keyof typeof values) => (value: string | boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    clearError(field);
  };
  const text = (field: Exclude<keyof typeof values, 'isSponsor' | 'isPanelist'>) => ({
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => set(field)(e.target.value),
    error: errors[field],
  });

  return (
    <AdminFormFrame
      title="Edit User"
      backTo={backTo}
      error={formError}
      submitLabel="Update User"
      submitting={submitting}
      onSubmit={handleSubmit}
    >
      {/* Saved at once, like a member's own picture: an admin replaces or takes down one that
          does not belong here. */}
      <ImageUploadField
        label="Avatar"
        value={avatarUrl}
        onUpload={async (file) => {
          const { avatarUrl: url } = await avatar.mutateAsync(file);
          setAvatarUrl(url);
          return url!;
        }}
        onRemove={async () => {
          await avatar.mutateAsync(null);
          setAvatarUrl(null);
        }}
      />
      <TextField label="Username" autoComplete="off" required {...text('username')} />
      <TextField label="Full name" autoComplete="off" {...text('fullName')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Company" autoComplete="off" {...text('company')} />
        <TextField label="Position" autoComplete="off" {...text('position')} />
      </div>
      <TextField label="Website" type="url" placeholder="https://example.com" {...text('website')} />
      <TextareaField label="Bio" rows={4} {...text('bio')} />
      <TextField label="Instagram URL" type="url" placeholder="https://instagram.com/..." {...text('instagramUrl')} />
      <TextField label="Facebook URL" type="url" placeholder="https://facebook.com/..." {...text('facebookUrl')} />
      <TextField label="LinkedIn URL" type="url" placeholder="https://linkedin.com/in/..." {...text('linkedinUrl')} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-fg">Roles</legend>
        <CheckboxField
          label="Sponsor"
          name="isSponsor"
          checked={values.isSponsor}
          onChange={(checked) => set('isSponsor')(checked)}
        />
        <CheckboxField
          label="Panelist"
          name="isPanelist"
          checked={values.isPanelist}
          onChange={(checked) => set('isPanelist')(checked)}
        />
      </fieldset>
      <TwoFactorReset user={user} />
    </AdminFormFrame>
  );
}

/** A member who lost their phone and their recovery codes is let back in by the password alone. */
function TwoFactorReset({ user }: { user: AdminUserDetail }) {
  const reset = useResetTwoFactor(user.id);
  const recent = useRecentSignIn();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <div className="space-y-2">
      <h2 className="text-sm font-medium text-fg">Two-step sign-in</h2>
      <p className="text-sm text-fg-muted">
        {user.twoFactorEnabled ? 'On.' : 'Off.'}
        {done && ' Reset: the member was signed out and told by e-mail.'}
      </p>
      {user.twoFactorEnabled && (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Reset two-step sign-in
        </Button>
      )}
      <Dialog
        open={open}
        onOpenChange={(next) => !reset.isPending && setOpen(next)}
        title="Reset two-step sign-in?"
        description={`${user.username}’s authenticator app and recovery codes are removed, their sessions are signed out and they are told by e-mail. Do this only when you know it is them asking.`}
      >
        {reset.isError && !isRecentSignInRequired(reset.error) && (
          <Alert tone="error">{errorMessage(reset.error)}</Alert>
        )}
        {recent.dialog}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary" disabled={reset.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="danger"
            loading={reset.isPending}
            onClick={() =>
              recent
                .guard(() => reset.mutateAsync())
                .then(() => {
                  setOpen(false);
                  setDone(true);
                })
                .catch(() => undefined)
            }
          >
            Reset
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function UserNotFound() {
  return (
    <NotFound title={USER_NOT_FOUND} text="The user you are looking for does not exist or was deleted.">
      <ButtonLink to={backTo}>Back to Admin Dashboard</ButtonLink>
    </NotFound>
  );
}

function Centered({ title, children }: { title: string; children: React.ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="mb-4 text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
