import { useRef, useState } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { CalendarX, Repeat } from 'lucide-react';
import { addDays, describeSchedule, recurrenceRule, ruleDates, WEEKDAYS } from '../../../shared/recurrence';
import { SERIES_TEXTS_UI, SERIES_UI_MESSAGES, type AdminSeriesResponse, type SeriesLink } from '../../../shared/series';
import { plural } from '../../../shared/plural';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { textLinkClasses } from '../../components/text-link';
import { withServerReason, type FieldErrors } from '../../lib/form';
import { paths } from '../../lib/paths';
import { savedState } from '../../components/saved-status';
import { useCancelDate, useEndSeries } from './events-api';
import {
  isDate,
  monthlyChoices,
  ORDINAL_WORDS,
  ruleDraft,
  type EndsKind,
  type MonthlyOn,
  type RepeatFrequency,
  type RepeatState,
  type SeriesScope,
} from './series-rule';

// The event form's series part (issue 33): "Repeats" on a new event, and on a date of a series
// the series it belongs to, which dates a save changes, and cancelling the date or ending the
// series. The rule is the shared `recurrenceRule`; its field errors come back as `repeat.<path>`.

/** Minutes between two wall times ('YYYY-MM-DDTHH:MM'), or null. */
function wallMinutes(start: string, end: string): number | null {
  const a = Date.parse(`${start}:00Z`);
  const b = Date.parse(`${end}:00Z`);
  return Number.isFinite(a) && Number.isFinite(b) && b > a ? (b - a) / 60_000 : null;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const formatDay = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`));

const PREVIEW_DATES = 4;

const radio = 'size-6 shrink-0 accent-brand';
const choice = 'flex min-h-8 cursor-pointer items-center gap-3 text-sm text-fg';
const groupFrame = 'space-y-2 rounded-lg border border-line p-3';
const legend = 'px-1 text-sm font-medium text-fg';

function errorId(field: string) {
  return `${field.replace(/\./g, '-')}-error`;
}

function FieldError({ field, errors }: { field: string; errors: FieldErrors }) {
  const message = errors[field];
  if (!message) return null;
  return (
    <p id={errorId(field)} className="text-sm font-medium text-danger-text">
      {message}
    </p>
  );
}

/**
 * "Repeats": does not repeat, weekly (every N weeks, on weekdays) or monthly (on day N, the nth
 * weekday, the last weekday), ending never, after N dates or on a date; the schedule in words and
 * the next dates, as the admin types.
 */
export function SeriesFields({
  value,
  onChange,
  startTime,
  endTime,
  errors,
  clearError,
  allowNone = true,
}: {
  value: RepeatState;
  onChange: (next: RepeatState) => void;
  /** The form's start and end (wall times, 'YYYY-MM-DDTHH:MM'). */
  startTime: string;
  endTime: string;
  errors: FieldErrors;
  clearError: (field: string) => void;
  /** A series' own Repeats has no "Does not repeat". */
  allowNone?: boolean;
}) {
  const startDate = startTime.slice(0, 10);
  const choices = monthlyChoices(startDate);
  const set = (patch: Partial<RepeatState>, field?: string) => {
    onChange({ ...value, ...patch });
    if (field) clearError(field);
  };
  const unit = value.frequency === 'weekly' ? 'weeks' : 'months';

  const parsed = recurrenceRule.safeParse(ruleDraft(value, startDate));
  const duration = wallMinutes(startTime, endTime);
  const rule = parsed.success ? parsed.data : null;
  const schedule = rule && duration !== null ? describeSchedule(rule, startTime.slice(11, 16), duration) : null;
  const upcoming =
    rule && isDate(startDate) ? ruleDates(rule, startDate, addDays(startDate, 3 * 366)).slice(0, PREVIEW_DATES) : [];

  const frequencies: [RepeatFrequency, string][] = [
    ...(allowNone ? ([['none', SERIES_TEXTS_UI.doesNotRepeat]] as [RepeatFrequency, string][]) : []),
    ['weekly', 'Weekly'],
    ['monthly', 'Monthly'],
  ];

  return (
    <fieldset
      className="space-y-4 rounded-xl border border-line p-4"
      aria-describedby={errors['repeat.frequency'] ? errorId('repeat.frequency') : undefined}
    >
      <legend className="px-1 text-base font-semibold">{SERIES_TEXTS_UI.repeats}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-1">
        {frequencies.map(([frequency, label]) => (
          <label key={frequency} className={choice}>
            <input
              type="radio"
              name="repeat.frequency"
              value={frequency}
              checked={value.frequency === frequency}
              onChange={() => {
                // Weekly starts on the start date's weekday: a rule that includes the first date.
                const weekdays = value.weekdays.length || !choices ? value.weekdays : [choices.weekday];
                set({ frequency, weekdays }, 'repeat.frequency');
              }}
              className={radio}
            />
            {label}
          </label>
        ))}
      </div>
      <FieldError field="repeat.frequency" errors={errors} />

      {value.frequency !== 'none' && (
        <>
          <TextField
            id="repeat-interval"
            name="repeat.interval"
            label={`Repeat every (${unit})`}
            type="number"
            inputMode="numeric"
            min={1}
            max={12}
            step={1}
            className="max-w-xs"
            value={value.interval}
            error={errors['repeat.interval']}
            onChange={(e) => set({ interval: e.target.value }, 'repeat.interval')}
          />

          {value.frequency === 'weekly' ? (
            <fieldset
              className={groupFrame}
              aria-describedby={errors['repeat.weekdays'] ? errorId('repeat.weekdays') : undefined}
            >
              <legend className={legend}>On</legend>
              <div className="flex flex-wrap gap-x-5 gap-y-1">
                {WEEKDAYS.map((name, day) => (
                  <label key={name} className={choice}>
                    <input
                      type="checkbox"
                      data-field="repeat.weekdays"
                      checked={value.weekdays.includes(day)}
                      aria-invalid={errors['repeat.weekdays'] ? true : undefined}
                      onChange={(e) =>
                        set(
                          {
                            weekdays: e.target.checked
                              ? [...value.weekdays, day].sort((a, b) => a - b)
                              : value.weekdays.filter((d) => d !== day),
                          },
                          'repeat.weekdays',
                        )
                      }
                      className={radio}
                    />
                    {name}
                  </label>
                ))}
              </div>
              <FieldError field="repeat.weekdays" errors={errors} />
            </fieldset>
          ) : (
            <fieldset className={groupFrame}>
              <legend className={legend}>On</legend>
              {choices ? (
                (
                  [
                    ['day', `On day ${choices.day}`],
                    ...(choices.nth <= 5
                      ? [['nth', `On the ${ORDINAL_WORDS[choices.nth - 1]} ${WEEKDAYS[choices.weekday]}`]]
                      : []),
                    ...(choices.lastWeek ? [['last', `On the last ${WEEKDAYS[choices.weekday]}`]] : []),
                  ] as [MonthlyOn, string][]
                ).map(([on, label]) => (
                  <label key={on} className={choice}>
                    <input
                      type="radio"
                      name="repeat.monthlyOn"
                      value={on}
                      checked={value.monthlyOn === on}
                      onChange={() => set({ monthlyOn: on })}
                      className={radio}
                    />
                    {label}
                  </label>
                ))
              ) : (
                <p className="text-sm text-fg-muted">{SERIES_UI_MESSAGES.startFirst}</p>
              )}
            </fieldset>
          )}

          <fieldset className={groupFrame}>
            <legend className={legend}>Ends</legend>
            {(
              [
                ['never', 'Never'],
                ['count', 'After a number of dates'],
                ['until', 'On a date'],
              ] as [EndsKind, string][]
            ).map(([ends, label]) => (
              <label key={ends} className={choice}>
                <input
                  type="radio"
                  name="repeat.ends"
                  value={ends}
                  checked={value.ends === ends}
                  onChange={() => set({ ends })}
                  className={radio}
                />
                {label}
              </label>
            ))}
            {value.ends === 'count' && (
              <TextField
                id="repeat-count"
                name="repeat.ends.count"
                label="Number of dates"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                className="max-w-xs"
                value={value.count}
                error={errors['repeat.ends.count']}
                onChange={(e) => set({ count: e.target.value }, 'repeat.ends.count')}
              />
            )}
            {value.ends === 'until' && (
              <TextField
                id="repeat-until"
                name="repeat.ends.date"
                label="Last date"
                type="date"
                className="max-w-xs"
                min={isDate(startDate) ? startDate : undefined}
                value={value.until}
                error={errors['repeat.ends.date']}
                onChange={(e) => set({ until: e.target.value }, 'repeat.ends.date')}
              />
            )}
          </fieldset>

          {/* Said as the admin changes the rule, so the words can be checked before saving. */}
          <div aria-live="polite" className="rounded-lg bg-surface-2 px-4 py-3 text-sm">
            {schedule ? (
              <>
                <p className="flex items-center gap-2 font-medium text-fg">
                  <Repeat className="size-4 shrink-0" aria-hidden="true" />
                  {schedule}
                </p>
                {upcoming.length > 0 && (
                  <>
                    <p className="mt-2 text-fg-muted">
                      {upcoming.length === PREVIEW_DATES
                        ? 'The first dates:'
                        : plural(upcoming.length, 'date:', 'dates:')}
                    </p>
                    <ul className="mt-1 space-y-1 text-fg">
                      {upcoming.map((day) => (
                        <li key={day}>{formatDay(day)}</li>
                      ))}
                    </ul>
                  </>
                )}
              </>
            ) : (
              <p className="text-fg-muted">{SERIES_UI_MESSAGES.scheduleIncomplete}</p>
            )}
          </div>
        </>
      )}
    </fieldset>
  );
}

/** Whether the series' rule is loaded for the Repeats fields of "following" and "all". */
export type AdminSeriesState = { data?: AdminSeriesResponse; isError: boolean; isPending: boolean };

/**
 * On a date of a series: which series, its state (cancelled), which dates a save changes, and
 * the two actions that need no save (cancel the date, end the series), each confirmed first.
 */
export function SeriesDatePanel({
  eventId,
  series,
  cancelled,
  scope,
  onScope,
  adminSeries,
}: {
  eventId: string;
  series: SeriesLink;
  cancelled: boolean;
  scope: SeriesScope;
  onScope: (scope: SeriesScope) => void;
  adminSeries: AdminSeriesState;
}) {
  const navigate = useNavigate();
  const cancelDate = useCancelDate(eventId);
  const endSeries = useEndSeries(series.id);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [endOpen, setEndOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // After a cancel the button that opened the dialog goes: focus moves to the panel's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const cancelledNow = useRef(false);
  const ended = adminSeries.data?.series.ended ?? false;
  const registrations = adminSeries.data?.series.dates.find((d) => d.id === eventId)?.registrations;

  async function confirmCancel() {
    setFailure(null);
    try {
      const { notified } = await cancelDate.mutateAsync();
      cancelledNow.current = true;
      setCancelOpen(false);
      void navigate(paths.eventEdit(eventId), {
        replace: true,
        state: savedState(SERIES_UI_MESSAGES.dateCancelled(notified)),
      });
    } catch (error) {
      setCancelOpen(false);
      setFailure(withServerReason(SERIES_UI_MESSAGES.cancelFailed, error));
    }
  }

  async function confirmEnd() {
    setFailure(null);
    try {
      const result = await endSeries.mutateAsync();
      setEndOpen(false);
      void navigate(paths.adminTab('events'), {
        state: savedState(SERIES_UI_MESSAGES.seriesEnded(result.removed, result.cancelled)),
      });
    } catch (error) {
      setEndOpen(false);
      setFailure(withServerReason(SERIES_UI_MESSAGES.endFailed, error));
    }
  }

  return (
    <section aria-labelledby="series-panel-title" className="space-y-4 rounded-xl border border-line p-4">
      <h2
        id="series-panel-title"
        ref={heading}
        tabIndex={-1}
        className="flex flex-wrap items-center gap-2 text-base font-semibold"
      >
        <Repeat className="size-4" aria-hidden="true" />
        {SERIES_TEXTS_UI.partOfSeries}:{' '}
        <Link to={paths.series(series.id)} className={textLinkClasses}>
          {series.schedule}
        </Link>
        {cancelled && <Badge tone="danger">{SERIES_TEXTS_UI.cancelled}</Badge>}
        {ended && <Badge>{SERIES_UI_MESSAGES.endedBadge}</Badge>}
      </h2>
      {cancelled && (
        <Alert tone="info" title={SERIES_UI_MESSAGES.cancelledTitle}>
          {SERIES_UI_MESSAGES.cancelledText}
        </Alert>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}

      {!cancelled && (
        <fieldset className={groupFrame}>
          <legend className={legend}>{SERIES_TEXTS_UI.applyTo}</legend>
          {(
            [
              ['this', SERIES_TEXTS_UI.thisDate],
              ['following', SERIES_TEXTS_UI.following],
              ['all', SERIES_TEXTS_UI.all],
            ] as [SeriesScope, string][]
          ).map(([value, label]) => (
            <label key={value} className={choice}>
              <input
                type="radio"
                name="series.scope"
                value={value}
                checked={scope === value}
                disabled={value !== 'this' && ended}
                onChange={() => onScope(value)}
                className={radio}
              />
              {label}
            </label>
          ))}
          {scope !== 'this' && adminSeries.isPending && (
            <p className="text-sm text-fg-muted" role="status">
              Loading the series…
            </p>
          )}
          {scope !== 'this' && adminSeries.isError && <Alert tone="error">{SERIES_UI_MESSAGES.seriesLoadFailed}</Alert>}
        </fieldset>
      )}

      <div className="flex flex-wrap gap-3">
        {!cancelled && (
          <Dialog
            open={cancelOpen}
            onOpenChange={setCancelOpen}
            onCloseAutoFocus={(event) => {
              if (!cancelledNow.current) return;
              event.preventDefault();
              heading.current?.focus();
            }}
            trigger={
              <Button type="button" variant="secondary">
                <CalendarX aria-hidden="true" />
                {SERIES_TEXTS_UI.cancelDate}
              </Button>
            }
            title={`${SERIES_TEXTS_UI.cancelDate}?`}
            description={
              registrations === undefined
                ? SERIES_UI_MESSAGES.cancelConfirm
                : `${SERIES_UI_MESSAGES.cancelConfirm} ${plural(registrations, 'person is', 'people are')} registered now.`
            }
            footer={
              <>
                <DialogClose asChild>
                  <Button type="button" variant="secondary">
                    {SERIES_UI_MESSAGES.keepDate}
                  </Button>
                </DialogClose>
                <Button
                  type="button"
                  variant="danger"
                  loading={cancelDate.isPending}
                  onClick={() => void confirmCancel()}
                >
                  {SERIES_TEXTS_UI.cancelDate}
                </Button>
              </>
            }
          />
        )}
        {!ended && (
          <Dialog
            open={endOpen}
            onOpenChange={setEndOpen}
            trigger={
              <Button type="button" variant="secondary">
                {SERIES_TEXTS_UI.endSeries}
              </Button>
            }
            title={`${SERIES_TEXTS_UI.endSeries}?`}
            description={SERIES_UI_MESSAGES.endConfirm}
            footer={
              <>
                <DialogClose asChild>
                  <Button type="button" variant="secondary">
                    {SERIES_UI_MESSAGES.keepSeries}
                  </Button>
                </DialogClose>
                <Button type="button" variant="danger" loading={endSeries.isPending} onClick={() => void confirmEnd()}>
                  {SERIES_TEXTS_UI.endSeries}
                </Button>
              </>
            }
          />
        )}
      </div>
    </section>
  );
}
