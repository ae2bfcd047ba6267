import { describe, expect, it } from 'vitest';
import { canonicalRow } from '#shared/rules/canonical-row.js';
import { headerField, mapColumns } from '#shared/rules/headers.js';
import { citationOf, citedNumber, mandateError, mandatesRequired, noMandateSignals } from '#shared/rules/mandate-signals.js';
import type { MandateTerms } from '#shared/rules/mandate.js';
import { borrowersOf, type Borrower } from '#shared/rules/signals.js';
import { FileBorrowers } from '../../../lambdas/events/file-borrowers.js';

const CTX = { month: '2026-05', payeeKey: 'A001' };
const borrower = (over: Partial<Borrower> = {}): Borrower => ({
  key: 'NRC#123456789',
  row: 7,
  nrc: '123456/78/9',
  digits: '123456789',
  employee_no: 'E1',
  name: 'Jane Banda',
  installment: 400,
  end_date: '2027-01-31',
  ...over,
});
const terms = (over: Partial<MandateTerms> = {}): MandateTerms => ({
  number: 'MD-7K3Q-9ZXW',
  nrc: '123456/78/9',
  payee_key: 'A001',
  max_monthly: 500,
  last_month: '2027-06',
  state: 'claimed',
  used_month: null,
  ...over,
});

describe('the MANDATE column', () => {
  it.each(['MANDATE', 'Mandate No', 'MANDATE NUMBER', 'consent ref'])('is named %j', (header) => {
    expect(headerField(header)).toBe('mandate');
  });

  it('is carried on the canonical row when the cell holds something, and left off when blank', () => {
    const columns = mapColumns(['EMPLOYEE NUMBER', 'NRC', 'START DATE', 'END DATE', 'INSTALLMENT', 'PAYEE KEY', 'MANDATE NO']);
    expect(canonicalRow(['E1', '123456/78/9', '2026-05-01', '2026-12-31', 400, 'A001', ' md-7k3q-9zxw '], columns)).toMatchObject({ mandate: 'md-7k3q-9zxw' });
    expect(canonicalRow(['E1', '123456/78/9', '2026-05-01', '2026-12-31', 400, 'A001', ''], columns)).not.toHaveProperty('mandate');
  });

  it('gives a borrower the first mandate its rows cite, in the plain and the compact table alike', () => {
    const columns = mapColumns(['EMPLOYEE NUMBER', 'NRC', 'START DATE', 'END DATE', 'INSTALLMENT', 'PAYEE KEY', 'MANDATE']);
    const rows = [
      canonicalRow(['E1', '123456/78/9', '2026-05-01', '2026-12-31', 100, 'A001', ''], columns)!,
      canonicalRow(['E1', '123456/78/9', '2026-05-01', '2027-01-31', 300, 'A001', 'MD-7K3Q-9ZXW'], columns)!,
      canonicalRow(['E1', '123456/78/9', '2026-05-01', '2026-12-31', 50, 'A001', 'MD-0000-0000'], columns)!,
    ];
    const compact = new FileBorrowers();
    rows.forEach((row, i) => compact.add(row, i + 2));
    for (const table of [borrowersOf(rows, [2, 3, 4]), compact]) {
      expect(table.get('NRC#123456789')).toMatchObject({ installment: 450, end_date: '2027-01-31', mandate: 'MD-7K3Q-9ZXW' });
    }
  });
});

describe('noMandateSignals', () => {
  it('says nothing of a new deduction its claimed mandate covers', () => {
    expect(noMandateSignals(CTX, [borrower({ mandate: 'md 7k3q 9zxw' })], new Map([['MD-7K3Q-9ZXW', terms()]]))).toEqual([]);
  });

  it('flags one citing nothing, or a number that names nothing, on its row', () => {
    const signals = noMandateSignals(CTX, [borrower(), borrower({ row: 9, mandate: 'not a number' })], new Map());
    expect(signals).toEqual([
      { row: 7, type: 'NO_MANDATE', nrc: '123456/78/9', employee_no: 'E1', message: 'A new deduction must cite the employee’s mandate in the MANDATE column.' },
      {
        row: 9,
        type: 'NO_MANDATE',
        nrc: '123456/78/9',
        employee_no: 'E1',
        message: 'Mandate not a number does not exist. Check the number the employee gave.',
      },
    ]);
  });

  it('judges the borrower’s installments together against the limit', () => {
    const [signal] = noMandateSignals(CTX, [borrower({ installment: 500.01, mandate: 'MD-7K3Q-9ZXW' })], new Map([['MD-7K3Q-9ZXW', terms()]]));
    expect(signal?.message).toBe('The installment ZMW 500.01 is over the mandate’s limit of ZMW 500.00 a month.');
  });

  it('reads the citation from the borrower and the file', () => {
    expect(citationOf(CTX, borrower({ mandate: ' MD-7K3Q-9ZXW ' }))).toEqual({
      nrc: '123456/78/9',
      payee_key: 'A001',
      amount: 400,
      end_date: '2027-01-31',
      month: '2026-05',
      cited: 'MD-7K3Q-9ZXW',
    });
    expect(citedNumber(borrower({ mandate: 'mdoooo1111' }))).toBe('MD-0000-1111');
    expect(citedNumber(borrower())).toBeNull();
  });
});

describe('mandates required from a month', () => {
  it.each<[string | null, string, boolean]>([
    [null, '2026-05', false],
    ['2026-06', '2026-05', false],
    ['2026-05', '2026-05', true],
    ['2026-05', '2027-01', true],
  ])('from %j, a %s file: %j', (from, month, required) => {
    expect(mandatesRequired(from, month)).toBe(required);
  });

  it('turns a NO_MANDATE signal into a row error in the Mandate column', () => {
    expect(mandateError({ row: 7, type: 'NO_MANDATE', nrc: null, employee_no: 'E1', message: 'x' })).toEqual({
      row: 7,
      column: 'Mandate',
      type: 'MANDATE',
      message: 'x',
    });
  });
});
