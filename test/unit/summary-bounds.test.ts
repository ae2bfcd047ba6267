import { describe, expect, it } from 'vitest';
import { boundedWrite, ENTRIES_PER_PAYEE, ENTRY_BYTES, MAX_ENTRIES } from '#data/history/summary-bounds.js';

/** A stored entry of a payee key in a month; `n` is the submission's place in time. */
const entry = (payee: string, n: number, name = 'Jane Banda', employeeNo = 'E1') => ({
  p: payee,
  m: `20${String(10 + Math.floor(n / 12)).padStart(2, '0')}-${String((n % 12) + 1).padStart(2, '0')}`,
  k: 'input',
  i: 250,
  e: '2030-12-31',
  n: employeeNo,
  nm: name,
  t: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}Z`,
});
const itemOf = (entries: [string, ReturnType<typeof entry>][], extra: Record<string, unknown> = {}) => ({
  pk: 'NRC#123456781',
  sk: 'RECORD',
  ...Object.fromEntries(entries),
  ...extra,
});
const bytesOf = (item: Record<string, unknown>) =>
  Object.entries(item)
    .filter(([k]) => k.startsWith('s_'))
    .reduce((sum, [k, v]) => sum + k.length + JSON.stringify(v).length, 0);
/** The item as it is after the write. */
function apply(item: Record<string, unknown>, name: string, value: unknown) {
  const { set, remove } = boundedWrite(item, name, value);
  const after = { ...item };
  for (const field of remove) delete after[field];
  if (set) after[name] = value;
  return after;
}

describe('borrower summary bounds', () => {
  it('leaves a usual item as it is: a few lenders, a few months', () => {
    const item = itemOf([
      ...Array.from({ length: 6 }, (_, i) => [`s_a${i}`, entry('A001', i)] as [string, ReturnType<typeof entry>]),
      ['s_b0', entry('B002', 3)],
    ]);
    expect(boundedWrite(item, 's_new', entry('C003', 7))).toEqual({ set: true, remove: [] });
  });

  it('keeps a payee key to its newest entries, the oldest removed first', () => {
    const item = itemOf(Array.from({ length: ENTRIES_PER_PAYEE }, (_, i) => [`s_a${i}`, entry('A001', i)]));
    expect(boundedWrite(item, 's_new', entry('A001', 100))).toEqual({ set: true, remove: ['s_a0'] });
    // An entry older than every one kept is not written at all (a replay of an old month).
    const full = itemOf(Array.from({ length: ENTRIES_PER_PAYEE }, (_, i) => [`s_a${i}`, entry('A001', i + 10)]));
    expect(boundedWrite(full, 's_old', entry('A001', 0))).toEqual({ set: false, remove: [] });
  });

  it('evicts the lender filling the item, never another lender, when an old item holds huge names', () => {
    const huge = 'N'.repeat(97_000);
    const item = itemOf([
      ...Array.from({ length: 4 }, (_, i) => [`s_x${i}`, entry('ATK1', i, huge)] as [string, ReturnType<typeof entry>]),
      ['s_b0', entry('B002', 1)],
    ]);
    const after = apply(item, 's_new', entry('C003', 9));
    expect(after.s_new).toBeDefined();
    expect(after.s_b0).toBeDefined();
    expect(Object.keys(after).filter((k) => k.startsWith('s_x'))).toEqual(['s_x2', 's_x3']);
    expect(bytesOf(after)).toBeLessThanOrEqual(ENTRY_BYTES);
  });

  it('holds every item within its bounds whatever is written to it', () => {
    let item: Record<string, unknown> = { pk: 'NRC#123456781', sk: 'RECORD' };
    for (let i = 0; i < 1_000; i++) item = apply(item, `s_${i}`, entry(`P${i % 300}`, i, 'M'.repeat(i % 7 === 0 ? 3_000 : 20)));
    expect(Object.keys(item).filter((k) => k.startsWith('s_')).length).toBeLessThanOrEqual(MAX_ENTRIES);
    expect(bytesOf(item)).toBeLessThanOrEqual(ENTRY_BYTES);
  });

  it('drops the marks of employee numbers no kept entry names', () => {
    const item = itemOf(
      Array.from({ length: ENTRIES_PER_PAYEE }, (_, i) => [`s_a${i}`, entry('A001', i, 'Jane', i === 0 ? 'OLD1' : 'E1')]),
      { x_OLD1: true, x_E1: true },
    );
    expect(boundedWrite(item, 's_new', entry('A001', 50))).toEqual({ set: true, remove: ['s_a0', 'x_OLD1'] });
  });
});
