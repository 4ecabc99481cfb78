import { PERSON_NAME_MAX, PROFILE_LINE_MAX } from '../../../shared/limits';
import {
  CSV_EMPTY,
  CSV_NO_ROWS,
  CSV_NOT_UTF8,
  CSV_TOO_MANY_ROWS,
  INVALID_CSV,
  INVITATION_ROWS_MAX,
  PROBLEM_BAD_QUOTES,
  PROBLEM_EMAIL_MISSING,
  PROBLEM_NAME_MISSING,
  PROBLEM_NOT_EMAIL,
  csvNoHeader,
  csvUnclosedQuote,
  isEmailAddress,
  problemDuplicate,
  problemExtraFields,
  problemTooLong,
} from '../../../shared/invitations';
import { HttpError, unprocessable } from '../../platform/errors';

// The invitation lists organisers upload (issue 35): CSV as spreadsheets write it (RFC 4180),
// read by a small parser of our own rather than a library, because the rules are few and the
// refusals must name lines: an optional UTF-8 BOM; `,` or `;` (or a tab) separating values, told
// by the header line (or Excel's `sep=;` line before it); values in double quotes may hold the
// separator, line breaks and doubled quotes; CRLF, LF or CR line ends. The header names the
// columns, in any order and case. A row's problem is reported with the line it starts on; a file
// that cannot be read as a list at all is refused whole. Values are kept as written (a name
// "=HYPERLINK(...)" stays that text: the list is shown as text and never exported again).

export interface CsvRow {
  /** The line of the file the row starts on (the header is line 1, or 2 after `sep=`). */
  line: number;
  name: string;
  email: string;
  company: string;
  position: string;
  /** What stops this row from being invited, in the screen's words, or null. */
  problem: string | null;
}

interface CsvRecord {
  line: number;
  fields: string[];
  /** A quoted value had text after its closing quote (`"Lee" Jr`). */
  strayQuote: boolean;
}

const refuse = (message: string, line?: number) =>
  line === undefined
    ? unprocessable(INVALID_CSV, message, 'csv')
    : new HttpError(422, INVALID_CSV, message, { [`csv.${line}`]: message });

/** Line breaks inside a value, for the line numbers after it. */
function lineBreaks(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) count++;
  }
  return count;
}

/** The index of the next separator or line end at or after `from`. */
function nextStop(text: string, from: number, separator: string): number {
  let i = from;
  while (i < text.length) {
    const c = text[i];
    if (c === separator || c === '\n' || c === '\r') return i;
    i++;
  }
  return i;
}

/** The separator the header line uses: the most frequent of `,` `;` and tab outside quotes. */
function separatorOf(text: string): string {
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ',';
  for (const [c, n] of counts) if (n > counts.get(best)!) best = c;
  return best;
}

/** Every record of the text, each with the line it starts on. Throws on a quote never closed. */
function records(text: string, separator: string, firstLine: number): CsvRecord[] {
  const out: CsvRecord[] = [];
  let line = firstLine;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let strayQuote = false;
    for (;;) {
      let value: string;
      if (text[i] === '"') {
        value = '';
        i++;
        let closed = false;
        while (i < n) {
          const quote = text.indexOf('"', i);
          if (quote === -1) break;
          const part = text.slice(i, quote);
          value += part;
          line += lineBreaks(part);
          if (text[quote + 1] === '"') {
            value += '"';
            i = quote + 2;
            continue;
          }
          i = quote + 1;
          closed = true;
          break;
        }
        if (!closed) throw refuse(csvUnclosedQuote(start), start);
        if (i < n && text[i] !== separator && text[i] !== '\n' && text[i] !== '\r') {
          // Kept, as the rest of the value, and reported: the row may have been split wrongly.
          strayQuote = true;
          const end = nextStop(text, i, separator);
          value += text.slice(i, end);
          i = end;
        }
      } else {
        const end = nextStop(text, i, separator);
        value = text.slice(i, end);
        i = end;
      }
      fields.push(value);
      if (i >= n) break;
      if (text[i] === separator) {
        i++;
        // A separator that ends the file leaves one empty value after it.
        if (i >= n) {
          fields.push('');
          break;
        }
        continue;
      }
      // A line end: CRLF, LF or CR.
      i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      break;
    }
    out.push({ line: start, fields, strayQuote });
  }
  return out;
}

type Column = 'name' | 'firstName' | 'lastName' | 'email' | 'company' | 'position';

/** Header words, compared without case, spaces or punctuation ("E-mail Address" is "emailaddress"). */
const HEADER_WORDS: Record<Column, string[]> = {
  name: ['name', 'fullname', 'contactname'],
  firstName: ['firstname', 'givenname', 'first'],
  lastName: ['lastname', 'surname', 'familyname', 'last'],
  email: ['email', 'emailaddress', 'mail', 'emails'],
  company: ['company', 'companyname', 'organisation', 'organization', 'employer', 'business'],
  position: ['position', 'title', 'jobtitle', 'role'],
};
const wordOf = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each known column's index in the header (the first column of a name wins). */
function columnsOf(header: string[]): Partial<Record<Column, number>> {
  const found: Partial<Record<Column, number>> = {};
  header.forEach((cell, index) => {
    const word = wordOf(cell);
    for (const [column, words] of Object.entries(HEADER_WORDS) as [Column, string[]][]) {
      if (words.includes(word) && found[column] === undefined) found[column] = index;
    }
  });
  return found;
}

/** What is wrong with a row by itself (not whether it repeats another), or null. */
function problemOf(
  record: CsvRecord,
  columnCount: number,
  row: Omit<CsvRow, 'line' | 'problem'>,
  validEmail: boolean,
): string | null {
  if (record.fields.length > columnCount) return problemExtraFields(record.fields.length, columnCount);
  if (record.strayQuote) return PROBLEM_BAD_QUOTES;
  if (row.name === '') return PROBLEM_NAME_MISSING;
  if (row.name.length > PERSON_NAME_MAX) return problemTooLong('Name', PERSON_NAME_MAX);
  if (row.email === '') return PROBLEM_EMAIL_MISSING;
  if (!validEmail) return PROBLEM_NOT_EMAIL;
  if (row.company.length > PROFILE_LINE_MAX) return problemTooLong('Company', PROFILE_LINE_MAX);
  if (row.position.length > PROFILE_LINE_MAX) return problemTooLong('Position', PROFILE_LINE_MAX);
  return null;
}

const isBlank = (record: CsvRecord) => record.fields.every((f) => f.trim() === '');

/** The rows of an uploaded list, each with its problem (the file's own: missing, malformed,
 * too long, repeated; whether they are members or invited already is the service's to say).
 * Throws a 422 naming the file (`csv`) when it cannot be read as a list. */
export function parseInvitationCsv(input: string): CsvRow[] {
  // What a browser reads from bytes that are not UTF-8 (a spreadsheet saved as Windows-1252).
  if (input.includes('\uFFFD')) throw refuse(CSV_NOT_UTF8);
  let text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  let firstLine = 1;
  let separator: string | null = null;
  // Excel's hint line: `sep=;` names the separator and is not the header.
  const hint = /^sep=(.)(\r\n|\n|\r)/i.exec(text);
  if (hint) {
    separator = hint[1]!;
    text = text.slice(hint[0].length);
    firstLine = 2;
  }
  if (text.trim() === '') throw refuse(CSV_EMPTY);
  separator ??= separatorOf(text);
  const all = records(text, separator, firstLine);
  const headerIndex = all.findIndex((r) => !isBlank(r));
  const header = all[headerIndex]!;
  const columns = columnsOf(header.fields);
  const hasName = columns.name !== undefined || columns.firstName !== undefined || columns.lastName !== undefined;
  if (!hasName || columns.email === undefined) throw refuse(csvNoHeader(header.fields.map((f) => f.trim())));
  const body = all.slice(headerIndex + 1).filter((r) => !isBlank(r));
  if (body.length === 0) throw refuse(CSV_NO_ROWS);
  if (body.length > INVITATION_ROWS_MAX) throw refuse(CSV_TOO_MANY_ROWS);

  const cell = (record: CsvRecord, column: Column) => {
    const index = columns[column];
    return index === undefined ? '' : (record.fields[index] ?? '').trim();
  };
  const firstOf = new Map<string, number>();
  return body.map((record): CsvRow => {
    const name =
      columns.name !== undefined
        ? cell(record, 'name')
        : [cell(record, 'firstName'), cell(record, 'lastName')].filter(Boolean).join(' ');
    const row = {
      line: record.line,
      name,
      email: cell(record, 'email'),
      company: cell(record, 'company'),
      position: cell(record, 'position'),
    };
    const address = row.email.toLowerCase();
    const valid = isEmailAddress(row.email);
    const first = valid ? firstOf.get(address) : undefined;
    if (valid && first === undefined) firstOf.set(address, record.line);
    const problem =
      problemOf(record, header.fields.length, row, valid) ?? (first === undefined ? null : problemDuplicate(first));
    return { ...row, problem };
  });
}
