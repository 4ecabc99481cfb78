import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { DoorStaffResponse } from '../../../shared/check-in';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../shared/search-texts';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { useMemberSearch } from './events-api';

// The event form's "Door staff": members who may open this event's check-in screen. Chosen here
// and saved with the event (Cancel drops the change), like its sponsors.

export type DoorStaffMember = DoorStaffResponse['staff'][number];

export const DOOR_STAFF_TEXT =
  "Door staff can open this event's check-in screen and admit people. They see nothing else of the admin area.";

export const DOOR_STAFF_FAILED = 'The event is saved, but its door staff are not';

const SEARCH_ID = 'event-door-staff-search';
const nameOf = (m: { username: string; fullName: string | null }) => m.fullName || m.username;

/** The search box's text, sent once typing pauses. */
function useSettled(text: string, delay = 250) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return settled;
}

export function EventDoorStaff({
  value,
  onChange,
  unavailable,
  error,
}: {
  value: DoorStaffMember[];
  onChange: (staff: DoorStaffMember[]) => void;
  /** Why the staff cannot be changed now (they failed to load). */
  unavailable?: string;
  error?: string;
}) {
  const heading = useId();
  const [text, setText] = useState('');
  const q = useSettled(text);
  const search = useMemberSearch(q);
  const chosen = new Set(value.map((m) => m.id));
  const found = q ? (search.data ?? []).filter((m) => !chosen.has(m.id)) : [];

  // The pressed button leaves the list: the search box takes the focus, ready for the next one.
  const change = (staff: DoorStaffMember[]) => {
    onChange(staff);
    document.getElementById(SEARCH_ID)?.focus();
  };

  // Enter in the search box would submit the whole event form.
  const keepEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') e.preventDefault();
  };

  return (
    <section aria-labelledby={heading} className="space-y-3 rounded-xl border border-line p-4">
      <h2 id={heading} className="text-base font-semibold">
        Door staff
      </h2>
      <p className="text-sm text-fg-muted">{DOOR_STAFF_TEXT}</p>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
      {unavailable ? (
        <p className="text-sm text-danger-text">{unavailable}</p>
      ) : (
        <>
          {value.length === 0 ? (
            <p className="text-sm text-fg">No door staff: only admins can open the check-in screen.</p>
          ) : (
            <ul aria-label="Chosen door staff" className="space-y-1">
              {value.map((m) => (
                <li
                  key={m.id}
                  className="flex min-h-10 items-center justify-between gap-3 rounded-lg bg-surface-2 px-3"
                >
                  <span className="text-sm">
                    <span className="font-medium">{nameOf(m)}</span>{' '}
                    <span className="text-fg-muted">@{m.username}</span>
                  </span>
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    aria-label={`Remove ${nameOf(m)}`}
                    onClick={() => change(value.filter((s) => s.id !== m.id))}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <TextField
            id={SEARCH_ID}
            name="doorStaffSearch"
            type="search"
            label="Find a member"
            hint="By username or name; then choose Add."
            autoComplete="off"
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={keepEnter}
          />
          {q && (
            <p role="status" className="text-sm text-fg-muted">
              {search.isError
                ? 'Failed to search members'
                : search.isPending
                  ? 'Searching…'
                  : found.length === 0
                    ? 'No member found'
                    : `${found.length} ${found.length === 1 ? 'member' : 'members'} found`}
            </p>
          )}
          {found.length > 0 && (
            <ul aria-label="Members found" className="space-y-1">
              {found.map((m) => (
                <li key={m.id} className="flex min-h-10 items-center justify-between gap-3 px-3">
                  <span className="text-sm">
                    <span className="font-medium">{nameOf(m)}</span>{' '}
                    <span className="text-fg-muted">@{m.username}</span>
                  </span>
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    aria-label={`Add ${nameOf(m)}`}
                    onClick={() => change([...value, { id: m.id, username: m.username, fullName: m.fullName }])}
                  >
                    Add
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
