import { describe, expect, it } from 'vitest';
import { ISSUE_TYPES, formatIssue, fraudFlag, issueSeverity } from '#shared/rules/issues.js';

describe('fraudFlag', () => {
  it('flags a registry hit on the NRC column', () => {
    expect(fraudFlag(12, '123456/78/9')).toEqual({ row: 12, column: 'NRC', type: 'FRAUD', message: 'NRC 123456/78/9 is on the fraud/scam registry' });
  });
});

describe('issueSeverity', () => {
  it.each(ISSUE_TYPES.map((type) => [type, type === 'NRC' || type === 'REPEAT' ? 'warning' : type === 'FRAUD' ? 'flag' : 'error']))(
    '%s is a(n) %s',
    (type, expected) => {
      expect(issueSeverity(type)).toBe(expected);
    },
  );
});

describe('formatIssue', () => {
  it('renders [type] row N — col C — message', () => {
    expect(formatIssue({ row: 2, column: 'Amount', type: 'AMOUNT', message: 'Amount is required' })).toBe('[AMOUNT] row 2 — col Amount — Amount is required');
  });
  it.each([null, 0])('names the file, not a row, for a file-level issue (row %s)', (row) => {
    expect(formatIssue({ row, column: 'File', type: 'HEADER', message: 'This file is not a valid .xlsx workbook.' })).toBe(
      '[HEADER] File — col File — This file is not a valid .xlsx workbook.',
    );
  });
});
