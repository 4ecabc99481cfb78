import { useId, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';
import { InsightsChart, type ChartSpec } from './insights-chart';
import { csvFileName, csvText, downloadCsv, type Cell } from './insights-csv';

// One figure of the organiser's desk: a heading, the chart (for the eye), its numbers as a real
// table (for screen readers and for those who would rather read) and a CSV of the same rows.
// With no rows it says so in a sentence instead of drawing an empty chart.

export interface FigureColumn {
  label: string;
  /** Numbers align right. */
  numeric?: boolean;
}

export interface FigureProps {
  title: string;
  /** Heading level: 2 on the Insights tab, 3 inside the event page's Insights section. */
  level?: 2 | 3;
  description?: ReactNode;
  /** The first column names each row (th scope=row). */
  columns: FigureColumn[];
  rows: Cell[][];
  chart?: ChartSpec;
  /** The sentence shown when there are no rows. */
  empty: string;
  /** What the CSV file is called before its date: ['insights', 'members-per-month', '12m']. */
  fileParts: string[];
  /** The instant the figures were made for: the date in the file's name. */
  at: string;
  /** 'beside': the table beside the chart on a wide screen (the Insights tab); 'stacked': below
   * it, where the figure is narrow (half a row, the event page). */
  layout?: 'beside' | 'stacked';
  children?: ReactNode;
  className?: string;
}

const show = (cell: Cell) => (cell === null ? '—' : typeof cell === 'number' ? cell.toLocaleString('en-US') : cell);

export function InsightsFigure({
  title,
  level = 2,
  description,
  columns,
  rows,
  chart,
  empty,
  fileParts,
  at,
  layout = 'beside',
  children,
  className,
}: FigureProps) {
  const heading = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const handleDownload = () =>
    downloadCsv(
      csvFileName(fileParts, at),
      csvText(
        columns.map((c) => c.label),
        rows,
      ),
    );

  return (
    <section
      aria-labelledby={heading}
      className={cn('space-y-3 rounded-xl border border-line bg-surface p-4', className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Heading id={heading} className={level === 2 ? 'text-lg font-semibold' : 'text-base font-semibold'}>
            {title}
          </Heading>
          {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
        </div>
        {rows.length > 0 && (
          <Button type="button" variant="secondary" size="sm" onClick={handleDownload} aria-describedby={heading}>
            <Download aria-hidden="true" />
            Download CSV
          </Button>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-fg">{empty}</p>
      ) : (
        <div className={cn('grid gap-4', chart && layout === 'beside' && 'lg:grid-cols-2')}>
          {chart && <InsightsChart spec={chart} />}
          {/* A long table scrolls in its own region, which a keyboard can focus to scroll (axe's
              scrollable-region-focusable); focus moves on with Tab as anywhere else. */}
          <div
            role="region"
            aria-label={`${title} table`}
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            className="overflow-x-auto overflow-y-auto rounded-lg border border-line"
            // Inline, not a new utility class: the one stylesheet is the public pages' too (033).
            style={{ maxHeight: '20rem' }}
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="border-b border-line bg-surface-2 text-xs text-fg-muted">
                <tr>
                  {columns.map((column) => (
                    <th
                      key={column.label}
                      scope="col"
                      className={cn('px-3 py-2 font-medium', column.numeric && 'text-right')}
                    >
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, c) =>
                      c === 0 ? (
                        <th key={c} scope="row" className="px-3 py-2 font-medium text-fg">
                          {show(cell)}
                        </th>
                      ) : (
                        <td
                          key={c}
                          className={cn('px-3 py-2 text-fg', columns[c]?.numeric && 'text-right tabular-nums')}
                        >
                          {show(cell)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {children}
    </section>
  );
}
