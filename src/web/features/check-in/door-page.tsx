import { BadgeDownload, useBadgeDownload } from '../../components/badge-download';
import { useCallback, useEffect, useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, useParams } from '../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CloudOff, RotateCw } from 'lucide-react';
import { DEVICE_MAX, CODE_MAX, DOOR_TITLE, OUTCOME_WORDS, type DoorResponse } from '../../../shared/check-in';
import { localDate, toInstant } from '../../../shared/event-admin';
import { EVENT_NOT_FOUND, EVENT_NOT_FOUND_TEXT } from '../../../shared/event-texts';
import { plural } from '../../../shared/plural';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { NotFound } from '../../components/not-found';
import { PageSpinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { keepForOffline } from '../../lib/service-worker';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SITE_TIME_ZONE, formatLongDate, formatTimeWithZone } from '../../lib/site-dates';
import { doorKey, postScan, useDoor } from './api';
import { formatTime } from './format';
import { countsWithQueued, readDevice, saveDevice, useOfflineQueue, withQueued, type Conflict } from './offline-queue';
import { ResultPanel } from './result-panel';
import { Scanner } from './scanner';
import { RosterSearch } from './search';
import { useDoorActions } from './use-door-actions';

// The door screen: admins and the event's door staff admit people by their ticket's QR code
// (camera, a photo, a hardware scanner or typed), or by name. Works offline (offline-queue.ts).

const page = 'mx-auto max-w-3xl space-y-8 px-4 py-6 sm:px-6 sm:py-10';

const subscribeOnline = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};
const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

export function DoorPage() {
  const { eventId = '' } = useParams();
  const door = useDoor(eventId);
  const status = door.error instanceof ApiRequestError ? door.error.status : null;
  const loaded = Boolean(door.data);
  useEffect(() => {
    // The first visit loaded before the service worker was in control: hand it this screen, so
    // a reload at the venue without a connection still opens it.
    if (loaded) void keepForOffline(['/api/me', `/api/events/${eventId}/door`]).catch(() => undefined);
  }, [loaded, eventId]);
  useDocumentTitle(door.data && status !== 403 ? `${DOOR_TITLE}: ${door.data.event.name}` : DOOR_TITLE);

  if (status === 404) {
    return (
      <NotFound title={EVENT_NOT_FOUND} text={EVENT_NOT_FOUND_TEXT}>
        <ButtonLink to={paths.events}>
          <ArrowLeft aria-hidden="true" />
          Back to Events
        </ButtonLink>
      </NotFound>
    );
  }
  if (status === 403 || (door.isError && !door.data)) {
    return (
      <div className={page}>
        <h1 className="text-3xl font-bold tracking-tight text-fg">{DOOR_TITLE}</h1>
        <Alert tone="error" title={status === 403 ? errorMessage(door.error) : 'The door’s list could not load.'}>
          {status === 403 ? (
            <Link to={paths.event(eventId)} className="font-medium underline underline-offset-4">
              Back to the event
            </Link>
          ) : (
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void door.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          )}
        </Alert>
      </div>
    );
  }
  if (!door.data) return <PageSpinner />;
  // Keyed by event: another event's door starts with its own queue and state.
  return <DoorScreen key={eventId} eventId={eventId} door={door.data} />;
}

function DoorScreen({ eventId, door }: { eventId: string; door: DoorResponse }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [device, setDevice] = useState(readDevice);
  const [deviceError, setDeviceError] = useState('');
  const [code, setCode] = useState('');
  const codeFieldId = useId();
  const deviceFieldId = useId();
  // Focus goes back to the code field after every scan: the next one can follow at once.
  const focusCode = () => document.getElementById(codeFieldId)?.focus();

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: doorKey(eventId) }),
    [queryClient, eventId],
  );
  const send = useCallback(
    (item: { code: string; device: string; scannedAt: string }) => postScan(eventId, item),
    [eventId],
  );
  const queue = useOfflineQueue(eventId, send, refresh, (c) => door.tickets.find((t) => t.code === c)?.name);

  const tickets = withQueued(door.tickets, queue.queue);
  const counts = countsWithQueued(door.counts, door.tickets, tickets);
  const byCode = (c: string | undefined) => (c ? tickets.find((t) => t.code === c) : undefined);
  const badges = useBadgeDownload(eventId);
  const { admit, undo, scan, notice, problem, setProblem, busy } = useDoorActions({
    eventId,
    tickets,
    device,
    queue,
    refresh,
    askDevice: () => {
      setDeviceError('Name this device first (for example Front door).');
      document.getElementById(deviceFieldId)?.focus();
    },
    focusCode,
  });
  const shownTicket = scan?.ticket ? (byCode(scan.ticket.code) ?? scan.ticket) : null;
  const guests =
    shownTicket?.kind === 'member' ? tickets.filter((t) => t.kind === 'guest' && t.hostCode === shownTicket.code) : [];

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code;
    setCode('');
    await admit(value, 'code');
    focusCode();
  };

  // A camera or photo scan leaves focus where it is (on a phone, focusing the code field would
  // open the keyboard over the camera); only focus that was lost goes back to the code field.
  const handleScanned = (scanned: string) => {
    void admit(scanned, 'code').then(() => {
      if (!document.activeElement || document.activeElement === document.body) focusCode();
    });
  };

  return (
    <div className={page}>
      <div>
        <Link
          to={paths.event(eventId)}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-fg-muted hover:text-fg"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to the event
        </Link>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-fg">{DOOR_TITLE}</h1>
        <p className="mt-1 text-lg break-words text-fg-muted">{door.event.name}</p>
        <StartNotice startTime={door.event.startTime} />
      </div>

      <section aria-labelledby="door-counts-heading">
        <h2 id="door-counts-heading" className="sr-only">
          Counts
        </h2>
        <dl className="grid grid-cols-3 gap-2 text-center">
          <Count label="Checked in" value={`${counts.checkedIn} / ${counts.registered}`} />
          <Count label="Guests checked in" value={String(counts.guestsCheckedIn)} />
          <Count label="Still expected" value={String(counts.expected)} />
        </dl>
        <div role="status" className="mt-3 space-y-1 text-base font-medium text-fg">
          {!online && (
            <p className="flex items-center gap-2">
              <CloudOff className="size-5 shrink-0" aria-hidden="true" />
              Offline: scans are decided from the list on this device.
            </p>
          )}
          {queue.queue.length > 0 && <p>{plural(queue.queue.length, 'scan')} waiting to be sent</p>}
        </div>
      </section>

      <TextField
        id={deviceFieldId}
        name="device"
        label="This device"
        hint="For example Front door. Other door devices see this name when a ticket was already scanned here."
        value={device}
        maxLength={DEVICE_MAX}
        autoComplete="off"
        error={deviceError || undefined}
        onChange={(event) => {
          setDevice(event.target.value);
          saveDevice(event.target.value);
          setDeviceError('');
        }}
      />

      <ResultPanel
        scan={scan}
        ticket={shownTicket}
        guests={guests}
        notice={notice}
        busy={busy}
        onAdmit={(guest) => void admit(guest.code, 'guest')}
        onUndo={(ticket) => void undo(ticket, ticket.code === scan?.ticket?.code ? 'panel' : 'guest')}
      />

      {problem && <Alert tone="error">{problem}</Alert>}

      <form onSubmit={(event) => void handleSubmit(event)} className="flex flex-wrap items-end gap-3">
        <TextField
          id={codeFieldId}
          name="code"
          label="Ticket code"
          hint="Type or paste the code under the QR image; a hardware scanner types it and presses Enter."
          value={code}
          maxLength={CODE_MAX}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          className="min-w-0 flex-1 basis-64"
          onChange={(event) => setCode(event.target.value)}
        />
        {/* Never busy: a hardware scanner may send the next code while one is on its way. */}
        <Button type="submit" size="lg">
          Check in
        </Button>
      </form>

      <section aria-labelledby="door-camera-heading" className="space-y-3">
        <h2 id="door-camera-heading" className="text-xl font-semibold text-fg">
          Scan a QR code
        </h2>
        <Scanner onCode={handleScanned} onProblem={setProblem} />
      </section>

      <RosterSearch
        tickets={tickets}
        busy={busy}
        onAdmit={(ticket) => void admit(ticket.code, 'list')}
        onUndo={(ticket) => void undo(ticket, 'list')}
        onPrint={(ticket) => void badges.download({ ticket: ticket.shortCode }, ticket.shortCode)}
        printing={badges.busy}
      />
      {badges.problem && <Alert tone="error">{badges.problem}</Alert>}

      <BadgeDownload eventId={eventId} />

      {queue.conflicts.length > 0 && <Conflicts conflicts={queue.conflicts} onClear={queue.clearConflicts} />}

      <section aria-labelledby="door-help-heading" className="space-y-2 text-fg-muted">
        <h2 id="door-help-heading" className="text-xl font-semibold text-fg">
          When the connection drops
        </h2>
        <p>
          Keep scanning. This device decides from the list it keeps and sends its scans when the connection returns. The
          first admission of a ticket to reach the server counts: if another door device admitted the same ticket first,
          this device lists it under Conflicts.
        </p>
      </section>
    </div>
  );
}

/** The longest wait a timer takes (setTimeout's limit is about 24.8 days). */
const TIMER_MAX_MS = 2 ** 31 - 1;

/** The next midnight on the community's calendar after `now` (ms): when "on Thursday" becomes
 * "today". */
function nextSiteMidnight(now: number): number {
  const tomorrow = new Date(`${localDate(new Date(now), SITE_TIME_ZONE)}T00:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const at = toInstant(`${tomorrow.toISOString().slice(0, 10)}T00:00`, SITE_TIME_ZONE)?.getTime();
  return at !== undefined && at > now ? at : now + 24 * 60 * 60 * 1000;
}

/** Before the event starts, when it does: in the community's time zone, "today" on its day. On a
 * screen left open, it says "today" from midnight and goes away at the start. */
function StartNotice({ startTime }: { startTime: string }) {
  const start = Date.parse(startTime);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (now >= start) return;
    const next = Math.min(start, nextSiteMidnight(now));
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - now, TIMER_MAX_MS));
    return () => clearTimeout(timer);
  }, [now, start]);
  if (now >= start) return null;
  const today = formatLongDate(new Date(now).toISOString()) === formatLongDate(startTime);
  const day = today ? 'today' : `on ${formatLongDate(startTime)}`;
  return (
    <Alert tone="info" className="mt-4" title={`This event starts ${day} at ${formatTimeWithZone(startTime)}.`}>
      Check-ins made before then count too.
    </Alert>
  );
}

function Count({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col-reverse rounded-xl border border-line bg-surface p-3">
      <dt className="text-sm font-medium text-fg-muted">{label}</dt>
      <dd className="text-2xl font-bold text-fg tabular-nums sm:text-3xl">{value}</dd>
    </div>
  );
}

function conflictText(conflict: Conflict): string {
  const ours = `this device’s scan at ${formatTime(conflict.scannedAt)} was not counted`;
  if (conflict.outcome === 'already' && conflict.at && conflict.device) {
    return `${conflict.name} was already checked in at ${formatTime(conflict.at)} by ${conflict.device}; ${ours}.`;
  }
  return `${conflict.name}: ${ours} (${OUTCOME_WORDS[conflict.outcome]}).`;
}

function Conflicts({ conflicts, onClear }: { conflicts: Conflict[]; onClear: () => void }) {
  return (
    <section aria-labelledby="door-conflicts-heading" className="space-y-3">
      <h2 id="door-conflicts-heading" className="text-xl font-semibold text-fg">
        Conflicts
      </h2>
      <div role="status">
        <ul className="space-y-2">
          {conflicts.map((conflict) => (
            <li key={conflict.id} className="rounded-lg border border-danger/30 bg-danger-soft p-3 text-danger-text">
              {conflictText(conflict)}
            </li>
          ))}
        </ul>
      </div>
      <Button variant="secondary" onClick={onClear}>
        Clear conflicts
      </Button>
    </section>
  );
}
