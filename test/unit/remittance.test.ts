import { describe, expect, it } from 'vitest';
import { lusakaToday, parseStatementNumber, remittanceDifference, remittanceState, statementNumber } from '#shared/rules/remittance.js';

describe('statement numbers', () => {
  it.each([
    ['2026-11', '1234', 'RS-202611-1234'],
    ['2027-01', 'B123', 'RS-202701-B123'],
    ['2026-03', 'BANK.ZM_1-2', 'RS-202603-BANK.ZM_1-2'],
  ])('%s and payee key %s number RS-YYYYMM-KEY, and read back', (month, payeeKey, number) => {
    expect(statementNumber(month, payeeKey)).toBe(number);
    expect(parseStatementNumber(number)).toEqual({ month, payeeKey });
  });

  it.each([
    ['lower case and spaces', ' rs-202611-b123 ', { month: '2026-11', payeeKey: 'B123' }],
    ['month 13', 'RS-202613-1234', null],
    ['no payee key', 'RS-202611-', null],
    ['another prefix', 'ST-202611-1234', null],
    ['a path', 'RS-202611-12/34', null],
  ])('%s', (_label, text, expected) => {
    expect(parseStatementNumber(text)).toEqual(expected);
  });
});

describe('what arrived against a statement', () => {
  it.each([
    [450, null, 'awaiting', null],
    [450, { amount: 450, resolved: false }, 'matched', 0],
    [0.3, { amount: 0.1 + 0.2, resolved: false }, 'matched', 0],
    [450, { amount: 420.5, resolved: false }, 'difference', -29.5],
    [450, { amount: 460, resolved: false }, 'difference', 10],
    [450, { amount: 420.5, resolved: true }, 'resolved', -29.5],
  ] as const)('statement %s, received %o: %s', (total, receipt, state, difference) => {
    expect(remittanceState(total, receipt)).toBe(state);
    if (receipt) expect(remittanceDifference(total, receipt.amount)).toBe(difference);
  });

  it("takes today as Lusaka's day (UTC+2)", () => {
    expect(lusakaToday(new Date('2026-11-27T21:59:00Z'))).toBe('2026-11-27');
    expect(lusakaToday(new Date('2026-11-27T22:00:00Z'))).toBe('2026-11-28');
  });
});
