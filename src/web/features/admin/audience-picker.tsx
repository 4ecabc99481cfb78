import { useId, useMemo, useState } from 'react';
import {
  ATTENDANCE_KINDS,
  ATTENDANCE_WORDS,
  AUDIENCE_EVENTS_MAX,
  AUDIENCE_KINDS,
  AUDIENCE_WORDS,
  type Audience,
  type AudienceCount,
  type AudienceKind,
} from '../../../shared/announcements';
import { SKILL_NAME_MAX } from '../../../shared/limits';
import { plural } from '../../../shared/plural';
import { Alert } from '../../components/alert';
import { fieldBorder } from '../../components/field-frame';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { cn } from '../../lib/cn';
import type { FieldErrors } from '../../lib/form';
import { recipientWords, type Attendance, type AudienceDraft } from './audience-draft';
import { useAdminEvents } from './events-api';

// Who an announcement is for (issue 35): one of the audiences in AUDIENCE_WORDS and what it
// needs (the events and who of their people, a skill, words of an offer or an ask, a date).
// Each kind keeps what was typed for it (audience-draft.ts). The controls are named by their path in the request (`audience.skill`), so the form hook puts a
// refusal (the schema's or the server's) on its control.

export function AudiencePicker({
  value,
  onChange,
  errors,
  disabled = false,
}: {
  value: AudienceDraft;
  onChange: (next: AudienceDraft) => void;
  errors: FieldErrors;
  disabled?: boolean;
}) {
  const set = <K extends keyof AudienceDraft>(key: K, v: AudienceDraft[K]) => onChange({ ...value, [key]: v });

  return (
    <div className="space-y-4">
      <SelectField
        label="Who gets it"
        name="audience"
        value={value.kind}
        disabled={disabled}
        error={errors.audience}
        onChange={(e) => set('kind', e.target.value as AudienceKind)}
        className="max-w-md"
      >
        {AUDIENCE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {AUDIENCE_WORDS[kind]}
          </option>
        ))}
      </SelectField>

      {value.kind === 'events' && (
        <>
          <EventChoice
            chosen={value.eventIds}
            onChange={(ids) => set('eventIds', ids)}
            error={errors['audience.eventIds']}
            disabled={disabled}
          />
          <SelectField
            label="Which of their people"
            name="audience.attendance"
            value={value.attendance}
            disabled={disabled}
            error={errors['audience.attendance']}
            onChange={(e) => set('attendance', e.target.value as Attendance)}
            className="max-w-md"
          >
            {ATTENDANCE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {ATTENDANCE_WORDS[kind]}
              </option>
            ))}
          </SelectField>
        </>
      )}
      {value.kind === 'skill' && (
        <TextField
          label="Skill"
          name="audience.skill"
          maxLength={SKILL_NAME_MAX}
          hint="Members who list this skill on their profile, like “Commercial Lending”."
          value={value.skill}
          disabled={disabled}
          error={errors['audience.skill']}
          onChange={(e) => set('skill', e.target.value)}
          className="max-w-md"
        />
      )}
      {value.kind === 'offer' && (
        <TextField
          label="What they offer"
          name="audience.text"
          maxLength={SKILL_NAME_MAX}
          hint="Words from what members say they can offer, like “mentoring”."
          value={value.offer}
          disabled={disabled}
          error={errors['audience.text']}
          onChange={(e) => set('offer', e.target.value)}
          className="max-w-md"
        />
      )}
      {value.kind === 'ask' && (
        <TextField
          label="What they look for"
          name="audience.text"
          maxLength={SKILL_NAME_MAX}
          hint="Words from what members say they are looking for, like “investors”."
          value={value.ask}
          disabled={disabled}
          error={errors['audience.text']}
          onChange={(e) => set('ask', e.target.value)}
          className="max-w-md"
        />
      )}
      {value.kind === 'joined-since' && (
        <TextField
          label="Joined on or after"
          name="audience.date"
          type="date"
          value={value.date}
          disabled={disabled}
          error={errors['audience.date']}
          onChange={(e) => set('date', e.target.value)}
          className="sm:max-w-xs"
        />
      )}
    </div>
  );
}

const eventDay = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/** The events to take attendees from: checkboxes, narrowed by a name filter (the chosen ones stay). */
function EventChoice({
  chosen,
  onChange,
  error,
  disabled,
}: {
  chosen: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  disabled: boolean;
}) {
  const id = useId();
  const events = useAdminEvents();
  const [filter, setFilter] = useState('');
  const timeZone = events.data?.timeZone ?? 'America/New_York';
  const shown = useMemo(() => {
    const all = events.data?.events ?? [];
    const words = filter.trim().toLowerCase();
    // The chosen ones stay in view whatever the filter says; the order stays the list's.
    return all.filter((e) => chosen.includes(e.id) || !words || e.name.toLowerCase().includes(words));
  }, [events.data, filter, chosen]);
  const full = chosen.length >= AUDIENCE_EVENTS_MAX;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function toggle(eventId: string, on: boolean) {
    onChange(on ? [...chosen, eventId] : chosen.filter((x) => x !== eventId));
  }

  return (
    <fieldset
      className="space-y-2"
      aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
      disabled={disabled}
    >
      <legend className="text-sm font-medium text-fg">Events</legend>
      <p id={hintId} className="text-sm text-fg-muted">
        {`Choose up to ${AUDIENCE_EVENTS_MAX}. ${plural(chosen.length, 'event')} chosen.`}
      </p>
      <TextField
        label="Find an event"
        name="eventFilter"
        type="search"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        className="max-w-md"
      />
      {events.isPending ? (
        <p className="flex items-center gap-2 text-sm text-fg-muted">
          <Spinner label="" /> Loading events…
        </p>
      ) : events.isError ? (
        <Alert tone="error">Failed to load events</Alert>
      ) : shown.length === 0 ? (
        <p className="text-sm text-fg-muted">No event matches.</p>
      ) : (
        <ul
          className={cn(
            'max-h-64 divide-y divide-line overflow-y-auto rounded-lg border bg-surface',
            fieldBorder(error),
          )}
        >
          {shown.map((event) => {
            const checked = chosen.includes(event.id);
            const boxId = `${id}-${event.id}`;
            return (
              <li key={event.id} className="flex items-start gap-3 px-3 py-2">
                <input
                  id={boxId}
                  type="checkbox"
                  // The first box shows the field's refusal (the form hook focuses it).
                  name="audience.eventIds"
                  value={event.id}
                  checked={checked}
                  disabled={!checked && full}
                  aria-invalid={error ? true : undefined}
                  onChange={(e) => toggle(event.id, e.target.checked)}
                  className="mt-0.5 size-6 shrink-0 rounded border-line-strong accent-brand"
                />
                <label htmlFor={boxId} className="min-h-6 text-sm text-fg">
                  <span className="font-medium">{event.name}</span>
                  <span className="text-fg-muted"> · {eventDay(event.startTime, timeZone)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** "12 members will get it; 3 turned Community news off.", said as the audience changes. */
export function RecipientCount({
  audience,
  count,
}: {
  audience: Audience | null;
  count: { data?: AudienceCount; isPending: boolean; isError: boolean; isFetching: boolean };
}) {
  const text =
    audience === null
      ? 'Finish choosing who gets it to see how many members will.'
      : count.isError
        ? 'Could not count the members.'
        : !count.data
          ? 'Counting members…'
          : recipientWords(count.data);
  return (
    <p className="text-sm font-medium text-fg" aria-live="polite" aria-busy={count.isFetching || undefined}>
      {text}
    </p>
  );
}
