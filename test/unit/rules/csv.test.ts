import { describe, expect, it } from 'vitest';
import { nrcAuditCsv } from '#shared/api/audit.js';
import { csvCell, csvRow, issuesCsv, toCsv } from '#shared/rules/csv.js';
import { fraudFlag } from '#shared/rules/issues.js';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['=1+1', "'=1+1"],
    ['+27 97 123', "'+27 97 123"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=cmd', "'\t=cmd"],
    ['\r=cmd', `"'\r=cmd"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['a = b', 'a = b'],
    ["'quoted", "'quoted"],
    [42, '42'],
    [-5, '-5'],
    [0, '0'],
    [Number.NaN, ''],
    [null, ''],
    [undefined, ''],
    [true, 'true'],
    [new Date(Date.UTC(2026, 2, 1)), '2026-03-01T00:00:00.000Z'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('csvRow and toCsv', () => {
  it('joins fields with commas and rows with CRLF', () => {
    expect(csvRow(['a', 1, '=x', 'b,c'])).toBe(`a,1,'=x,"b,c"`);
    expect(
      toCsv([
        ['a', 'b'],
        ['c', null],
      ]),
    ).toBe('a,b\r\nc,\r\n');
    expect(toCsv([])).toBe('');
  });
});

describe('issuesCsv', () => {
  it('writes File in the row column of a file-level issue', () => {
    const csv = issuesCsv({ errors: [{ row: null, column: 'File', type: 'HEADER', message: 'The first sheet is empty.' }], warnings: [], fraud: [] });
    expect(csv.split('\r\n')[1]).toBe('error,HEADER,File,File,The first sheet is empty.');
  });

  it('lists errors, then warnings, then fraud flags', () => {
    const csv = issuesCsv({
      errors: [{ row: 3, column: 'Amount', type: 'AMOUNT', message: 'Amount must be > 0' }],
      warnings: [{ row: 4, column: 'NRC', type: 'NRC', message: 'Duplicate NRC in file (123456/78/9).' }],
      fraud: [fraudFlag(5, '123456/78/9')],
    });
    expect(csv).toBe(
      [
        'severity,type,row,column,message',
        'error,AMOUNT,3,Amount,Amount must be > 0',
        'warning,NRC,4,NRC,Duplicate NRC in file (123456/78/9).',
        'flag,FRAUD,5,NRC,NRC 123456/78/9 is on the fraud/scam registry',
        '',
      ].join('\r\n'),
    );
  });

  it('neutralises a message that looks like a formula', () => {
    const csv = issuesCsv({ errors: [{ row: 2, column: 'Payee Key', type: 'PAYEE_KEY', message: '=cmd|x' }], warnings: [], fraud: [] });
    expect(csv.split('\r\n')[1]).toBe("error,PAYEE_KEY,2,Payee Key,'=cmd|x");
  });
});

describe('every CSV the product writes', () => {
  // Formula injection: a cell starting with = + - @ (or a tab or carriage return) never reaches a spreadsheet as a formula.
  const HOSTILE = ['=HYPERLINK("http://evil","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', "=cmd|' /C calc'!A0"];
  const parse = (csv: string): string[][] =>
    // A small RFC 4180 reader: enough to see each cell as a spreadsheet would.
    csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .map((line) =>
        [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => (m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!)),
      );

  const writers: [string, (text: string) => string][] = [
    ['the validation report (issuesCsv)', (text) => issuesCsv({ errors: [{ row: 2, column: text, type: 'AMOUNT', message: text }], warnings: [], fraud: [] })],
    [
      "an NRC's audit trail (nrcAuditCsv)",
      (text) =>
        nrcAuditCsv({
          nrc: '123456/78/9',
          lookups: [
            {
              id: text,
              ts: '2026-03-01T00:00:00.000Z',
              actor_id: text,
              actor_email: text,
              actor_roles: [text],
              org_id: text,
              action: text,
              subject: text,
              outcome: 'ok',
              details: {},
              entry_id: null,
            },
          ],
          reports: [],
          other: [],
        }),
    ],
  ];

  it.each(writers.flatMap(([name, write]) => HOSTILE.map((text) => [name, JSON.stringify(text), write, text] as const)))(
    '%s neutralises %s',
    (_name, _shown, write, text) => {
      const cells = parse(write(text)).flat();
      expect(cells.some((cell) => cell.includes(text.trim()))).toBe(true);
      for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    },
  );
});
