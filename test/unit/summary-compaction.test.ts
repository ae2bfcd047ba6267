import { describe, expect, it } from 'vitest';
import { recordEntriesOf } from '#data/history/summaries.js';
import { applied } from '#data/history/summary-attributes.js';
import { compaction, KEPT_MONTHS, MAX_COMPACTED, pairedForGood, type Decision } from '#data/history/summary-compaction.js';
import { parseNrcRecord, type NrcEntry } from '#data/history/summary-items.js';
import { recordWrite } from '#data/history/summary-writes.js';
import { employeeNumbersOnRecord, recordName, type RecordEntry } from '#shared/rules/borrower-record.js';
import { shiftMonth } from '#shared/rules/dates.js';
import { itemBytes } from '../../capacity/item-size.js';

/**
 * An NRC record keeps its last months whole and compacts what is older (lambdas/data/history/summary-compaction.ts):
 * what the identity rules read of it is what they read of every entry ever written, and its size stops
 * growing with its age.
 */
const KEY = { pk: 'NRC#123456781', sk: 'RECORD' };
const FIRST = '2024-01';
const entry = (month: string, payee = 'A001', employeeNo = 'E1', name = 'Jane Banda'): NrcEntry => ({
  p: payee,
  m: month,
  k: 'input',
  i: 250,
  e: '2030-12-31',
  n: employeeNo,
  nm: name,
  t: `${month}-02T08:00:00.000Z`,
});
const parse = (item: Record<string, unknown>) => parseNrcRecord(item)!;
const itemWith = (entries: [string, NrcEntry][], extra: Record<string, unknown> = {}) => ({
  ...KEY,
  ...Object.fromEntries(entries.map(([id, e]) => [`s_${id}`, e])),
  ...extra,
});
const decidedBut =
  (pending: string[] = [], rejected: string[] = []) =>
  (id: string): Decision =>
    rejected.includes(id) ? 'rejected' : pending.includes(id) ? 'pending' : 'decided';

/** Two lenders each month for `months` months, every submission decided before the next month's: the record as ingestion leaves it. */
function lived(months: number, numberOf = (_k: number) => 'E1', nameOf = (_k: number) => 'Jane Banda') {
  let item: Record<string, unknown> | undefined;
  const everything: RecordEntry[] = [];
  const decided = new Set<string>();
  const sizes: number[] = [];
  for (let k = 0; k < months; k++) {
    const month = shiftMonth(FIRST, k);
    for (const payee of ['A001', 'B002']) {
      const id = `${payee}-${month}`;
      const e = entry(month, payee, numberOf(k), nameOf(k));
      const update = recordWrite(KEY, id, e, (s) => (decided.has(s) ? 'decided' : 'pending')).plan(item as never, true);
      if (update) item = applied(item, update);
      sizes.push(itemBytes(item!));
      everything.push({
        submission_id: id,
        payee_key: payee,
        month,
        kind: 'input',
        installment: 250,
        end_date: e.e!,
        employee_no: e.n!,
        name: e.nm!,
        submitted_at: e.t!,
      });
    }
    decided.add(`A001-${month}`).add(`B002-${month}`);
  }
  return { item: item!, everything, sizes };
}

describe('compaction', () => {
  it('keeps the last months whole and leaves a young record as it is', () => {
    const entries: [string, NrcEntry][] = Array.from({ length: KEPT_MONTHS }, (_, k) => [`s${k}`, entry(shiftMonth(FIRST, k))]);
    expect(compaction(parse(itemWith(entries)), 'new', entry(shiftMonth(FIRST, KEPT_MONTHS - 1)), decidedBut())).toEqual({ remove: [], compacted: null });
  });

  it('folds a decided entry older than the window into the identity, drops a rejected one, keeps a pending one whole', () => {
    const old = shiftMonth(FIRST, 0);
    const item = itemWith([
      ['kept', entry(old, 'A001', 'E1', 'Jane Banda')],
      ['gone', entry(old, 'A001', 'E9', 'Someone Else')],
      ['wait', entry(old, 'A001', 'E7', 'Jane Banda')],
    ]);
    const now = shiftMonth(FIRST, KEPT_MONTHS);
    expect(compaction(parse(item), 'new', entry(now), decidedBut(['wait'], ['gone']))).toEqual({
      remove: ['s_kept', 's_gone'],
      compacted: { e: { E1: old }, n: { 'banda jane': { n: 'Jane Banda', o: `${old}#${old}-02T08:00:00.000Z` } } },
    });
  });

  it('never compacts the entry being written (a replay of an old decided submission)', () => {
    const item = itemWith([['same', entry(FIRST)]]);
    expect(compaction(parse(item), 'same', entry(FIRST), decidedBut()).remove).toEqual([]);
  });

  it('conditions a compacting write on the version it read, and no other write', () => {
    const young = itemWith([['a', entry(FIRST)]]);
    expect(recordWrite(KEY, 'b', entry(FIRST, 'B002'), decidedBut()).plan(young as never, true)).not.toHaveProperty('version');
    const old = itemWith([['a', entry(FIRST)]], { v: 3 });
    expect(recordWrite(KEY, 'b', entry(shiftMonth(FIRST, KEPT_MONTHS), 'B002'), decidedBut()).plan(old as never, true)).toMatchObject({
      version: 3,
      remove: ['s_a'],
    });
    // Planned again after losing too many races: the entry alone, unconditioned.
    expect(recordWrite(KEY, 'b', entry(shiftMonth(FIRST, KEPT_MONTHS), 'B002'), decidedBut()).plan(old as never, false)).toEqual({
      key: KEY,
      set: { s_b: entry(shiftMonth(FIRST, KEPT_MONTHS), 'B002') },
      remove: [],
    });
  });

  it('answers the identity rules as every entry ever written would, after years', () => {
    const { item, everything } = lived(
      36,
      (k) => (k < 10 ? 'E1' : 'E2'),
      (k) => (k < 20 ? 'Jane Banda' : 'Jane Mwila'),
    );
    const kept = recordEntriesOf(parse(item));
    expect(employeeNumbersOnRecord(kept)).toEqual(employeeNumbersOnRecord(everything));
    expect(recordName(kept)).toBe(recordName(everything));
    expect(new Set(kept.flatMap((e) => (e.name ? [e.name] : [])))).toEqual(new Set(['Jane Banda', 'Jane Mwila']));
  });

  it('stops growing: a record of three years weighs what one of a year does', () => {
    const year = lived(12).sizes.at(-1)!;
    const three = lived(36).sizes.at(-1)!;
    expect(three).toBe(year);
    expect(year).toBeLessThan(2_048);
  });

  it('holds at most MAX_COMPACTED employee numbers and names, the first seen numbers and the newest names', () => {
    const { item } = lived(
      MAX_COMPACTED + 20,
      (k) => `E${k}`,
      (k) => `Name${k} Banda`,
    );
    const { compacted } = parse(item);
    expect(Object.keys(compacted!.e)).toHaveLength(MAX_COMPACTED);
    expect(compacted!.e.E0).toBe(FIRST);
    expect(Object.keys(compacted!.n)).toHaveLength(MAX_COMPACTED);
    expect(Object.values(compacted!.n).some((name) => name.n === 'Name0 Banda')).toBe(false);
  });
});

describe('pairedForGood', () => {
  it('pairs through the compacted identity or a decided entry, never a pending or rejected one', () => {
    const item = parse(
      itemWith(
        [
          ['p', entry(FIRST, 'A001', 'E2')],
          ['r', entry(FIRST, 'A001', 'E3')],
          ['d', entry(FIRST, 'A001', 'E4')],
        ],
        { c: { e: { E1: FIRST }, n: {} } },
      ),
    );
    const decisions = decidedBut(['p'], ['r']);
    expect(['E1', 'E2', 'E3', 'E4', 'E5'].map((no) => pairedForGood(item, no, decisions))).toEqual([true, false, false, true, false]);
    expect(pairedForGood(null, 'E1', decisions)).toBe(false);
  });
});

describe('the summary codec', () => {
  it('reads a malformed record as absent', () => {
    expect(parseNrcRecord({ ...KEY, s_x: { p: 'A001' } })).toBeNull();
    expect(parseNrcRecord({ ...KEY, c: 'not a map' })).toBeNull();
    expect(parseNrcRecord({ ...KEY, legacy: 'x', x_E1: true, u_d1: { p: 'A001', m: FIRST } })).toMatchObject({
      entries: new Map(),
      compacted: null,
      version: null,
    });
  });
});
