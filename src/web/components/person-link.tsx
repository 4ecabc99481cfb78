import { Link } from '../lib/router';
import { cn } from '../lib/cn';
import { displayName } from '../lib/member-format';
import { paths } from '../lib/paths';
import { Avatar } from './avatar';

/** A member row: avatar, name and @username, linking to the profile. */
export function PersonLink({
  person,
  className,
  onClick,
}: {
  person: { username: string; fullName: string | null; avatarUrl: string | null };
  className?: string;
  onClick?: () => void;
}) {
  const name = displayName(person);
  return (
    <Link
      to={paths.profile(person.username)}
      onClick={onClick}
      className={cn('flex min-w-0 items-center gap-3 rounded-lg p-2 hover:bg-surface-2', className)}
    >
      <Avatar name={name} src={person.avatarUrl} size="md" />
      <span className="min-w-0">
        <span className="block truncate font-medium text-fg">{name}</span>
        <span className="block truncate text-sm text-fg-muted">@{person.username}</span>
      </span>
    </Link>
  );
}
