import { describe, expect, it } from 'vitest';
import { AppliedIndex } from '#shared/rules/applied-index.js';
import { APPLIED_MESSAGES, createAppliedValidator } from '#shared/rules/applied.js';

const columns = { employee_no: 0, nrc: 1, payee_key: 2, amount: 3, reason: 4 };

describe('AppliedIndex', () => {
  it('holds the good rows by payee key and employee number, and hands each out once', () => {
    const index = new AppliedIndex();
    const inspect = createAppliedValidator(columns, index);
    for (const [n, cells] of [
      ['EMP1', '123456/10/1', 'A001', 250.5, null],
      ['emp2 ', '123457/10/1', 'A001', 0, 'LEFT SERVICE'],
      ['EMP1', '123456/10/1', 'B002', 10, null],
    ].entries()) {
      const { row } = inspect(cells, n + 2);
      if (row) index.add(row);
    }
    expect(index.payeeKeys()).toEqual(['A001', 'B002']);
    expect(index.take('A001', 'EMP1')).toEqual({ payee_key: 'A001', employee_no: 'EMP1', nrc: '123456/10/1', amount: 250.5, reason: null });
    expect(index.take('A001', 'EMP1')).toBeNull();
    expect(index.takeRest('A001')).toEqual([{ payee_key: 'A001', employee_no: 'emp2', nrc: '123457/10/1', amount: 0, reason: 'LEFT SERVICE' }]);
    expect(index.payeeKeys()).toEqual(['B002']);
  });

  it('is the rules’ duplicate check: a second row of a key names the first, even when the first had an error', () => {
    const index = new AppliedIndex();
    const inspect = createAppliedValidator(columns, index);
    expect(inspect(['EMP1', '123456/10/1', 'A001', -5, null], 2).row).toBeNull();
    expect(inspect(['emp1', '123456/10/1', 'A001', 10, null], 3).issues).toEqual([
      { row: 3, column: 'Employee No.', type: 'DUPLICATE', message: APPLIED_MESSAGES.duplicate('emp1', 'A001', 2) },
    ]);
    expect(index.take('A001', 'EMP1')).toBeNull();
    expect(index.takeRest('A001')).toEqual([]);
  });
});
