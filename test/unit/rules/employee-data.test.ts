import { describe, expect, it } from 'vitest';
import { displayText } from '#shared/rules/display-name.js';
import { employeeNumberKey, sameEmployeeNumber } from '#shared/rules/employee-number.js';
import { mapRegisterColumns } from '#shared/rules/register-columns.js';
import { createRegisterValidator, REGISTER_MESSAGES } from '#shared/rules/register.js';
import { attentionCount, needsAttention, SIGNAL_TYPES, tally, type Signal, type SignalType } from '#shared/rules/signals.js';
import { decidedInFavour } from '#shared/rules/upheld-disputes.js';

describe('employee numbers', () => {
  it.each<[string | null, string | null, boolean]>([
    ['EMP0042', 'EMP0042', true],
    ['emp0042', 'EMP0042', true],
    [' Emp0042 ', 'eMP0042', true],
    ['20260008', '20260008', true],
    ['EMP0042', 'EMP0043', false],
    ['EMP0042', null, false],
    [null, null, false],
  ])('%j and %j are one employee: %s', (a, b, same) => expect(sameEmployeeNumber(a, b)).toBe(same));

  it.each([
    ['emp0042', 'EMP0042'],
    [' 20260008 ', '20260008'],
    ['Ab-12', 'AB-12'],
  ])('%j is keyed %j', (number, key) => expect(employeeNumberKey(number)).toBe(key));
});

describe('signals needing a person’s eye', () => {
  it.each<[SignalType, boolean]>([
    ['IDENTITY', true],
    ['EXPOSURE', true],
    ['DISPUTED', true],
    ['NO_MANDATE', true],
    ['NOT_ON_PAYROLL', true],
    ['AFFORDABILITY', true],
    ['LEFT_SERVICE', true],
    ['NEW', false],
    ['CHANGED', false],
    ['MISSING', false],
    ['STOPPAGE_UNKNOWN', false],
  ])('%s needs attention: %s', (type, expected) => expect(needsAttention(type)).toBe(expected));

  it('covers every signal type', () => expect(SIGNAL_TYPES.filter(needsAttention)).toHaveLength(7));

  const signalOf = (type: SignalType): Signal => ({ row: 2, type, nrc: null, employee_no: null, message: '' });
  it.each<[SignalType[], number]>([
    [[], 0],
    [['AFFORDABILITY'], 1],
    [['NOT_ON_PAYROLL', 'NOT_ON_PAYROLL'], 2],
    [['IDENTITY', 'EXPOSURE', 'DISPUTED', 'NO_MANDATE', 'NOT_ON_PAYROLL', 'AFFORDABILITY', 'LEFT_SERVICE'], 7],
    [['NEW', 'CHANGED', 'MISSING', 'STOPPAGE_UNKNOWN'], 0],
    [['NEW', 'AFFORDABILITY', 'MISSING'], 1],
  ])('%j counts %i to check', (types, expected) => expect(attentionCount(tally(types.map(signalOf), 3))).toBe(expected));

  it('reads a kind missing from older counts as none', () => expect(attentionCount({ identity: 1, exposure: 2 })).toBe(3));
});

describe('deductions decided in the employee’s favour', () => {
  const upheld = [{ payee_key: 'BKA01', month: '2026-10' }];
  it.each<[string, string, 'input' | 'stoppage', boolean]>([
    ['BKA01', '2026-10', 'input', true],
    ['BKA01', '2026-11', 'input', true],
    ['BKA01', '2026-09', 'input', false],
    ['BKB02', '2026-10', 'input', false],
    ['BKA01', '2026-11', 'stoppage', false],
  ])('%s %s %s: %s', (payee_key, month, kind, expected) => expect(decidedInFavour({ payee_key, month, kind }, upheld)).toBe(expected));

  it('holds nothing without an upheld dispute', () => expect(decidedInFavour({ payee_key: 'BKA01', month: '2026-10', kind: 'input' }, [])).toBe(false));
});

describe('free text shown to others', () => {
  it.each([
    ['Not my loan', 'Not my loan'],
    ['Not mine \u202Eevil\u202C', 'Not mine evil'],
    ['\u2066isolated\u2069 text\u200F', 'isolated text'],
    ['a\u0007bell\u0000 and \u009Bcsi', 'abell and csi'],
    ['two\r\nlines\rthree', 'two\nlines\nthree'],
    ['  tabs\there  ', 'tabshere'],
  ])('%j shows as %j', (text, shown) => expect(displayText(text)).toBe(shown));
});

describe('register names', () => {
  const columns = mapRegisterColumns(['EMPLOYEE NUMBER', 'NRC', 'FIRST NAME', 'LAST NAME', 'MOBILE']);
  const row = (first: string, last: string) => ['EMP1', '123456/78/9', first, last, '0971234567'];
  it.each<[string, string, string | null]>([
    ['Mwila', 'Banda', null],
    ['M'.repeat(100), 'Banda', null],
    ['M'.repeat(101), 'Banda', REGISTER_MESSAGES.nameTooLong('First name', 101)],
    ['Mwila', 'B'.repeat(140), REGISTER_MESSAGES.nameTooLong('Last name', 140)],
  ])('%s %s: %s', (first, last, message) => {
    const inspected = createRegisterValidator(columns)(row(first, last), 2);
    expect(inspected.issues.map((i) => i.message)).toEqual(message ? [message] : []);
  });

  it('keeps a name without its bidi and control characters', () => {
    const inspected = createRegisterValidator(columns)(row('Mwi\u202Ela', 'Ban\u0000da'), 2);
    expect(inspected.employee).toMatchObject({ first_name: 'Mwila', last_name: 'Banda' });
  });

  it('finds two rows of one employee number in any letter case', () => {
    const inspect = createRegisterValidator(columns);
    inspect(['emp7', '123456/78/9', 'A', 'B', '0971234567'], 2);
    expect(inspect(['EMP7', '223456/78/9', 'C', 'D', '0971234568'], 3).issues.map((i) => i.type)).toEqual(['DUPLICATE']);
  });
});
