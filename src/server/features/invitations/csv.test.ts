import { describe, expect, it } from 'vitest';
import {
  CSV_EMPTY,
  CSV_NO_ROWS,
  CSV_NOT_UTF8,
  CSV_TOO_MANY_ROWS,
  INVITATION_ROWS_MAX,
  PROBLEM_BAD_QUOTES,
  PROBLEM_EMAIL_MISSING,
  PROBLEM_NAME_MISSING,
  PROBLEM_NOT_EMAIL,
  csvUnclosedQuote,
  problemDuplicate,
  problemExtraFields,
  problemTooLong,
} from '../../../shared/invitations';
import { HttpError } from '../../platform/errors';
import { parseInvitationCsv } from './csv';

// The list parser alone (RFC 4180 as spreadsheets write it); invitations.test.ts covers the
// routes that use it.

/** The refusal a file gets, as the API would send it. */
function refusal(csv: string) {
  try {
    parseInvitationCsv(csv);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    const e = error as HttpError;
    return { status: e.statusCode, code: e.code, message: e.message, fields: e.fields };
  }
  throw new Error('the file was accepted');
}

const simple = (csv: string) =>
  parseInvitationCsv(csv).map(({ line, name, email, problem }) => ({ line, name, email, problem }));

describe('reading a list', () => {
  it('reads a comma-separated file with a BOM and CRLF line ends, keeping each row’s line', () => {
    const rows = parseInvitationCsv(
      '\uFEFFName,Email,Company,Position\r\nDana Whitfield,dana@queencitycpa.example,Queen City CPA,Partner\r\nLuis Ortega,luis@ortega.example,,\r\n',
    );
    expect(rows).toEqual([
      {
        line: 2,
        name: 'Dana Whitfield',
        email: 'dana@queencitycpa.example',
        company: 'Queen City CPA',
        position: 'Partner',
        problem: null,
      },
      { line: 3, name: 'Luis Ortega', email: 'luis@ortega.example', company: '', position: '', problem: null },
    ]);
  });

  it('tells a semicolon-separated file by its header and reads quoted commas as text', () => {
    const rows = parseInvitationCsv('E-mail;Full Name;Title\nann@x.example;"Lee, Ann";"CFO; Treasurer"\n');
    expect(rows).toEqual([
      { line: 2, name: 'Lee, Ann', email: 'ann@x.example', company: '', position: 'CFO; Treasurer', problem: null },
    ]);
  });

  it('reads quoted separators, doubled quotes and line breaks, and counts lines after them', () => {
    const csv = [
      'name,email,company',
      '"Olu ""Bo"" Adeyemi",olu@x.example,"Adeyemi, Ross',
      '& Partners"',
      'Kim Tran,kim@x.example,"Line one\r\nline two"',
      'Not Mail,not-an-email,',
    ].join('\n');
    const rows = parseInvitationCsv(csv);
    expect(rows.map((r) => [r.line, r.name, r.company, r.problem])).toEqual([
      [2, 'Olu "Bo" Adeyemi', 'Adeyemi, Ross\n& Partners', null],
      [4, 'Kim Tran', 'Line one\r\nline two', null],
      [6, 'Not Mail', '', PROBLEM_NOT_EMAIL],
    ]);
  });

  it('matches the header case-insensitively, in any order, and joins first and last names', () => {
    expect(simple('EMAIL ADDRESS,Last Name,First Name\nsam@x.example,Reyes,Sam\n')).toEqual([
      { line: 2, name: 'Sam Reyes', email: 'sam@x.example', problem: null },
    ]);
    expect(
      parseInvitationCsv('Job Title\tOrganization\tName\tE-Mail\nCEO\tAcme\tJo\tjo@acme.example')[0],
    ).toMatchObject({
      name: 'Jo',
      email: 'jo@acme.example',
      company: 'Acme',
      position: 'CEO',
    });
  });

  it("takes Excel's sep= line and counts lines from it", () => {
    expect(simple('sep=;\r\nName;Email\r\nAva Stone;ava@x.example\r\n')).toEqual([
      { line: 3, name: 'Ava Stone', email: 'ava@x.example', problem: null },
    ]);
  });

  it('skips blank lines and rows of empty values, and a CR-only file still counts lines', () => {
    expect(simple('Name,Email\r\r\n,,\rZoe Park,zoe@x.example\r')).toEqual([
      { line: 4, name: 'Zoe Park', email: 'zoe@x.example', problem: null },
    ]);
  });

  it('keeps formula-looking names exactly as written', () => {
    const names = ['=HYPERLINK("http://evil.example","Click")', '+1', '-2', '@x', '=1+2'];
    const csv = ['Name,Email', ...names.map((n, i) => `"${n.replace(/"/g, '""')}",f${i}@x.example`)].join('\n');
    expect(parseInvitationCsv(csv).map((r) => r.name)).toEqual(names);
  });
});

describe("each row's problem, with its line", () => {
  it('reports every malformed row', () => {
    const csv = [
      'Name,Email,Company,Position',
      'Ok Person,ok@x.example,,',
      ',noname@x.example,,',
      'No Mail,,,',
      'Bad Mail,bad@,,',
      'Dup Person,OK@X.example,,',
      'Smith, John,john@x.example,Acme,CEO',
      '"Lee" Jr,lee@x.example,,',
      `${'N'.repeat(121)},long@x.example,,`,
      `Long Company,lc@x.example,${'C'.repeat(121)},`,
      `Long Title,lt@x.example,,${'P'.repeat(121)}`,
      'Few Values,few@x.example',
    ].join('\n');
    expect(simple(csv).map((r) => [r.line, r.problem])).toEqual([
      [2, null],
      [3, PROBLEM_NAME_MISSING],
      [4, PROBLEM_EMAIL_MISSING],
      [5, PROBLEM_NOT_EMAIL],
      [6, problemDuplicate(2)],
      [7, problemExtraFields(5, 4)],
      [8, PROBLEM_BAD_QUOTES],
      [9, problemTooLong('Name', 120)],
      [10, problemTooLong('Company', 120)],
      [11, problemTooLong('Position', 120)],
      [12, null],
    ]);
  });

  it('names the first line of a repeated address, whatever the case', () => {
    expect(simple('Name,Email\nA,a@x.example\nB,b@x.example\nA again,A@X.EXAMPLE\nA thrice,a@x.example\n')).toEqual([
      { line: 2, name: 'A', email: 'a@x.example', problem: null },
      { line: 3, name: 'B', email: 'b@x.example', problem: null },
      { line: 4, name: 'A again', email: 'A@X.EXAMPLE', problem: problemDuplicate(2) },
      { line: 5, name: 'A thrice', email: 'a@x.example', problem: problemDuplicate(2) },
    ]);
  });
});

describe('a file that cannot be read as a list', () => {
  it.each([
    ['an empty file', '', CSV_EMPTY],
    ['only a BOM and blank lines', '\uFEFF\r\n\r\n', CSV_EMPTY],
    ['a header without rows', 'Name,Email\r\n\r\n', CSV_NO_ROWS],
    ['bytes that were not UTF-8', 'Name,Email\nJos\uFFFD,jose@x.example\n', CSV_NOT_UTF8],
  ])('refuses %s with 422 and a message', (_, csv, message) => {
    expect(refusal(csv)).toMatchObject({ status: 422, code: 'INVALID_CSV', message, fields: { csv: message } });
  });

  it('refuses a file without a recognisable header, saying what its first line holds', () => {
    const { status, message } = refusal('Dana Whitfield,dana@x.example\nLuis Ortega,luis@x.example\n');
    expect(status).toBe(422);
    expect(message).toMatch(/^The first line must name the columns: Name .* and E-mail/);
    expect(message).toContain('It reads: Dana Whitfield, dana@x.example.');
    expect(refusal('Name,Phone\nA,555\n').message).toContain('It reads: Name, Phone.');
  });

  it('refuses a quote never closed, naming the line it opens on', () => {
    const csv = 'Name,Email\nA,a@x.example\n"B,b@x.example\nC,c@x.example\n';
    expect(refusal(csv)).toMatchObject({
      status: 422,
      message: csvUnclosedQuote(3),
      fields: { 'csv.3': csvUnclosedQuote(3) },
    });
  });

  it(`takes ${INVITATION_ROWS_MAX.toLocaleString('en-US')} rows and refuses one more`, () => {
    const lines = (n: number) =>
      ['Name,Email', ...Array.from({ length: n }, (_, i) => `P ${i},p${i}@x.example`)].join('\n');
    expect(parseInvitationCsv(lines(INVITATION_ROWS_MAX))).toHaveLength(INVITATION_ROWS_MAX);
    expect(refusal(lines(INVITATION_ROWS_MAX + 1)).message).toBe(CSV_TOO_MANY_ROWS);
  });
});
