import { useEffect, useRef, useState, type Ref } from 'react';
import { Link } from '../../lib/router';
import { Check, Clock, Mail, UserPlus, Users } from 'lucide-react';
// Types only, and the zod-free words: the event page must not bring the validation library.
import type { PersonToMeet } from '../../../shared/people-to-meet';
import { PEOPLE_TO_MEET } from '../../../shared/people-to-meet-texts';
import { Avatar } from '../../components/avatar';
import { Button, ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { TextLink } from '../../components/text-link';
import { ApiRequestError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { usePeopleToMeet, usePersonAction, type PersonAction } from './api';

export const PEOPLE_TO_MEET_INTRO = 'Attendees ranked by what they look for that you offer, and the other way round.';
export const ADD_OFFERS_AND_ASKS =
  'Add what you offer and what you are looking for on your dashboard to see who to meet.';
export const NO_ONE_TO_SUGGEST = 'No one to suggest yet. Check back as more members register.';
/** How many people show before "Show all". */
export const PEOPLE_SHOWN_FIRST = 6;

const nameOf = (person: PersonToMeet) => person.fullName?.trim() || person.username;
const roleOf = (person: PersonToMeet) =>
  person.position && person.company ? `${person.position} at ${person.company}` : person.position || person.company;

/**
 * Keeps the order people were first shown in while the section stays open: accepting a request
 * makes someone "connected", which the server ranks last, and a card jumping away under the
 * pointer (and taking keyboard focus with it) would be worse than a stale rank. New people join
 * at the end; people who left the list leave it. The next visit shows the server's order.
 */
function useSteadyOrder(people: PersonToMeet[] | undefined): PersonToMeet[] {
  const [order, setOrder] = useState<string[]>([]);
  if (!people) return [];
  const byId = new Map(people.map((p) => [p.id, p]));
  const kept = order.filter((id) => byId.has(id));
  const keptIds = new Set(kept);
  const next = [...kept, ...people.filter((p) => !keptIds.has(p.id)).map((p) => p.id)];
  if (next.length !== order.length || next.some((id, i) => id !== order[i])) setOrder(next);
  return next.map((id) => byId.get(id)!);
}

/**
 * "People to meet" on the event page, for a member registered for the event (attending or
 * maybe): the others ranked for them by the server, each with the reasons in words and
 * Connect and Message. The route composes it into the event page (app/routes/site-routes.tsx).
 */
export function PeopleToMeetSection({ eventId, registered }: { eventId: string; registered: boolean }) {
  const query = usePeopleToMeet(eventId, registered);
  const forbidden = query.error instanceof ApiRequestError && query.error.status === 403;
  if (!registered || forbidden) return null;
  return (
    <section aria-labelledby="people-to-meet" className="border-t border-line pt-10">
      <h2 id="people-to-meet" className="text-2xl font-semibold tracking-tight text-fg">
        {PEOPLE_TO_MEET}
      </h2>
      <p className="mt-2 text-fg-muted">{PEOPLE_TO_MEET_INTRO}</p>
      <div className="mt-6">
        {query.data ? (
          <PeopleList eventId={eventId} {...query.data} />
        ) : query.isError ? (
          <p className="text-fg-muted">
            People to meet could not be loaded.{' '}
            <Button variant="secondary" size="sm" className="ml-2" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </p>
        ) : (
          <PeopleSkeleton />
        )}
      </div>
    </section>
  );
}

function PeopleList({
  eventId,
  people,
  total,
  viewerHasOffersOrAsks,
}: {
  eventId: string;
  people: PersonToMeet[];
  total: number;
  viewerHasOffersOrAsks: boolean;
}) {
  const ordered = useSteadyOrder(people);
  const [showAll, setShowAll] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const action = usePersonAction(eventId);
  const firstRevealed = useRef<HTMLAnchorElement>(null);
  const revealing = useRef(false);
  const shown = showAll ? ordered : ordered.slice(0, PEOPLE_SHOWN_FIRST);

  // "Show all" goes away once pressed: focus moves to the first person it revealed.
  useEffect(() => {
    if (showAll && revealing.current) {
      revealing.current = false;
      firstRevealed.current?.focus();
    }
  }, [showAll]);

  const act = (next: PersonAction) => {
    if (action.isPending) return;
    const name = nameOf(next.person);
    setAnnouncement('');
    action.mutate(next, {
      onSuccess: () =>
        setAnnouncement(
          next.kind === 'connect' ? `Connection request sent to ${name}.` : `You are now connected with ${name}.`,
        ),
    });
  };

  return (
    <>
      {!viewerHasOffersOrAsks && (
        <p className="mb-6 rounded-xl border border-dashed border-line px-5 py-4 text-fg">
          {ADD_OFFERS_AND_ASKS}{' '}
          <TextLink to={paths.dashboard} className="whitespace-nowrap underline">
            Go to your dashboard
          </TextLink>
        </p>
      )}
      {ordered.length === 0 ? (
        viewerHasOffersOrAsks && <EmptyState icon={Users} title={NO_ONE_TO_SUGGEST} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((person, i) => (
            <PersonCard
              key={person.id}
              person={person}
              linkRef={i === PEOPLE_SHOWN_FIRST ? firstRevealed : undefined}
              busy={action.isPending && action.variables?.person.id === person.id}
              onAction={act}
            />
          ))}
        </ul>
      )}
      {!showAll && ordered.length > PEOPLE_SHOWN_FIRST && (
        <Button
          variant="secondary"
          className="mt-6"
          onClick={() => {
            revealing.current = true;
            setShowAll(true);
          }}
        >
          Show all {ordered.length}
        </Button>
      )}
      {showAll && total > ordered.length && (
        <p className="mt-4 text-sm text-fg-muted">
          The {ordered.length} strongest matches of {total} are shown.
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

function PersonCard({
  person,
  linkRef,
  busy,
  onAction,
}: {
  person: PersonToMeet;
  linkRef?: Ref<HTMLAnchorElement>;
  busy: boolean;
  onAction: (action: PersonAction) => void;
}) {
  const name = nameOf(person);
  const role = roleOf(person);
  return (
    <li className="flex min-w-0 flex-col rounded-xl border border-line bg-surface p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <Avatar name={name} src={person.avatarUrl} size="md" />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-fg">
            <Link
              ref={linkRef}
              to={paths.profile(person.username)}
              className="rounded-sm underline-offset-4 hover:underline"
            >
              {name}
            </Link>
          </h3>
          {role && <p className="text-sm break-words text-fg-muted">{role}</p>}
        </div>
      </div>
      <ul aria-label={`Why meet ${name}`} className="mt-3 flex-1 space-y-1 text-sm text-fg">
        {person.reasons.map((reason) => (
          <li key={reason} className="break-words first-letter:uppercase">
            {reason}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <RelationButton person={person} name={name} busy={busy} onAction={onAction} />
        <ButtonLink to={paths.compose(person.username)} variant="secondary" size="sm" aria-label={`Message ${name}`}>
          <Mail aria-hidden="true" />
          Message
        </ButtonLink>
      </div>
    </li>
  );
}

/**
 * One button element whatever the relation, so keyboard focus stays on it as Connect turns into
 * Request sent (or Accept into Connected); the states with nothing left to do are aria-disabled,
 * which keeps them focusable.
 */
function RelationButton({
  person,
  name,
  busy,
  onAction,
}: {
  person: PersonToMeet;
  name: string;
  busy: boolean;
  onAction: (action: PersonAction) => void;
}) {
  const state = {
    none: {
      label: 'Connect',
      aria: `Connect with ${name}`,
      Icon: UserPlus,
      onClick: () => onAction({ kind: 'connect', person }),
    },
    'pending-outgoing': { label: 'Request sent', aria: `Request sent to ${name}`, Icon: Clock, onClick: undefined },
    'pending-incoming': {
      label: 'Accept',
      aria: `Accept ${name}’s connection request`,
      Icon: Check,
      onClick: () => person.connectionId && onAction({ kind: 'accept', person }),
    },
    connected: { label: 'Connected', aria: `Connected with ${name}`, Icon: Check, onClick: undefined },
  }[person.relation];
  const done = !state.onClick;
  return (
    <Button
      size="sm"
      variant={done ? 'secondary' : 'primary'}
      aria-label={state.aria}
      aria-disabled={done || undefined}
      loading={busy}
      onClick={state.onClick}
    >
      {!busy && <state.Icon aria-hidden="true" />}
      {state.label}
    </Button>
  );
}

/** The heading stays; three cards the size of real ones hold the place while the list loads. */
function PeopleSkeleton() {
  return (
    <div role="status">
      <span className="sr-only">Loading people to meet</span>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="rounded-xl border border-line bg-surface p-5 shadow-sm">
            <div className="flex items-start gap-3">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex-1 space-y-2 pt-1">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
            <Skeleton className="mt-4 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-4/5" />
            <div className="mt-5 flex gap-2">
              <Skeleton className="h-8 w-24 rounded-lg" />
              <Skeleton className="h-8 w-24 rounded-lg" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
