import { describe, expect, it } from 'vitest';
import { detectAppliedHeader, missingAppliedHeadersMessage } from '#shared/rules/applied-columns.js';
import { APPLIED_MESSAGES, createAppliedValidator, parseAppliedReason } from '#shared/rules/applied.js';

const columns = { employee_no: 0, nrc: 1, payee_key: 2, amount: 3, reason: 4 };
const good = ['EMP1', '123456/10/1', 'A001', 250, null];

describe('the applied deductions rules', () => {
  it.each([
    ['a full row', good, [], { payee_key: 'A001', employee_no: 'EMP1', nrc: '123456/10/1', amount: 250, reason: null }],
    [
      'less, with a reason as people write it',
      ['EMP1', '123456/10/1', 'a001', '100.50', 'insufficient_pay'],
      [],
      { amount: 100.5, reason: 'INSUFFICIENT PAY', payee_key: 'A001' },
    ],
    ['nothing, with the reason', ['EMP1', '123456/10/1', 'A001', 0, 'Left service'], [], { amount: 0, reason: 'LEFT SERVICE' }],
    ['no employee number', ['', '123456/10/1', 'A001', 250, null], [['EMPLOYEE', APPLIED_MESSAGES.employeeMissing]], null],
    ['no NRC', ['EMP1', '', 'A001', 250, null], [['NRC', APPLIED_MESSAGES.nrcMissing]], null],
    ['an NRC of the wrong shape', ['EMP1', '12345', 'A001', 250, null], [['NRC', APPLIED_MESSAGES.nrcShape('12345')]], null],
    ['no payee key', ['EMP1', '123456/10/1', '', 250, null], [['PAYEE_KEY', APPLIED_MESSAGES.payeeKeyMissing]], null],
    ['a payee key of the wrong shape', ['EMP1', '123456/10/1', '#', 250, null], [['PAYEE_KEY', APPLIED_MESSAGES.payeeKeyShape('#')]], null],
    ['no amount', ['EMP1', '123456/10/1', 'A001', '', null], [['AMOUNT', APPLIED_MESSAGES.amountMissing]], null],
    ['an amount that is not one', ['EMP1', '123456/10/1', 'A001', 'lots', null], [['AMOUNT', APPLIED_MESSAGES.amountInvalid('lots')]], null],
    ['a negative amount', ['EMP1', '123456/10/1', 'A001', -5, null], [['AMOUNT', APPLIED_MESSAGES.amountNegative('-5')]], null],
    ['an amount below the ngwee', ['EMP1', '123456/10/1', 'A001', 1.005, null], [['AMOUNT', APPLIED_MESSAGES.amountNgwee('1.005')]], null],
    ['an unknown reason', ['EMP1', '123456/10/1', 'A001', 10, 'ON LEAVE'], [['REASON', APPLIED_MESSAGES.reasonUnknown('ON LEAVE')]], null],
    ['nothing deducted without a reason', ['EMP1', '123456/10/1', 'A001', 0, null], [['REASON', APPLIED_MESSAGES.reasonRequired]], null],
  ] as const)('%s', (_label, cells, issues, row) => {
    const inspection = createAppliedValidator(columns)(cells, 2);
    expect(inspection.issues.map((issue) => [issue.type, issue.message])).toEqual(issues);
    if (row) expect(inspection.row).toMatchObject(row);
    else expect(inspection.row).toBeNull();
  });

  it('refuses an employee twice under one payee key, not under two', () => {
    const inspect = createAppliedValidator(columns);
    expect(inspect(good, 2).issues).toEqual([]);
    expect(inspect(['EMP1', '123456/10/1', 'B002', 10, null], 3).issues).toEqual([]);
    expect(inspect(['emp1', '123456/10/1', 'A001', 10, null], 4).issues).toEqual([
      { row: 4, column: 'Employee No.', type: 'DUPLICATE', message: APPLIED_MESSAGES.duplicate('emp1', 'A001', 2) },
    ]);
  });

  it.each([
    ['Insufficient Pay', 'INSUFFICIENT PAY'],
    ['DECEASED', 'DECEASED'],
    ['  suspended ', 'SUSPENDED'],
    ['other', 'OTHER'],
    ['gone', null],
  ])('reads the reason %j as %j', (text, reason) => {
    expect(parseAppliedReason(text)).toBe(reason);
  });

  it('finds the header row with the aliases, and names missing columns', () => {
    const found = detectAppliedHeader([['Applied deductions, November'], ['Emp ID', 'NRC No', 'Payee Code', 'Amount Deducted', 'Reason']]);
    expect(found).toMatchObject({ headerRowIndex: 1, columns: { employee_no: 0, nrc: 1, payee_key: 2, amount: 3, reason: 4 }, missing: [] });
    const missing = detectAppliedHeader([['EMPLOYEE NUMBER', 'NRC']]).missing;
    expect(missingAppliedHeadersMessage(missing)).toBe(
      'Missing required headers: PAYEE KEY, AMOUNT DEDUCTED (expected: EMPLOYEE NUMBER, NRC, PAYEE KEY, AMOUNT DEDUCTED, and REASON when less was deducted, for the applied deductions file)',
    );
  });
});
