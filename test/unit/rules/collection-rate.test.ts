import { describe, expect, it } from 'vitest';
import { collectionRate, monthsEnding } from '#shared/rules/collection-rate.js';

describe('collectionRate', () => {
  it.each([
    [1000, 1000, 100],
    [1000, 500, 50],
    [300, 100, 33.3],
    [200, 0, 0],
    [100, 150, 100],
    [0, 50, null],
    [0, 0, null],
  ] as const)('asked %d, applied %d: %s%', (expected, applied, rate) => {
    expect(collectionRate(expected, applied)).toBe(rate);
  });
});

describe('monthsEnding', () => {
  it.each([
    ['2026-11', 3, ['2026-09', '2026-10', '2026-11']],
    ['2026-02', 3, ['2025-12', '2026-01', '2026-02']],
    ['2026-12', 1, ['2026-12']],
  ] as const)('%s, %d months', (last, count, months) => {
    expect(monthsEnding(last, count)).toEqual(months);
  });

  it('gives 12 months across a year', () => {
    const months = monthsEnding('2027-01', 12);
    expect(months).toHaveLength(12);
    expect([months[0], months[11]]).toEqual(['2026-02', '2027-01']);
  });
});
