import { useSearchParams } from '../../lib/router';
import {
  ACTIVE_DAYS,
  INSIGHTS_PERIODS,
  PERIOD_WORDS,
  RETURN_WINDOW_DAYS,
  type CommunityInsights,
  type InsightsPeriod,
} from '../../../shared/insights';
import { Alert } from '../../components/alert';
import { SelectField } from '../../components/select-field';
import { PageSpinner } from '../../components/spinner';
import { formatDate } from '../../lib/site-dates';
import { useCommunityInsights } from './insights-api';
import { InsightsFigure } from './insights-figure';

// The Insights tab (issue 34): how the community grows, over the period kept in the address
// (?tab=insights&period=90d) like the tab itself. Every figure is a chart with its table and a
// CSV download (insights-figure.tsx).

const isPeriod = (value: string | null): value is InsightsPeriod => INSIGHTS_PERIODS.includes(value as InsightsPeriod);

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "2026-11" -> "Nov 2026" */
const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

const percent = (rate: number | null) => (rate === null ? null : `${Math.round(rate * 100)}%`);

export default function InsightsTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('period');
  const period: InsightsPeriod = isPeriod(requested) ? requested : '12m';
  const insights = useCommunityInsights(period);

  const handlePeriod = (value: string) => {
    if (isPeriod(value)) setSearchParams({ tab: 'insights', period: value });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-xl text-sm text-fg-muted">
          How the community grows and comes back. Each chart has its numbers in a table beside it and a CSV download.
        </p>
        <SelectField
          label="Period"
          name="period"
          value={period}
          onChange={(e) => handlePeriod(e.target.value)}
          className="w-48"
        >
          {INSIGHTS_PERIODS.map((p) => (
            <option key={p} value={p}>
              {PERIOD_WORDS[p]}
            </option>
          ))}
        </SelectField>
      </div>
      {insights.isPending ? (
        <PageSpinner label="Loading insights" />
      ) : insights.isError ? (
        <Alert tone="error">Failed to load insights</Alert>
      ) : (
        <Figures data={insights.data} />
      )}
    </div>
  );
}

function Figures({ data }: { data: CommunityInsights }) {
  const words = PERIOD_WORDS[data.period];
  const at = data.to;
  const file = (what: string) => ['insights', what, data.period];
  const { returnRate } = data;
  const notReturned = returnRate.firstTimers - returnRate.returned - returnRate.pending;

  return (
    <div className="space-y-6">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-xl border border-line bg-surface p-4">
          <dt className="text-sm text-fg-muted">Members</dt>
          <dd className="text-2xl font-semibold text-fg tabular-nums">{data.members.total.toLocaleString('en-US')}</dd>
        </div>
        <div className="rounded-xl border border-line bg-surface p-4">
          <dt className="text-sm text-fg-muted">Active in the last {ACTIVE_DAYS} days</dt>
          <dd className="text-2xl font-semibold text-fg tabular-nums">{data.members.active.toLocaleString('en-US')}</dd>
        </div>
        <div className="rounded-xl border border-line bg-surface p-4">
          <dt className="text-sm text-fg-muted">Return rate ({words.toLowerCase()})</dt>
          <dd className="text-2xl font-semibold text-fg tabular-nums">{percent(returnRate.rate) ?? '—'}</dd>
        </div>
      </dl>

      <InsightsFigure
        title="Members per month"
        description={`New members each month, and the total at the month's end (${words.toLowerCase()}).`}
        columns={[{ label: 'Month' }, { label: 'Joined', numeric: true }, { label: 'Total', numeric: true }]}
        rows={data.members.perMonth.map((m) => [monthLabel(m.month), m.joined, m.total])}
        chart={{
          kind: 'bar',
          labels: data.members.perMonth.map((m) => monthLabel(m.month)),
          series: [
            { label: 'Joined', data: data.members.perMonth.map((m) => m.joined), color: 'brand' },
            {
              label: 'Total',
              data: data.members.perMonth.map((m) => m.total),
              color: 'success',
              line: true,
              rightAxis: true,
            },
          ],
        }}
        empty="No months to show for this period."
        fileParts={file('members per month')}
        at={at}
      />

      <InsightsFigure
        title="Attendance per event"
        layout="stacked"
        description={
          'Members who came to each past event, its no-shows (where the door checked people in) and its first-timers.' +
          (data.attendanceTotal > data.attendance.length
            ? ` The latest ${data.attendance.length} of ${data.attendanceTotal} events in this period.`
            : '')
        }
        columns={[
          { label: 'Event' },
          { label: 'Date' },
          { label: 'Attending', numeric: true },
          { label: 'Came', numeric: true },
          { label: 'No-shows', numeric: true },
          { label: 'Guests', numeric: true },
          { label: 'First-timers', numeric: true },
        ]}
        rows={data.attendance.map((e) => [
          e.name,
          formatDate(e.startTime),
          e.attending,
          e.came,
          e.noShows,
          e.guests,
          e.firstTimers,
        ])}
        chart={{
          kind: 'bar',
          labels: data.attendance.map((e) => formatDate(e.startTime)),
          series: [
            { label: 'Came', data: data.attendance.map((e) => e.came), color: 'brand' },
            { label: 'No-shows', data: data.attendance.map((e) => e.noShows), color: 'danger' },
            { label: 'First-timers', data: data.attendance.map((e) => e.firstTimers), color: 'success' },
          ],
        }}
        empty="No events ended in this period."
        fileParts={file('attendance per event')}
        at={at}
      />

      <InsightsFigure
        title="Return rate"
        description={`First-timers of this period who came to another event within ${RETURN_WINDOW_DAYS} days. Those whose ${RETURN_WINDOW_DAYS} days are not over yet are left out of the rate.`}
        columns={[{ label: 'First-timers' }, { label: 'Members', numeric: true }]}
        rows={
          returnRate.firstTimers === 0
            ? []
            : [
                ['Came back', returnRate.returned],
                ['Did not come back', notReturned],
                ['Still within their days', returnRate.pending],
                ['All first-timers', returnRate.firstTimers],
                ['Return rate', percent(returnRate.rate)],
              ]
        }
        chart={{
          kind: 'bar',
          labels: ['Came back', 'Did not come back', 'Still within their days'],
          series: [
            {
              label: 'First-timers',
              data: [returnRate.returned, notReturned, returnRate.pending],
              color: 'brand',
            },
          ],
        }}
        empty="Nobody came to their first event in this period."
        fileParts={file('return rate')}
        at={at}
      />

      <InsightsFigure
        title="Events attended"
        description="Members by how many events they came to in this period."
        columns={[{ label: 'Events attended' }, { label: 'Members', numeric: true }]}
        rows={data.eventsAttended.map((b) => [b.bucket, b.members])}
        chart={{
          kind: 'bar',
          labels: data.eventsAttended.map((b) => b.bucket),
          series: [{ label: 'Members', data: data.eventsAttended.map((b) => b.members), color: 'brand' }],
        }}
        empty="Nobody came to an event in this period."
        fileParts={file('events attended')}
        at={at}
      />

      {/* Offers and asks are as members hold them now, whatever the period. */}
      <div className="grid gap-6 lg:grid-cols-2">
        {(
          [
            ['Most offered', data.offersAndAsks.offered, 'brand', 'Nobody offers anything yet.'],
            ['Most asked', data.offersAndAsks.asked, 'info', 'Nobody asks for anything yet.'],
          ] as const
        ).map(([title, items, color, empty]) => (
          <InsightsFigure
            key={title}
            title={title}
            description="As members' profiles say now."
            layout="stacked"
            columns={[{ label: title === 'Most offered' ? 'Offer' : 'Ask' }, { label: 'Members', numeric: true }]}
            rows={items.map((i) => [i.label, i.members])}
            chart={{
              kind: 'bar',
              horizontal: true,
              labels: items.map((i) => i.label),
              series: [{ label: 'Members', data: items.map((i) => i.members), color }],
            }}
            empty={empty}
            fileParts={['insights', title]}
            at={at}
          />
        ))}
      </div>

      <InsightsFigure
        title="Whom to invite next"
        description="Asks that no member's offer answers, most asked first: people worth inviting."
        columns={[{ label: 'Ask nobody offers' }, { label: 'Members asking', numeric: true }]}
        rows={data.offersAndAsks.unmet.map((i) => [i.label, i.members])}
        chart={{
          kind: 'bar',
          horizontal: true,
          labels: data.offersAndAsks.unmet.map((i) => i.label),
          series: [{ label: 'Members asking', data: data.offersAndAsks.unmet.map((i) => i.members), color: 'danger' }],
        }}
        empty="Every ask has a member who offers it."
        fileParts={['insights', 'unmet asks']}
        at={at}
      />
    </div>
  );
}
