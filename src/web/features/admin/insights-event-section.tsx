import { useId } from 'react';
import type { EventInsights, RegistrationPoint } from '../../../shared/insights';
import { formatDate } from '../../lib/site-dates';
import { useEventInsights } from './insights-api';
import { InsightsFigure } from './insights-figure';

// The event admin page's Insights section (issue 34), a lazy chunk of its own so the chart
// library loads only here and on the Insights tab: how registrations came in against the
// previous dates, who came, what they thought of it and who met whom.

/** Every day of either curve, latest first (the announcement down to the day of the start).
 * A curve counts registrations made by then, so a day it has no point for carries its last
 * value; before its first point (not yet announced) it has none. */
function curveRows(curve: RegistrationPoint[], comparison: RegistrationPoint[] | null) {
  const days = [...new Set([...curve, ...(comparison ?? [])].map((p) => p.daysBefore))].sort((a, b) => b - a);
  const at = (points: RegistrationPoint[], day: number) => {
    const known = points.filter((p) => p.daysBefore >= day);
    if (known.length === 0) return null;
    return known.reduce((latest, p) => (p.daysBefore < latest.daysBefore ? p : latest)).registrations;
  };
  return days.map((day) => ({
    day,
    event: at(curve, day),
    average: comparison ? at(comparison, day) : null,
  }));
}

const daysLabel = (days: number) => (days === 0 ? 'Start day' : days === 1 ? '1 day before' : `${days} days before`);

export default function EventInsightsSection({ eventId }: { eventId: string }) {
  const insights = useEventInsights(eventId);
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="space-y-4">
      <h2 id={heading} className="text-2xl font-bold tracking-tight">
        Insights
      </h2>
      {insights.isPending ? (
        <p className="text-sm text-fg-muted">Loading insights…</p>
      ) : insights.isError ? (
        <p className="text-sm text-danger-text">Failed to load insights</p>
      ) : (
        <EventFigures data={insights.data} />
      )}
    </section>
  );
}

function EventFigures({ data }: { data: EventInsights }) {
  const { event, registrations, status, door, firstTimers, rating, connections } = data;
  // The figures are as of now; the file names carry today's date.
  const at = new Date().toISOString();
  const file = (what: string) => ['event', event.name, formatDate(event.startTime), what];
  const comparison = registrations.comparison;
  const curve = curveRows(registrations.curve, comparison?.curve ?? null);
  const averageLabel = comparison
    ? `Average of ${comparison.events} previous ${comparison.basis === 'series' ? 'dates' : 'events'}`
    : 'Average';

  return (
    <div className="space-y-4">
      <InsightsFigure
        level={3}
        layout="stacked"
        title="Registrations over time"
        description={
          comparison
            ? `Registrations made by each day before the start, against the average of the previous ${comparison.events} ${
                comparison.basis === 'series' ? `dates of ${comparison.name}` : `events in ${comparison.name}`
              } (dashed).`
            : 'Registrations made by each day before the start. There are no previous dates to compare with.'
        }
        columns={[
          { label: 'Day' },
          { label: 'This event', numeric: true },
          ...(comparison ? [{ label: averageLabel, numeric: true }] : []),
        ]}
        rows={curve.map((p) => [daysLabel(p.day), p.event, ...(comparison ? [p.average] : [])])}
        chart={{
          kind: 'line',
          labels: curve.map((p) => daysLabel(p.day)),
          series: [
            { label: 'This event', data: curve.map((p) => p.event), color: 'brand' },
            ...(comparison
              ? [{ label: averageLabel, data: curve.map((p) => p.average), color: 'muted' as const, dashed: true }]
              : []),
          ],
        }}
        empty="Nobody has registered yet."
        fileParts={file('registrations over time')}
        at={at}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <InsightsFigure
          level={3}
          layout="stacked"
          title="Registrations by status"
          columns={[{ label: 'Status' }, { label: 'People', numeric: true }]}
          rows={
            status.attending + status.maybe + status.waitlisted + status.guests === 0
              ? []
              : [
                  ['Attending', status.attending],
                  ['Maybe', status.maybe],
                  ['Waitlist', status.waitlisted],
                  ['Guests', status.guests],
                ]
          }
          chart={{
            kind: 'bar',
            labels: ['Attending', 'Maybe', 'Waitlist', 'Guests'],
            series: [
              {
                label: 'People',
                data: [status.attending, status.maybe, status.waitlisted, status.guests],
                color: 'brand',
              },
            ],
          }}
          empty="Nobody has registered yet."
          fileParts={file('registrations by status')}
          at={at}
        />

        <InsightsFigure
          level={3}
          layout="stacked"
          title="At the door"
          description={
            door.noShows === null && door.usedCheckIn ? 'No-shows are counted once the event has ended.' : undefined
          }
          columns={[{ label: 'At the door' }, { label: 'People', numeric: true }]}
          rows={
            door.usedCheckIn
              ? [
                  ['Checked in', door.checkedIn],
                  ['Guests checked in', door.guestsCheckedIn],
                  ['No-shows', door.noShows],
                ]
              : []
          }
          chart={{
            kind: 'bar',
            labels: ['Checked in', 'Guests checked in', 'No-shows'],
            series: [{ label: 'People', data: [door.checkedIn, door.guestsCheckedIn, door.noShows], color: 'brand' }],
          }}
          empty="Nobody was checked in at this event."
          fileParts={file('at the door')}
          at={at}
        />

        <InsightsFigure
          level={3}
          layout="stacked"
          title="First-timers and returning members"
          description={event.ended ? 'Among members who came.' : 'Among members attending.'}
          columns={[{ label: 'Members' }, { label: 'Count', numeric: true }]}
          rows={
            firstTimers.firstTimers + firstTimers.returning === 0
              ? []
              : [
                  ['First-timers', firstTimers.firstTimers],
                  ['Returning', firstTimers.returning],
                ]
          }
          chart={{
            kind: 'bar',
            labels: ['First-timers', 'Returning'],
            series: [{ label: 'Members', data: [firstTimers.firstTimers, firstTimers.returning], color: 'success' }],
          }}
          empty={event.ended ? 'No members came.' : 'No members are attending yet.'}
          fileParts={file('first-timers')}
          at={at}
        />

        <InsightsFigure
          level={3}
          layout="stacked"
          title="Rating"
          description={
            rating.average === null
              ? undefined
              : `Average ${rating.average.toFixed(1)} out of 5, from ${rating.count} ${rating.count === 1 ? 'answer' : 'answers'}.`
          }
          columns={[{ label: 'Stars' }, { label: 'Answers', numeric: true }]}
          rows={rating.count === 0 ? [] : rating.distribution.map((d) => [`${d.rating} of 5`, d.count])}
          chart={{
            kind: 'bar',
            labels: rating.distribution.map((d) => `${d.rating}`),
            series: [{ label: 'Answers', data: rating.distribution.map((d) => d.count), color: 'info' }],
          }}
          empty="Nobody has rated this event yet."
          fileParts={file('rating')}
          at={at}
        />
      </div>

      <RatingComments comments={rating.comments} />

      <section aria-labelledby="insights-met-at" className="space-y-2 rounded-xl border border-line bg-surface p-4">
        <h3 id="insights-met-at" className="text-base font-semibold">
          Connections made here
        </h3>
        {connections.count === 0 ? (
          <p className="text-sm text-fg">No connections were tagged “met at” this event.</p>
        ) : (
          <>
            <p className="text-sm text-fg">
              {connections.count} {connections.count === 1 ? 'connection was' : 'connections were'} tagged “met at” this
              event.
            </p>
            <ul className="space-y-0.5 text-sm text-fg">
              {connections.pairs.map((pair) => (
                <li key={`${pair.a}|${pair.b}`}>
                  {pair.a} and {pair.b}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}

const commentTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function RatingComments({ comments }: { comments: EventInsights['rating']['comments'] }) {
  return (
    <section aria-labelledby="insights-comments" className="space-y-2 rounded-xl border border-line bg-surface p-4">
      <h3 id="insights-comments" className="text-base font-semibold">
        Comments
      </h3>
      {comments.length === 0 ? (
        <p className="text-sm text-fg">Nobody has left a comment.</p>
      ) : (
        <ul className="divide-y divide-line">
          {comments.map((c, i) => (
            <li key={i} className="py-2">
              <p className="text-sm whitespace-pre-line text-fg">{c.comment}</p>
              <p className="mt-1 text-xs text-fg-muted">
                {c.rating} of 5 · {c.name ?? 'Name not shown'} ·{' '}
                <time dateTime={c.at}>{commentTime.format(new Date(c.at))}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
