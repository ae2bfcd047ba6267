import { describe, expect, it } from 'vitest';
import { NRC_SIGNAL_BUCKETS } from '#data/uploads/nrc-signals.js';
import { GROWTH, growthUsage } from '../../capacity/growth.js';
import { ASSUMPTIONS, perRowFrom, times, TODAY } from '../../capacity/inputs.js';
import { limits } from '../../capacity/limits.js';
import { monthlyUsage } from '../../capacity/model.js';
import { readPerRowCosts } from '../../capacity/per-row-costs.js';
import { monthlyCost, PRICES } from '../../capacity/prices.js';

const perRow = perRowFrom(readPerRowCosts());
const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

describe('the costs that grow with use', () => {
  const usage = monthlyUsage(TODAY, perRow);
  const g = usage.growth;

  it('counts every text a month: sign-in codes, mandate PINs, claim, use and decision texts', () => {
    const mandates = (TODAY.borrowers * ASSUMPTIONS.loansPerBorrower) / GROWTH.loanMonths;
    expect(g.texts.signInCodes).toBe(TODAY.borrowers * GROWTH.portalSignInsPerBorrower * GROWTH.codesPerSignIn);
    expect([g.texts.mandatePins, g.texts.claims, g.texts.uses]).toEqual([mandates, mandates, mandates]);
    expect(g.texts.decisions).toBe(TODAY.borrowers * GROWTH.disputesPerBorrower);
    expect(g.texts.total).toBeCloseTo(g.texts.signInCodes + 3 * mandates + g.texts.decisions);
    expect(monthlyCost(usage)['SNS texts']).toBeCloseTo(g.texts.total * PRICES.snsTextZambia.usd);
  });

  it('puts every signal bucket and kind list of a validation to S3', () => {
    expect(g.signalBuckets.puts).toBe(usage.rows.validations * (NRC_SIGNAL_BUCKETS + GROWTH.signalKinds));
    const without = usage.s3.puts - g.signalBuckets.puts;
    expect(without).toBeGreaterThan(0);
  });

  it('adds the register, mandates and the outbox to DynamoDB, and a notification per text and email', () => {
    expect(usage.dynamo.writeUnits.register).toBe(g.register.writeUnits);
    expect(usage.dynamo.writeUnits.mandates).toBeGreaterThan(0);
    expect(usage.dynamo.readUnits.register).toBeGreaterThan(0);
    expect(g.notifications.count).toBe(g.texts.total + usage.rows.files * GROWTH.emailsPerFile);
    expect(g.notifications.streamReads).toBe(g.notifications.count);
    expect(usage.dynamo.writeUnits.notifications).toBeGreaterThan(0);
  });

  it('reads the register once a validation (a snapshot), not once a row: reads grow with files, not rows', () => {
    const twiceTheRows = growthUsage({ ...TODAY, largestFileRows: TODAY.largestFileRows * 2 }, 10, 10, ASSUMPTIONS);
    expect(twiceTheRows.register.readUnits).toBe(growthUsage(TODAY, 10, 10, ASSUMPTIONS).register.readUnits);
  });

  it('keeps every limit at most half used today and at most used at ten times, and the platform under $0.10 a month for 1,000 borrowers', () => {
    for (const [scale, goal] of [
      [TODAY, 0.5],
      [times(TODAY, 10), 1],
    ] as const) {
      // Every limit within its goal: the schedule drawn lender by lender (0218), the applied file taken in parts (0221).
      for (const l of limits(scale, perRow)) expect(l.use, `${l.name} at ${scale.label}`).toBeLessThanOrEqual(goal);
    }
    const bill = monthlyCost(usage);
    expect(((sum(bill) - bill['SNS texts']) / TODAY.borrowers) * 1000).toBeLessThanOrEqual(0.1);
    expect(limits(TODAY, perRow).some((l) => l.name.startsWith('Texts/s'))).toBe(true);
  });
});
