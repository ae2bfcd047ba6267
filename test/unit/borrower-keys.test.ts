import { describe, expect, it } from 'vitest';
import { BorrowerKeys, BorrowerTotals } from '#shared/rules/borrower-keys.js';

/** The compact borrower keys and totals (shared/rules/borrower-keys.ts) answer as a Map of strings would. */
describe('BorrowerKeys', () => {
  it('numbers keys in the order first added, NRC keys with leading zeros and any other key alike', () => {
    const keys = new BorrowerKeys();
    const list = ['NRC#123456781', 'NRC#0123456781', 'NRC#00123456781', 'EMP#E1', 'NRC#123456789012345', 'NRC#', 'NRC#12a4'];
    expect(list.map((key) => keys.add(key))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(list.map((key) => keys.add(key))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(list.map((_, i) => keys.keyAt(i))).toEqual(list);
    expect(keys.indexOf('NRC#999')).toBe(-1);
    expect(keys.size).toBe(list.length);
  });

  it('holds 300,000 keys as a Map would, past many growths', () => {
    const keys = new BorrowerKeys();
    const map = new Map<string, number>();
    const added: number[] = [];
    const expected: number[] = [];
    for (let i = 0; i < 300_000; i++) {
      const key = i % 7 === 0 ? `EMP#E${i % 50_000}` : `NRC#${String(i % 200_000).padStart(9, '0')}`;
      if (!map.has(key)) map.set(key, map.size);
      added.push(keys.add(key));
      expected.push(map.get(key)!);
    }
    expect(added).toEqual(expected);
    expect(keys.size).toBe(map.size);
    expect([...map.values()].map((index) => keys.keyAt(index))).toEqual([...map.keys()]);
  });
});

describe('BorrowerTotals', () => {
  it('gets, sets and has as a Map of numbers does', () => {
    const totals = new BorrowerTotals();
    expect(totals.get('NRC#1')).toBeUndefined();
    totals.set('NRC#1', 100).set('EMP#E2', 250);
    totals.set('NRC#1', (totals.get('NRC#1') ?? 0) + 50);
    expect([totals.get('NRC#1'), totals.get('EMP#E2'), totals.has('NRC#2'), totals.size]).toEqual([150, 250, false, 2]);
    for (let i = 0; i < 10_000; i++) totals.set(`NRC#${i}`, i);
    expect(totals.get('NRC#9999')).toBe(9_999);
    expect(totals.get('NRC#1')).toBe(1);
  });
});
