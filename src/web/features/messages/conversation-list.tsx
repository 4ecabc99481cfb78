import { Link } from '../../lib/router';
import { FORMER_MEMBER_ID, type Conversation } from '../../../shared/messages';
import { Avatar } from '../../components/avatar';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';

/** "Mar 5" this year, "Mar 5, 2025" before. */
function listDate(iso: string): string {
  const date = new Date(iso);
  const thisYear = date.getFullYear() === new Date().getFullYear();
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: thisYear ? undefined : 'numeric' });
}

/** The left pane's list. Each row selects its conversation; the avatar and name open the profile. */
export function ConversationList({
  conversations,
  selectedKey,
  onSelect,
}: {
  conversations: Conversation[];
  selectedKey: string | null;
  onSelect: (conversation: Conversation) => void;
}) {
  return (
    <ul className="divide-y divide-line">
      {conversations.map((c) => {
        const selected = c.key === selectedKey;
        const unread = c.unread > 0;
        const former = c.other.id === FORMER_MEMBER_ID;
        return (
          <li
            key={c.key}
            className={cn(
              'relative flex gap-3 px-4 py-3 transition-colors',
              selected ? 'bg-surface-2' : unread ? 'bg-info-soft' : 'hover:bg-surface-2',
              selected && 'shadow-[inset_3px_0_0_var(--brand)]',
            )}
          >
            {former ? (
              <span aria-hidden="true" className="shrink-0 self-start">
                <Avatar name={c.other.username} src={null} size="md" />
              </span>
            ) : (
              <Link
                to={paths.profile(c.other.username)}
                tabIndex={-1}
                aria-hidden="true"
                className="relative z-10 shrink-0 self-start rounded-full"
              >
                <Avatar name={c.other.username} src={c.other.avatarUrl} size="md" />
              </Link>
            )}
            <div className="min-w-0 flex-1">
              <div className="flex items-baseline justify-between gap-2">
                {former ? (
                  // A member who deleted their account: no profile to open.
                  <span className={cn('truncate text-sm text-fg-muted italic', unread ? 'font-bold' : 'font-medium')}>
                    {c.other.username}
                  </span>
                ) : (
                  <Link
                    to={paths.profile(c.other.username)}
                    className={cn(
                      // 24 px high at the least: a target of its own above the row's button.
                      'relative z-10 truncate rounded-sm py-0.5 text-sm leading-5 text-fg hover:underline',
                      unread ? 'font-bold' : 'font-medium',
                    )}
                  >
                    {c.other.username}
                  </Link>
                )}
                <time dateTime={c.startedAt} className="shrink-0 text-xs text-fg-muted">
                  {listDate(c.startedAt)}
                </time>
              </div>
              <button
                type="button"
                data-conversation={c.key}
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(c)}
                className={cn(
                  'block w-full text-left after:absolute after:inset-0',
                  'focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-ring',
                )}
              >
                <span className={cn('block truncate text-sm text-fg', unread ? 'font-bold' : 'font-medium')}>
                  {c.subject}
                </span>
                <span className={cn('block truncate text-sm', unread ? 'font-semibold text-fg' : 'text-fg-muted')}>
                  {c.preview}
                </span>
                {unread && <span className="sr-only">, unread ({c.unread} new)</span>}
              </button>
            </div>
            {unread && <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand" />}
          </li>
        );
      })}
    </ul>
  );
}
