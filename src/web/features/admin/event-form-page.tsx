import { lazy, Suspense, type ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { useLocation, useParams, useSearchParams } from '../../lib/router';
import { EVENT_ADMIN_TEXTS } from '../../../shared/event-admin';
import { EVENT_NOT_FOUND, EVENT_NOT_FOUND_TEXT } from '../../../shared/events';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { PageSpinner } from '../../components/spinner';
import { NotFound } from '../../components/not-found';
import { ApiRequestError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EventForm } from './event-form-fields';
import { EventRemindersPanel } from './event-reminders-panel';
import { EventCheckInPanel } from './event-check-in-panel';
import { BadgeDownload } from '../../components/badge-download';
import { useAdminEvent, useCreateEvent, useDoorStaff, useEventDraft, useUpdateEvent } from './events-api';

// /events/create (and /events/create?from=<id>: Duplicate) and /events/:eventId/edit.

// The saved event's Insights (issue 34): its own chunk, which alone brings the chart library.
const EventInsightsSection = lazy(() => import('./insights-event-section'));

const BACK = paths.adminTab('events');
const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

function Frame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-6 space-y-4">
        {children}
        <ButtonLink to={BACK} variant="secondary">
          <ArrowLeft aria-hidden="true" />
          Back to Admin Dashboard
        </ButtonLink>
      </div>
    </div>
  );
}

/** The not-found page (spec 2 section 2: edit event, missing event). */
function EventNotFound() {
  return (
    <NotFound title={EVENT_NOT_FOUND} text={EVENT_NOT_FOUND_TEXT}>
      <ButtonLink to={BACK}>
        <ArrowLeft aria-hidden="true" />
        Back to Admin Dashboard
      </ButtonLink>
    </NotFound>
  );
}

export function EventCreatePage() {
  const [searchParams] = useSearchParams();
  const from = searchParams.get('from');
  const draft = useEventDraft(from);
  const create = useCreateEvent();

  if (draft.isPending) return <PageSpinner label="Loading event" />;
  if (draft.isError) {
    if (isNotFound(draft.error)) return <EventNotFound />;
    return (
      <Frame title="Create Event">
        <Alert tone="error">{EVENT_ADMIN_TEXTS.loadFailed}</Alert>
      </Frame>
    );
  }
  return (
    <EventForm
      key={from ?? 'new'}
      title="Create Event"
      submitLabel="Create Event"
      failedText={EVENT_ADMIN_TEXTS.createFailed}
      initial={draft.data.draft}
      timeZone={draft.data.timeZone}
      doorStaff={{ initial: [] }}
      save={(input) => create.mutateAsync(input)}
      repeats="new"
    />
  );
}

export function EventEditPage() {
  const { eventId = '' } = useParams();
  const event = useAdminEvent(eventId);
  const update = useUpdateEvent(eventId);
  const doorStaff = useDoorStaff(eventId);
  // Set when a new event was created but its door staff were not saved (event-form-fields.tsx).
  const failure = (useLocation().state as { failure?: string } | null)?.failure ?? null;

  if (!eventId) {
    return (
      <Frame title="Edit Event">
        <Alert tone="error">{EVENT_ADMIN_TEXTS.idMissing}</Alert>
      </Frame>
    );
  }
  if (event.isPending || doorStaff.isPending) return <PageSpinner label="Loading event" />;
  if (event.isError) {
    if (isNotFound(event.error)) return <EventNotFound />;
    return (
      <Frame title="Edit Event">
        <Alert tone="error">{EVENT_ADMIN_TEXTS.loadFailed}</Alert>
      </Frame>
    );
  }
  const { event: saved, timeZone } = event.data;
  return (
    <>
      <EventForm
        key={saved.id}
        title="Edit Event"
        submitLabel="Update Event"
        failedText={EVENT_ADMIN_TEXTS.updateFailed}
        initial={saved}
        eventId={saved.id}
        seatsTaken={saved.seatsTaken}
        timeZone={timeZone}
        reminders={<EventRemindersPanel eventId={saved.id} />}
        checkIn={<EventCheckInPanel eventId={saved.id} />}
        doorStaff={doorStaff.isError ? { unavailable: 'Failed to load door staff' } : { initial: doorStaff.data }}
        initialFailure={failure}
        save={(input) => update.mutateAsync(input)}
        repeats={saved.series ? { series: saved.series, cancelled: saved.cancelled } : undefined}
      />
      {/* Below the form, not in it: nothing here is sent with Update Event. */}
      <div className="mx-auto w-full max-w-3xl px-4 pb-8 sm:px-6">
        <div className="mb-6">
          <BadgeDownload eventId={saved.id} />
        </div>
        <Suspense fallback={<p className="text-sm text-fg-muted">Loading insights…</p>}>
          <EventInsightsSection eventId={saved.id} />
        </Suspense>
      </div>
    </>
  );
}
