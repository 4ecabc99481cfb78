import { useSearchParams } from '../../lib/router';
import { ACTIVITY_ACTIONS, checkInActivityText, type ActivityEntry } from '../../../shared/activity';
import { Pagination } from '../../components/pagination';
import { paths } from '../../lib/paths';
import { AdminList } from './admin-list';
import { useActivity } from './activity-api';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What the write did: its words, else the route's operation id read as words. */
function actionText(action: string): string {
  const known = ACTIVITY_ACTIONS[action];
  if (known) return known;
  const words = action.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  // A list (the door staff's usernames) as words; an empty one says so.
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : 'nobody';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The Activity tab: every admin write, newest first, with who, what, when and before/after. */
export default function ActivityTab() {
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const activity = useActivity(page);
  const data = activity.data;
  const pageCount = data ? Math.ceil(data.total / data.pageSize) : 0;

  return (
    <AdminList
      tab="activity"
      query={activity}
      items={data?.entries}
      itemName={(entry) =>
        checkInActivityText(entry) ?? `${actionText(entry.action)} ${entry.targetLabel ?? ''}`.trim()
      }
      toolbar={<p className="text-sm text-fg-muted">Every change made by an admin, newest first.</p>}
      renderItem={(entry) => <ActivityRow entry={entry} />}
      footer={
        <Pagination
          page={page}
          pageCount={pageCount}
          to={(n) => `${paths.adminTab('activity')}${n > 1 ? `&page=${n}` : ''}`}
          label="Activity pages"
        />
      }
    />
  );
}

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const checkIn = checkInActivityText(entry);
  // An admission's own words already say who and how; its raw before/after would repeat them.
  const changes = checkIn ? [] : Object.entries(entry.changes ?? {});
  return (
    <div className="space-y-1">
      <p className="text-sm text-fg">
        <span className="font-medium">{entry.actorName}</span> ·{' '}
        {checkIn ?? (
          <>
            {actionText(entry.action)}
            {entry.targetLabel && <span className="font-medium"> “{entry.targetLabel}”</span>}
          </>
        )}
      </p>
      <p className="text-xs break-all text-fg-muted">
        <span className="font-mono">
          {entry.method} {entry.path}
        </span>{' '}
        · <time dateTime={entry.createdAt}>{dateFormat.format(new Date(entry.createdAt))}</time>
      </p>
      {changes.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-xs text-fg">
          {changes.map(([field, change]) => (
            <li key={field}>
              <span className="font-medium">{field}</span>: {show(change.before)} → {show(change.after)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
