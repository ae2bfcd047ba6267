import { describe, expect, it } from 'vitest';
import { FRAUD_TYPES, canSubmitFraudReport, fraudReportSchema, validateFraudReport } from '#shared/rules/fraud-report.js';

const REPORT = {
  type: 'Loan stacking',
  nrc: '123456/78/9',
  person_name: ' Jane Banda ',
  payee_key: ' a001 ',
  report_month: '2026-03',
  description: '  Two loans in one month.  ',
};

const NRC_MESSAGE = 'NRC format should be like 123456/78/9 (6–8 digits, slash, 2 digits, slash, 1 digit).';
const PAYEE_MESSAGE = 'Payee Key looks invalid. Use letters/digits (e.g., A001).';

function errorsFor(changes: Record<string, unknown>) {
  const result = validateFraudReport({ ...REPORT, ...changes } as never);
  return result.ok ? {} : result.errors;
}

describe('FRAUD_TYPES', () => {
  it('lists the eight types of spec §3 in order', () => {
    expect(FRAUD_TYPES).toEqual([
      'Identity theft',
      'Fake documents / forgery',
      'Loan stacking',
      'Payroll manipulation',
      'Ghost employee',
      'Account takeover',
      'Phishing / scam',
      'Other',
    ]);
  });
});

describe('fraudReportSchema', () => {
  it('trims text, upper-cases the payee key and keeps the slashed NRC', () => {
    expect(fraudReportSchema.parse(REPORT)).toEqual({
      type: 'Loan stacking',
      nrc: '123456/78/9',
      person_name: 'Jane Banda',
      payee_key: 'A001',
      report_month: '2026-03',
      description: 'Two loans in one month.',
    });
  });

  it.each([
    ['person_name', 161, "Person's full name must be at most 160 characters."],
    ['description', 2_001, 'Description must be at most 2,000 characters.'],
    ['description', 600 * 1024, 'Description must be at most 2,000 characters.'],
  ])('rejects a %s of %i characters with %j', (field, length, message) => {
    expect(errorsFor({ [field]: 'x'.repeat(length) })).toEqual({ [field]: message });
  });

  it('takes the longest allowed text, counted after trimming', () => {
    const long = { person_name: ` ${'N'.repeat(160)} `, description: ` ${'d'.repeat(2_000)}\n` };
    expect(errorsFor(long)).toEqual({});
  });

  it('drops a typed Reporting FI: the server names the organisation holding the payee key', () => {
    expect(fraudReportSchema.parse({ ...REPORT, fi_name: 'Another Bank' })).not.toHaveProperty('fi_name');
  });

  it.each([[undefined], [null], ['   ']])('takes a missing description %j as empty', (description) => {
    expect(fraudReportSchema.parse({ ...REPORT, description }).description).toBe('');
  });

  it.each(FRAUD_TYPES)('accepts the type %j', (type) => {
    expect(errorsFor({ type })).toEqual({});
  });

  it.each([
    ['123456/78/9', '123456/78/9'],
    ['1234567/89/0', '1234567/89/0'],
    ['12345678/90/1', '12345678/90/1'],
    ['NRC 123456/78/9.', '123456/78/9'],
    [' 123 456 / 78 / 9 ', '123456/78/9'],
    ['123456789', '123456/78/9'],
    ['123456-78-9', '123456/78/9'],
    ['12345678901', '12345678/90/1'],
  ])('accepts the NRC %j as %j', (nrc, expected) => {
    expect(fraudReportSchema.parse({ ...REPORT, nrc }).nrc).toBe(expected);
  });

  it.each([
    ['A0', 'A0'],
    ['fi.bank_1-x', 'FI.BANK_1-X'],
    ['c123', 'C123'],
    ['A'.repeat(20), 'A'.repeat(20)],
  ])('accepts the payee key %j as %j', (payee_key, expected) => {
    expect(fraudReportSchema.parse({ ...REPORT, payee_key }).payee_key).toBe(expected);
  });

  it.each([
    ['type', '', 'Type is required.'],
    ['type', undefined, 'Type is required.'],
    ['type', 'Fraud', 'Type must be one of the listed fraud types.'],
    ['type', 'loan stacking', 'Type must be one of the listed fraud types.'],
    ['nrc', '', 'NRC is required.'],
    ['nrc', undefined, 'NRC is required.'],
    ['nrc', 'abc', NRC_MESSAGE],
    ['nrc', '12345/67/8', NRC_MESSAGE],
    ['nrc', '123456/7/8', NRC_MESSAGE],
    ['nrc', '123456/78/90', NRC_MESSAGE],
    ['nrc', '123456789/01/2', NRC_MESSAGE],
    ['nrc', '12345678', NRC_MESSAGE],
    ['nrc', '123456789012', NRC_MESSAGE],
    ['person_name', '', "Person's full name is required."],
    ['person_name', null, "Person's full name is required."],
    ['payee_key', '', 'Payee Key is required.'],
    ['payee_key', 'A', PAYEE_MESSAGE],
    ['payee_key', 'A'.repeat(21), PAYEE_MESSAGE],
    ['payee_key', 'A 001', PAYEE_MESSAGE],
    ['payee_key', 'A001!', PAYEE_MESSAGE],
    ['report_month', '', 'Report Month is required.'],
    ['report_month', '2026-3', 'Month must be YYYY-MM.'],
    ['report_month', '2026-13', 'Month must be YYYY-MM.'],
    ['report_month', '2026-00', 'Month must be YYYY-MM.'],
    ['report_month', '03-2026', 'Month must be YYYY-MM.'],
    ['report_month', '2026/03', 'Month must be YYYY-MM.'],
    ['report_month', '2026-03-01', 'Month must be YYYY-MM.'],
  ])('rejects %s %j with %j', (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
  });

  it('reports every failing field at once', () => {
    const result = validateFraudReport({});
    expect(result).toEqual({
      ok: false,
      errors: {
        type: 'Type is required.',
        nrc: 'NRC is required.',
        person_name: "Person's full name is required.",
        payee_key: 'Payee Key is required.',
        report_month: 'Report Month is required.',
      },
    });
  });
});

describe('canSubmitFraudReport', () => {
  it('allows a filled form', () => {
    expect(canSubmitFraudReport(REPORT)).toBe(true);
  });

  it('allows a form without a description', () => {
    expect(canSubmitFraudReport({ ...REPORT, description: undefined })).toBe(true);
  });

  it('refuses while a request is in progress', () => {
    expect(canSubmitFraudReport(REPORT, true)).toBe(false);
  });

  it.each(
    ['type', 'nrc', 'person_name', 'payee_key', 'report_month'].flatMap((field) => [
      [field, ''],
      [field, '   '],
      [field, undefined],
      [field, null],
    ]),
  )('refuses when %s is %j', (field, value) => {
    expect(canSubmitFraudReport({ ...REPORT, [field]: value })).toBe(false);
  });

  it('refuses an NRC that keeps nothing once sanitised', () => {
    expect(canSubmitFraudReport({ ...REPORT, nrc: 'abc' })).toBe(false);
  });
});
