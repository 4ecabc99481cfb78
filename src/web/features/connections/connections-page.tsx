import { Check, Inbox, X } from 'lucide-react';
import { NO_PENDING_REQUESTS } from '../../../shared/connections';
import { Alert } from '../../components/alert';
import { CountBadge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConnectionsList } from '../../components/connections-list';
import { EmptyState } from '../../components/empty-state';
import { PersonLink } from '../../components/person-link';
import { Skeleton } from '../../components/skeleton';
import { TextLink } from '../../components/text-link';
import { LoadError } from '../../components/load-error';
import { useConnections } from '../../lib/connections';
import { shortDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRespondToRequest } from './api';

export const REQUESTS_LOAD_ERROR = 'Failed to load connection requests';
export const ACCEPT_ERROR = 'Failed to accept connection request';
export const REJECT_ERROR = 'Failed to reject connection request';

export function ConnectionsPage() {
  useDocumentTitle('Connection Requests');
  const connections = useConnections();
  const respond = useRespondToRequest();
  const incoming = connections.data?.incoming ?? [];
  const answering = respond.isPending ? respond.variables.id : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight text-fg">Connection Requests</h1>
        <p className="mt-2 text-fg-muted">
          Members who asked to connect with you. Find more people in the{' '}
          <TextLink to={paths.community}>community directory</TextLink>.
        </p>
      </header>

      <section aria-labelledby="requests-heading" className="mt-8">
        <Card>
          <h2 id="requests-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
            Pending Requests
            <CountBadge count={incoming.length} label="pending" />
          </h2>
          <div className="mt-4">
            {respond.isError && (
              <Alert tone="error" className="mb-4" title={respond.variables.accept ? ACCEPT_ERROR : REJECT_ERROR}>
                {respond.error.message}
              </Alert>
            )}
            {connections.isPending ? (
              <div role="status" className="space-y-3">
                <span className="sr-only">Loading connection requests</span>
                {[0, 1].map((i) => (
                  <div key={i} className="flex items-center gap-3 p-2">
                    <Skeleton className="size-10 rounded-full" />
                    <div className="flex-1 space-y-2">
                      <Skeleton className="h-4 w-40" />
                      <Skeleton className="h-3 w-24" />
                    </div>
                    <Skeleton className="h-8 w-40" />
                  </div>
                ))}
              </div>
            ) : connections.isError && !connections.data ? (
              <LoadError title={REQUESTS_LOAD_ERROR} query={connections} />
            ) : incoming.length === 0 ? (
              <EmptyState icon={Inbox} title={NO_PENDING_REQUESTS} />
            ) : (
              <ul className="divide-y divide-line">
                {incoming.map((request) => (
                  <li
                    key={request.id}
                    className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0">
                      <PersonLink person={request.requester} className="-ml-2" />
                      <p className="text-xs text-fg-muted sm:pl-[3.25rem]">
                        Requested <time dateTime={request.createdAt}>{shortDate(request.createdAt)}</time>
                      </p>
                    </div>
                    <div className="flex shrink-0 gap-2">
                      <Button
                        size="sm"
                        loading={answering === request.id && respond.variables?.accept}
                        disabled={answering === request.id}
                        onClick={() => respond.mutate({ id: request.id, accept: true })}
                      >
                        <Check aria-hidden="true" />
                        Approve
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={answering === request.id && respond.variables?.accept === false}
                        disabled={answering === request.id}
                        onClick={() => respond.mutate({ id: request.id, accept: false })}
                      >
                        <X aria-hidden="true" />
                        Decline
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Card>
      </section>

      <section aria-labelledby="my-connections-heading" className="mt-6">
        <Card>
          <h2 id="my-connections-heading" className="text-lg font-semibold text-fg">
            My Connections
          </h2>
          <div className="mt-4">
            <ConnectionsList
              connections={connections.data?.connections}
              isPending={connections.isPending}
              isError={connections.isError}
              onRetry={() => void connections.refetch()}
            />
          </div>
        </Card>
      </section>
    </div>
  );
}
