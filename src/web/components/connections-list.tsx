import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '../lib/router';
import { ChevronDown, Mail, Users } from 'lucide-react';
import { NO_CONNECTIONS, NO_CONNECTIONS_MATCH } from '../../shared/connections';
import type { ConnectionsResponse } from '../../shared/connections';
import { metAtText } from '../../shared/connect-code-texts';
import { plural } from '../../shared/plural';
import { cn } from '../lib/cn';
import { displayName } from '../lib/member-format';
import { paths } from '../lib/paths';
import { Alert } from './alert';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { PersonLink } from './person-link';
import { SearchInput } from './search-field';
import { Skeleton } from './skeleton';

export const CONNECTIONS_LOAD_ERROR = 'Failed to load connections';

type Entry = ConnectionsResponse['connections'][number];

/**
 * 'My Connections': a searchable list that scrolls inside itself at about 24rem, so a large
 * network does not push the rest of the page away. The box (25rem) ends partway into a row, not
 * between two, where the list would look complete; a fade over that row and a button saying how
 * many more follow (it brings them into view) make plain that the list goes on.
 */
export function ConnectionsList({
  connections,
  isPending,
  isError,
  onRetry,
}: {
  connections: Entry[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  const [query, setQuery] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const [below, setBelow] = useState(0);
  const needle = query.trim().toLowerCase();
  const shown = (connections ?? []).filter(
    ({ member }) =>
      !needle ||
      member.username.toLowerCase().includes(needle) ||
      (member.fullName ?? '').toLowerCase().includes(needle),
  );

  // Rows not wholly in view below the box's bottom edge.
  const hiddenRows = useCallback(() => {
    const list = listRef.current;
    if (!list) return [];
    const edge = list.getBoundingClientRect().bottom + 1;
    return Array.from(list.children).filter((row) => row.getBoundingClientRect().bottom > edge) as HTMLElement[];
  }, []);
  const measure = useCallback(() => setBelow(hiddenRows().length), [hiddenRows]);
  const shownKey = shown.map(({ id }) => id).join(' ');
  // Measured when the box or any row changes size, and (the observer's first report) whenever the
  // rows shown change.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    for (const row of Array.from(list.children)) observer.observe(row);
    return () => observer.disconnect();
  }, [measure, shownKey]);

  // The first hidden row comes to the top of the box, and keyboard focus goes to it.
  const showMore = () => {
    const list = listRef.current;
    const first = hiddenRows()[0];
    if (!list || !first) return;
    list.scrollTo({ top: first.offsetTop - list.offsetTop });
    first.querySelector<HTMLElement>('a')?.focus({ preventScroll: true });
  };

  if (isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading connections</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-3 p-2">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-24" />
            </div>
          </div>
        ))}
      </div>
    );
  }

  if (isError && !connections) {
    return (
      <Alert tone="error" title={CONNECTIONS_LOAD_ERROR}>
        <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
          Retry
        </Button>
      </Alert>
    );
  }

  const total = connections?.length ?? 0;
  if (total === 0) return <EmptyState icon={Users} title={NO_CONNECTIONS} />;

  return (
    <div className="space-y-3">
      <SearchInput label="Search connections" value={query} onChange={setQuery} placeholder="Search connections" />
      {shown.length === 0 ? (
        <p role="status" className="py-6 text-center text-sm text-fg-muted">
          {NO_CONNECTIONS_MATCH}
        </p>
      ) : (
        <div className="relative">
          <ul ref={listRef} onScroll={measure} className={cn('-mx-2 max-h-[25rem] space-y-0.5 overflow-y-auto px-2')}>
            {shown.map(({ id, member, metAt }) => (
              <li key={id} className="flex items-center gap-2">
                <div className="min-w-0 flex-1">
                  <PersonLink person={member} />
                  {metAt && (
                    <p className="-mt-1 pb-1 pl-15 text-xs break-words text-fg-muted">{metAtText(metAt.name)}</p>
                  )}
                </div>
                <Link
                  to={paths.compose(member.username)}
                  aria-label={`Message ${displayName(member)}`}
                  title={`Message ${displayName(member)}`}
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-2 hover:text-fg"
                >
                  <Mail className="size-[18px]" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
          {below > 0 && (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-x-0 bottom-0 h-6 bg-gradient-to-t from-surface to-transparent"
            />
          )}
        </div>
      )}
      {below > 0 && shown.length > 0 && (
        <Button variant="ghost" size="sm" className="w-full" onClick={showMore}>
          <ChevronDown aria-hidden="true" />
          Show {plural(below, 'more connection', 'more connections')}
        </Button>
      )}
    </div>
  );
}
