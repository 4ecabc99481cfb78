import { useState } from 'react';
import { Copy, Download, Mail, Pencil } from 'lucide-react';
import { Link } from '../../lib/router';
import { EVENT_ADMIN_TEXTS, type AdminEventRow } from '../../../shared/event-admin';
import { plural } from '../../../shared/plural';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button, ButtonLink } from '../../components/button';
import { paths } from '../../lib/paths';
import { AdminList } from './admin-list';
import { EventEmailDialog } from './event-email-dialog';
import { downloadAttendees, useAdminEvents, useDeleteEvent } from './events-api';
import { useRecentSignIn } from '../../components/recent-sign-in';

// The Events tab (spec 2 section 2): name, date, status, attendee and guest counts, capacity;
// per event Edit, Duplicate, Export attendees, Email attendees and Delete.

const STATUS_TONE = { upcoming: 'brand', ongoing: 'success', completed: 'neutral' } as const;

function formatDate(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

export default function EventsTab() {
  const events = useAdminEvents();
  const remove = useDeleteEvent();
  const [exporting, setExporting] = useState<string | null>(null);
  const [exportFailed, setExportFailed] = useState(false);
  const [emailing, setEmailing] = useState<AdminEventRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The attendee export asks for the password again after 15 minutes.
  const recent = useRecentSignIn();
  const timeZone = events.data?.timeZone ?? 'America/New_York';

  async function handleExport(event: AdminEventRow) {
    setExportFailed(false);
    setNotice(null);
    setExporting(event.id);
    try {
      await recent.guard(() => downloadAttendees(event.id));
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(null);
    }
  }

  return (
    <>
      <AdminList<AdminEventRow>
        tab="events"
        createHref={paths.eventCreate}
        createLabel="Create Event"
        query={events}
        items={events.data?.events}
        itemName={(e) => e.name}
        onDelete={async (e) => {
          setNotice(null);
          const result = await remove.mutateAsync(e.id);
          setNotice(
            result.notified > 0
              ? `${e.name} was deleted; ${plural(result.notified, 'person was', 'people were')} e-mailed that it is cancelled.`
              : `${e.name} was deleted.`,
          );
        }}
        deleteDescription={(e) =>
          e.attendeeCount + e.guestCount > 0
            ? `Its registrations (${plural(e.attendeeCount, 'attendee', 'attendees')}, ${plural(e.guestCount, 'guest', 'guests')}, and anyone waitlisted or maybe) and sponsor links are deleted with it, and everyone registered is e-mailed that the event is cancelled, with a calendar file that removes it. This cannot be undone.`
            : 'Its sponsor links and images are deleted with it. Anyone registered is e-mailed that the event is cancelled. This cannot be undone.'
        }
        toolbar={
          <div className="space-y-2">
            {recent.dialog}
            {exportFailed && <Alert tone="error">{EVENT_ADMIN_TEXTS.exportFailed}</Alert>}
            {notice && <Alert tone="success">{notice}</Alert>}
          </div>
        }
        renderItem={(e) => {
          // A series has many dates of one name: each button names its date too.
          const which = `${e.name}, ${formatDate(e.startTime, timeZone)}`;
          return (
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <div className="min-w-0 flex-1 basis-64">
                <p className="font-medium">
                  <Link to={paths.event(e.id)} className="hover:underline">
                    {e.name}
                  </Link>{' '}
                  <Badge tone={STATUS_TONE[e.status]} className="ml-1 capitalize">
                    {e.status}
                  </Badge>
                  {e.isFeatured && (
                    <Badge tone="brand" className="ml-1">
                      Featured
                    </Badge>
                  )}
                </p>
                <p className="text-sm text-fg-muted">
                  <time dateTime={e.startTime}>{formatDate(e.startTime, timeZone)}</time>
                </p>
                <p className="text-sm text-fg-muted">
                  {plural(e.attendeeCount, 'attendee', 'attendees')} · {plural(e.guestCount, 'guest', 'guests')} ·{' '}
                  {e.maxAttendees === null ? 'No capacity limit' : `Capacity ${e.maxAttendees}`}
                </p>
              </div>
              <div className="flex flex-wrap gap-1">
                <ButtonLink to={paths.eventEdit(e.id)} variant="ghost" size="sm" aria-label={`Edit ${which}`}>
                  <Pencil aria-hidden="true" />
                  Edit
                </ButtonLink>
                <ButtonLink
                  to={`${paths.eventCreate}?from=${encodeURIComponent(e.id)}`}
                  variant="ghost"
                  size="sm"
                  aria-label={`Duplicate ${which}`}
                >
                  <Copy aria-hidden="true" />
                  Duplicate
                </ButtonLink>
                <Button
                  variant="ghost"
                  size="sm"
                  loading={exporting === e.id}
                  onClick={() => void handleExport(e)}
                  aria-label={`Export attendees of ${which}`}
                >
                  <Download aria-hidden="true" />
                  Export attendees
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setNotice(null);
                    setEmailing(e);
                  }}
                  aria-label={`Email attendees of ${which}`}
                >
                  <Mail aria-hidden="true" />
                  Email attendees
                </Button>
              </div>
            </div>
          );
        }}
      />
      <EventEmailDialog
        event={emailing}
        onClose={() => setEmailing(null)}
        onSent={(sent) => setNotice(`Your e-mail was sent to ${plural(sent, 'person', 'people')}.`)}
      />
    </>
  );
}
