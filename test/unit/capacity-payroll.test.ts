import { describe, expect, it } from 'vitest';
import { ASSUMPTIONS, perRowFrom, times, TODAY } from '../../capacity/inputs.js';
import { limits } from '../../capacity/limits.js';
import { monthlyUsage } from '../../capacity/model.js';
import { PAYROLL, payrollUsage } from '../../capacity/payroll.js';
import { readPerRowCosts } from '../../capacity/per-row-costs.js';
import { monthlyCost } from '../../capacity/prices.js';

const perRow = perRowFrom(readPerRowCosts());
const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

describe("the payroll's month in the capacity model", () => {
  const today = payrollUsage(TODAY, ASSUMPTIONS);

  it('counts a schedule line per deduction and grows every figure with the scale', () => {
    expect(today.lines).toBe(TODAY.borrowers * ASSUMPTIONS.loansPerBorrower);
    const tenfold = payrollUsage(times(TODAY, 10), ASSUMPTIONS);
    expect(tenfold.lines).toBe(10 * today.lines);
    expect(tenfold.seconds.scheduleDraw).toBeCloseTo(10 * today.seconds.scheduleDraw);
    expect(tenfold.s3.storageGb).toBeCloseTo(10 * today.s3.storageGb);
    expect(tenfold.itemBytes.reconciliation).toBe(10 * today.itemBytes.reconciliation);
  });

  it("stores the month's last two draws' and every version's files, the applied files, the result files (a CSV for the recorded file only) and the statements over the window", () => {
    const b = PAYROLL.scheduleBytesPerLine;
    const month =
      today.lines *
      ((2 + PAYROLL.versionsPerMonth) * (b.jsonl + b.csv + b.xlsx) +
        PAYROLL.appliedValidations * (PAYROLL.appliedXlsxBytesPerRow + PAYROLL.resultBytesPerLine.jsonl) +
        PAYROLL.resultBytesPerLine.csv +
        PAYROLL.statementBytesPerLine);
    expect(today.s3.storageGb).toBeCloseTo((TODAY.months * month) / 1e9);
  });

  it("adds the payroll's S3, DynamoDB and Lambda to the month's usage and its bill", () => {
    const usage = monthlyUsage(TODAY, perRow);
    expect(usage.payroll).toEqual(today);
    expect(usage.dynamo.writeUnits.payroll).toBe(today.dynamo.writeUnits);
    expect(usage.dynamo.readUnits.payroll).toBe(today.dynamo.readUnits);
    expect(usage.lambda.gbSeconds.payroll).toBe(today.lambda.gbSeconds);
    expect(usage.lambda.invocations.payroll).toBe(today.lambda.invocations);
    const without = { ...usage, s3: { ...usage.s3, storageGb: usage.s3.storageGb - today.s3.storageGb } };
    expect(sum(monthlyCost(usage))).toBeGreaterThan(sum(monthlyCost(without)));
  });

  it('keeps the cost for a thousand borrowers at most $0.10 a month with the payroll in it', () => {
    const bill = monthlyCost(monthlyUsage(TODAY, perRow));
    expect(((sum(bill) - bill['SNS texts']) / TODAY.borrowers) * 1000).toBeLessThanOrEqual(0.1);
  });

  it('lists the limits the payroll approaches, each need over its limit', () => {
    const names = [
      'Payroll schedule draw, time',
      'Payroll schedule draw, memory',
      'Payroll schedule assembly, time',
      'Applied file validation and reconciliation, time',
      'Applied file validation and reconciliation, memory',
      'Applied file, rows',
      "Reconciliation page, the largest lender's lines",
      'Reconciliation month item size',
    ];
    const list = limits(TODAY, perRow);
    for (const name of names) {
      const found = list.find((l) => l.name === name);
      expect(found, name).toBeDefined();
      expect(found!.use).toBeCloseTo(found!.need / found!.limit);
    }
    expect(list.find((l) => l.name === 'Applied file, rows')!.need).toBe(today.lines);
  });
});
