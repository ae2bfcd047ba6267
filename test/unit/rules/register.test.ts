import { describe, expect, it } from 'vitest';
import { detectRegisterHeader, mapRegisterColumns, missingRegisterHeadersMessage } from '#shared/rules/register-columns.js';
import { createRegisterValidator, REGISTER_MESSAGES, type RegisterIssueType } from '#shared/rules/register.js';

const HEADER = ['EMPLOYEE NUMBER', 'NRC', 'FIRST NAME', 'LAST NAME', 'MOBILE', 'BASIC PAY (ZMW)', 'MINISTRY'];
const columns = mapRegisterColumns(HEADER);
const good = (overrides: Partial<Record<string, unknown>> = {}) => {
  const row: Record<string, unknown> = {
    emp: 'EMP001',
    nrc: '123456/78/9',
    first: 'Mwila',
    last: 'Banda',
    mobile: '0971234567',
    pay: '8,500.00',
    ministry: 'Health',
    ...overrides,
  };
  return [row.emp, row.nrc, row.first, row.last, row.mobile, row.pay, row.ministry];
};

describe('register columns', () => {
  it.each<[string[], Record<string, number>]>([
    [HEADER, { employee_no: 0, nrc: 1, first_name: 2, last_name: 3, mobile: 4, basic_pay: 5, ministry: 6 }],
    [['Emp #', 'National ID', 'Forenames', 'Surname', 'Cell'], { employee_no: 0, nrc: 1, first_name: 2, last_name: 3, mobile: 4 }],
    [['PHONE', 'MOBILE NUMBER', 'MOBILE'], { mobile: 2 }], // the most specific alias wins
    [['basic pay', 'Basic Pay (ZMW)'], { basic_pay: 1 }],
    [['SALARY', 'AMOUNT'], {}],
  ])('%o → %o', (header, expected) => expect(mapRegisterColumns(header)).toEqual(expected));

  it('finds the header under a title row and names what is missing', () => {
    const found = detectRegisterHeader([['PMEC payroll register, November 2026'], [], HEADER, good()]);
    expect(found).toMatchObject({ headerRowIndex: 2, missing: [] });
    const short = detectRegisterHeader([['NRC', 'FIRST NAME', 'LAST NAME']]);
    expect(short.missing).toEqual(['employee_no', 'mobile']);
    expect(missingRegisterHeadersMessage(short.missing)).toBe(
      'Missing required headers: EMPLOYEE NUMBER, MOBILE (expected: EMPLOYEE NUMBER, NRC, FIRST NAME, LAST NAME, MOBILE for the payroll register)',
    );
    expect(detectRegisterHeader([[], null]).headerRowIndex).toBe(-1);
  });
});

describe('register rows', () => {
  it('reads a good row: NRC slashed, mobile in E.164, pay as a number, ministry kept', () => {
    const inspect = createRegisterValidator(columns);
    expect(inspect(good({ nrc: '123456789', mobile: '+260 96 123 4567' }), 2)).toEqual({
      employee: {
        employee_no: 'EMP001',
        nrc: '123456/78/9',
        first_name: 'Mwila',
        last_name: 'Banda',
        mobile: '+260961234567',
        basic_pay: 8500,
        ministry: 'Health',
      },
      issues: [],
    });
    expect(inspect(good({ emp: 'EMP002', nrc: '223456/78/9', pay: '', ministry: '' }), 3).employee).toMatchObject({ basic_pay: null, ministry: null });
  });

  it.each<[string, Partial<Record<string, unknown>>, RegisterIssueType, string]>([
    ['no employee number', { emp: '' }, 'EMPLOYEE', REGISTER_MESSAGES.employeeMissing],
    ['no NRC (an error here, not a warning)', { nrc: '' }, 'NRC', REGISTER_MESSAGES.nrcMissing],
    ['an NRC of the wrong shape', { nrc: '12/34' }, 'NRC', REGISTER_MESSAGES.nrcShape('12/34')],
    ['no first name', { first: ' ' }, 'NAME', REGISTER_MESSAGES.nameMissing('First name')],
    ['no last name', { last: null }, 'NAME', REGISTER_MESSAGES.nameMissing('Last name')],
    ['no mobile', { mobile: '' }, 'MOBILE', REGISTER_MESSAGES.mobile('')],
    ['a landline', { mobile: '0211234567' }, 'MOBILE', REGISTER_MESSAGES.mobile('0211234567')],
    ['a foreign mobile', { mobile: '+27821234567' }, 'MOBILE', REGISTER_MESSAGES.mobile('+27821234567')],
    ['pay that is not an amount', { pay: 'eight thousand' }, 'BASIC_PAY', REGISTER_MESSAGES.basicPay('eight thousand')],
    ['negative pay', { pay: '-100' }, 'BASIC_PAY', REGISTER_MESSAGES.basicPay('-100')],
  ])('refuses a row with %s, and gives no employee', (_, overrides, type, message) => {
    const result = createRegisterValidator(columns)(good(overrides), 7);
    expect(result.employee).toBeNull();
    expect(result.issues).toEqual([expect.objectContaining({ row: 7, type, message })]);
  });

  it('refuses a second row with the same NRC or employee number, naming the first row', () => {
    const inspect = createRegisterValidator(columns);
    expect(inspect(good(), 2).issues).toEqual([]);
    const sameNrc = inspect(good({ emp: 'EMP009', nrc: '123456789' }), 3);
    expect(sameNrc.issues).toEqual([{ row: 3, column: 'NRC', type: 'DUPLICATE', message: REGISTER_MESSAGES.duplicateNrc('123456/78/9', 2) }]);
    const sameEmployee = inspect(good({ nrc: '999999/99/9' }), 4);
    expect(sameEmployee.issues).toEqual([{ row: 4, column: 'Employee No.', type: 'DUPLICATE', message: REGISTER_MESSAGES.duplicateEmployee('EMP001', 2) }]);
  });

  it('skips empty rows without a finding, and reports every problem of a bad row at once', () => {
    const inspect = createRegisterValidator(columns);
    expect(inspect([null, '', '  '], 5)).toEqual({ employee: null, issues: [] });
    expect(inspect(undefined, 6)).toEqual({ employee: null, issues: [] });
    expect(inspect(good({ emp: '', nrc: 'x', mobile: '12' }), 8).issues.map((i) => i.type)).toEqual(['EMPLOYEE', 'NRC', 'MOBILE']);
  });
});
