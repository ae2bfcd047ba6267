import { describe, expect, it } from 'vitest';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { borrowersOf } from '#shared/rules/signal-borrowers.js';
import { FileBorrowers } from '../../lambdas/events/file-borrowers.js';

/**
 * The Lambda keeps a file's borrowers in a compact table while it reads the rows (lambdas/events/file-borrowers.ts):
 * the signals must read from it exactly the borrowers the shared rule makes of the same rows.
 */
const row = (over: Partial<CanonicalRow>): CanonicalRow => ({
  employee_no: 'E1',
  nrc: '123456/78/1',
  start_date: '2026-01-01',
  end_date: '2027-01-31',
  installment_amount: 100.1,
  amount: 100.1,
  payee_key: 'P001',
  first_name: 'Jane',
  last_name: 'Banda',
  ...over,
});

const ROWS: CanonicalRow[] = [
  row({}),
  // Two loans of one borrower: summed to the ngwee, the later end date kept, the first name given kept.
  row({ nrc: '22222222/11/1', employee_no: 'E2', installment_amount: 0.2, first_name: undefined, last_name: undefined }),
  row({ nrc: '22222222/11/1', employee_no: 'E2b', installment_amount: 0.1, end_date: '2029-05-31', first_name: 'Mwila' }),
  // An NRC its digits do not give back slashed, and one written without slashes.
  row({ nrc: '1234567/8/90', employee_no: 'E3' }),
  row({ nrc: '987654321', employee_no: 'E4' }),
  // An employee number beyond ASCII, and none at all beside an NRC.
  row({ nrc: '333333/33/3', employee_no: 'ÉC-7' }),
  row({ nrc: '444444/44/4', employee_no: null }),
  // No NRC: keyed by employee number; neither: no borrower.
  row({ nrc: null, employee_no: 'E5' }),
  row({ nrc: null, employee_no: null }),
];

describe('FileBorrowers', () => {
  it('holds the borrowers borrowersOf makes of the same rows, in the same order', () => {
    const table = new FileBorrowers();
    ROWS.forEach((r, i) => table.add(r, i + 2));
    const expected = borrowersOf(
      ROWS,
      ROWS.map((_, i) => i + 2),
    );
    expect([...table.entries()]).toEqual([...expected.entries()]);
    expect(table.size).toBe(expected.size);
    expect(table.get('NRC#22222222111')).toEqual(expected.get('NRC#22222222111'));
    expect(table.get('NRC#22222222111')).toMatchObject({ installment: 0.3, end_date: '2029-05-31', name: 'Mwila Banda', row: 3 });
    expect(table.has('EMP#E5')).toBe(true);
    expect(table.get('EMP#nobody')).toBeUndefined();
  });

  it('reads the same as the Map over many borrowers, past its first arrays', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      row({ nrc: `${100_000 + (i % 9_000)}/${10 + (i % 80)}/1`, employee_no: `E${i}`, installment_amount: (i % 97) + 0.05 }),
    );
    const table = new FileBorrowers();
    many.forEach((r, i) => table.add(r, i + 2));
    expect(new Map(table)).toEqual(
      borrowersOf(
        many,
        many.map((_, i) => i + 2),
      ),
    );
  });
});
