import { Laptop } from 'lucide-react';
import { SESSIONS_TITLE, type MemberSession } from '../../../shared/sessions';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { LoadError } from '../../components/load-error';
import { Skeleton } from '../../components/skeleton';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/dates';
import { useSignOut } from '../../lib/session';
import { useEndOtherSessions, useEndSession, useSessions } from './sessions-api';

export const SIGN_OUT_OTHERS_LABEL = 'Sign out everywhere else';

/** "Active today", "Active yesterday", "Active on March 5, 2026": sessions are renewed daily. */
function activity(iso: string): string {
  const days = Math.floor((startOfDay(new Date()) - startOfDay(new Date(iso))) / 86_400_000);
  if (days <= 0) return 'Active today';
  if (days === 1) return 'Active yesterday';
  return `Active on ${shortDate(iso)}`;
}
const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** The member's sessions on the dashboard: which browsers are signed in, and signing them out. */
export function SessionsSection() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const signOut = useSignOut();
  const list = sessions.data?.sessions;
  const others = list?.filter((s) => !s.current).length ?? 0;
  const failure = endOne.error ?? endOthers.error;

  const end = (item: MemberSession) =>
    endOne.mutate(item.id, { onSuccess: ({ current }) => current && void signOut() });

  return (
    <section id="sessions" aria-labelledby="sessions-heading" className="scroll-mt-24">
      <Card>
        <h2 id="sessions-heading" className="text-lg font-semibold text-fg">
          {SESSIONS_TITLE}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          A browser you do not recognise? Sign it out, then change your password.
        </p>
        {failure && (
          <Alert tone="error" className="mt-3">
            {errorMessage(failure)}
          </Alert>
        )}
        {!list ? (
          sessions.isError ? (
            <LoadError title="Could not load your sessions" query={sessions} className="mt-3" />
          ) : (
            <Skeleton className="mt-3 h-24 w-full" />
          )
        ) : (
          <>
            <ul className="mt-4 divide-y divide-line">
              {list.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center gap-3 py-3">
                  <Laptop aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-fg">
                      {item.browser} on {item.system}
                      {item.current && <span className="ml-2 text-sm font-normal text-success-text">This device</span>}
                    </p>
                    <p className="text-sm text-fg-muted">
                      {activity(item.lastActiveAt)} · signed in {shortDate(item.signedInAt)}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Sign out ${item.browser} on ${item.system}${item.current ? ' (this device)' : ''}`}
                    loading={endOne.isPending && endOne.variables === item.id}
                    onClick={() => end(item)}
                  >
                    Sign out
                  </Button>
                </li>
              ))}
            </ul>
            {others > 0 && (
              <Button
                className="mt-3"
                variant="secondary"
                loading={endOthers.isPending}
                onClick={() => endOthers.mutate()}
              >
                {SIGN_OUT_OTHERS_LABEL}
              </Button>
            )}
          </>
        )}
      </Card>
    </section>
  );
}
