import { lazy, Suspense, type LazyExoticComponent, type ComponentType } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { Alert } from '../../components/alert';
import { SavedStatus } from '../../components/saved-status';
import { TextLink } from '../../components/text-link';
import { useMe } from '../../lib/session';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

// The dashboard's tabs (spec 2 section 2, plus Reports, Outbox, Activity, Jobs and Insights). The tab is kept
// in the URL (?tab=users) so a reload or a shared link opens the same one. Each tab is its own
// chunk and owns its list, its calls and its texts.
type Tab = { id: string; label: string; Panel: LazyExoticComponent<ComponentType> };

const tabs: Tab[] = [
  { id: 'events', label: 'Events', Panel: lazy(() => import('./events-tab')) },
  { id: 'forums', label: 'Forums', Panel: lazy(() => import('./forums-tab')) },
  { id: 'sponsors', label: 'Sponsors', Panel: lazy(() => import('./sponsors-tab')) },
  { id: 'users', label: 'Users', Panel: lazy(() => import('./users-tab')) },
  { id: 'podcasts', label: 'Podcasts', Panel: lazy(() => import('./podcasts-tab')) },
  { id: 'reports', label: 'Reports', Panel: lazy(() => import('./reports-tab')) },
  { id: 'outbox', label: 'Outbox', Panel: lazy(() => import('./outbox-tab')) },
  { id: 'activity', label: 'Activity', Panel: lazy(() => import('./activity-tab')) },
  { id: 'jobs', label: 'Jobs', Panel: lazy(() => import('./jobs-tab')) },
  // The organiser's desk (issue 34); the chart library comes with this chunk only.
  { id: 'insights', label: 'Insights', Panel: lazy(() => import('./insights-tab')) },
  { id: 'announcements', label: 'Announcements', Panel: lazy(() => import('./announcements-tab')) },
  { id: 'invitations', label: 'Invitations', Panel: lazy(() => import('./invitations-tab')) },
];

export function AdminPage() {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const current = tabs.find((tab) => tab.id === requested) ?? tabs[0]!;
  useDocumentTitle(`Admin Dashboard · ${current.label}`);
  const { me } = useMe();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
      {/* "Event created.", "User updated.": what the form the admin came from did. */}
      <SavedStatus className="mt-4" />
      {me && !me.twoFactorEnabled && (
        <Alert tone="info" className="mt-4">
          Two-step sign-in is recommended for admins: your password alone opens every member’s e-mail address and the
          attendee lists. <TextLink to={`${paths.dashboard}#two-factor`}>Set up two-step sign-in</TextLink>
        </Alert>
      )}
      <nav aria-label="Admin sections" className="mt-6 border-b border-line">
        <ul className="-mb-px flex flex-wrap gap-1">
          {tabs.map((tab) => {
            const active = tab.id === current.id;
            return (
              <li key={tab.id}>
                <Link
                  to={paths.adminTab(tab.id)}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-medium',
                    active ? 'border-brand text-fg' : 'border-transparent text-fg-muted hover:text-fg',
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-label={current.label} className="mt-6">
        <Suspense
          fallback={
            <div className="flex justify-center py-12">
              <Spinner label={`Loading ${current.label.toLowerCase()}`} />
            </div>
          }
        >
          {tabs.map((tab) => tab.id === current.id && <tab.Panel key={tab.id} />)}
        </Suspense>
      </section>
    </div>
  );
}
