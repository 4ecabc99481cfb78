import { useState } from 'react';
import { Check, Pencil } from 'lucide-react';
import { Link, useSearchParams } from '../../lib/router';
import { FLAG_UPDATE_FAILED, type AdminUser, type UserFlag } from '../../../shared/users';
import { Alert } from '../../components/alert';
import { Pagination } from '../../components/pagination';
import { SearchField } from '../../components/search-field';
import { ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { useMe } from '../../lib/session';
import { AdminList } from './admin-list';
import { useRecentSignIn } from '../../components/recent-sign-in';
import { useAdminUsers, useDeleteUser, useSetUserFlag } from './users-api';

// The spec's pairs: a toggle shows the member's current state and flips it on click.
const FLAGS: { flag: UserFlag; on: string; off: string }[] = [
  { flag: 'isAdmin', on: 'Admin', off: 'User' },
  { flag: 'isSponsor', on: 'Sponsor', off: 'Not Sponsor' },
  { flag: 'isPanelist', on: 'Panelist', off: 'Not Panelist' },
];

/** The Users tab: 10 per page by username, searched on the server, with e-mail and flag toggles. */
export default function UsersTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const users = useAdminUsers(q, page);
  const setFlag = useSetUserFlag(q, page);
  const deleteUser = useDeleteUser();
  const { me } = useMe();
  const [flagError, setFlagError] = useState<{ flag: UserFlag; detail: string | null } | null>(null);
  // Making an admin and deleting a member ask for the password again after 15 minutes.
  const recent = useRecentSignIn();

  const pageUrl = (n: number) => {
    const next = new URLSearchParams({ tab: 'users' });
    if (q) next.set('q', q);
    if (n > 1) next.set('page', String(n));
    return `${paths.admin}?${next}`;
  };

  const handleSearch = (value: string) => {
    const next = new URLSearchParams({ tab: 'users' });
    if (value) next.set('q', value);
    setSearchParams(next, { replace: true });
  };

  const toggle = (user: AdminUser, flag: UserFlag) => {
    setFlagError(null);
    recent
      .guard(() => setFlag.mutateAsync({ id: user.id, flag, value: !user[flag] }))
      .catch((error: unknown) =>
        setFlagError({
          flag,
          detail: error instanceof ApiRequestError && error.status !== 0 ? error.message : null,
        }),
      );
  };

  const data = users.data;
  const pageCount = data ? Math.ceil(data.total / data.pageSize) : 0;

  return (
    <AdminList
      tab="users"
      createHref={paths.userCreate}
      createLabel="Create User"
      query={users}
      items={data?.users}
      itemName={(user) => user.username}
      onDelete={(user) => recent.guard(() => deleteUser.mutateAsync(user.id))}
      canDelete={(user) => user.id !== me?.id}
      deleteDescription={(user) =>
        `${user.username}'s account, profile, registrations, guests and connections are deleted. Messages they sent and their forum posts stay, shown as from a former member.`
      }
      toolbar={
        <div className="flex flex-col gap-3">
          {recent.dialog}
          <SearchField
            label="Search users by username or full name"
            placeholder="Search by username or full name"
            value={q}
            onSearch={handleSearch}
            className="max-w-sm"
          />
          {flagError && (
            <Alert tone="error" title={FLAG_UPDATE_FAILED[flagError.flag]}>
              {flagError.detail}
            </Alert>
          )}
          {data && (
            <p className="text-sm text-fg-muted" aria-live="polite">
              {data.total === 1 ? '1 user' : `${data.total} users`}
            </p>
          )}
        </div>
      }
      actions={(user) => (
        <Link
          to={paths.userEdit(user.id)}
          aria-label={`Edit ${user.username}`}
          className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-fg hover:bg-surface-2"
        >
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Link>
      )}
      renderItem={(user) => (
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <div className="min-w-48 flex-1">
            <Link to={paths.profile(user.username)} className="font-medium text-link hover:underline">
              {user.username}
            </Link>
            {user.fullName && <p className="text-sm text-fg">{user.fullName}</p>}
            <p className="text-sm break-words text-fg-muted">
              <EmailAddress email={user.email} />
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Flags of ${user.username}`}>
            {FLAGS.map(({ flag, on, off }) => (
              <FlagToggle
                key={flag}
                label={user[flag] ? on : off}
                username={user.username}
                pressed={user[flag]}
                // An admin keeps their own admin flag (the server refuses it too).
                disabled={flag === 'isAdmin' && user.id === me?.id && user.isAdmin}
                onToggle={() => toggle(user, flag)}
              />
            ))}
          </div>
        </div>
      )}
      footer={<Pagination page={page} pageCount={pageCount} to={pageUrl} label="Users pages" />}
    />
  );
}

/** An address that wraps before its @ when the line is short, rather than mid-word (a part longer
 * than the line still breaks, as a last resort). */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** A button that names the member's current state ('Sponsor' or 'Not Sponsor'); a click flips it. */
function FlagToggle({
  label,
  username,
  pressed,
  disabled,
  onToggle,
}: {
  label: string;
  username: string;
  pressed: boolean;
  disabled?: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onToggle}
      title={disabled ? 'You cannot remove your own admin status' : 'Click to change'}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-60',
        pressed
          ? 'border-brand bg-brand text-on-brand hover:bg-brand-hover'
          : 'border-line-strong bg-surface text-fg-muted hover:bg-surface-2 hover:text-fg',
      )}
    >
      <Check className={cn('size-4', pressed ? 'opacity-100' : 'opacity-0')} aria-hidden="true" />
      {label}
      <span className="sr-only"> for {username}</span>
    </button>
  );
}
