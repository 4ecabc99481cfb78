import { SITE_TIME_ZONE } from '../../lib/site-dates';

// CSV downloads of the Insights tables, made in the browser from the very rows the table shows.

export type Cell = string | number | null;

/** One field, RFC 4180: quoted when it holds a comma, a quote or a line break (quotes doubled).
 * Text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe:
 * event names and offers are typed by people. */
function field(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header and the rows as CSV text, lines ended by CRLF. */
export function csvText(header: string[], rows: Cell[][]): string {
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

const day = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** "insights-members-per-month-12m-2026-11-28.csv": what, and the day the figures were made for. */
export function csvFileName(parts: string[], at: string): string {
  const slug = parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug}-${day.format(new Date(at))}.csv`;
}

/** Saves the text as a file. A byte order mark first, so a spreadsheet reads names as UTF-8. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click ran; the next task may let it go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
