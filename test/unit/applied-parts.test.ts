import { describe, expect, it } from 'vitest';
import {
  awaitingLenders,
  keysOutside,
  linesOfPart,
  partsVersion,
  placeFile,
  recordsUpload,
  uploadFor,
  type RecordedMonth,
} from '#shared/rules/applied-parts.js';

const whole: RecordedMonth = { upload_id: 'w' };
const parts: RecordedMonth = {
  upload_id: 'p2',
  parts: [
    { upload_id: 'p1', payee_keys: ['A', 'B'] },
    { upload_id: 'p2', payee_keys: ['C'] },
  ],
};

describe('where an applied file goes in its month', () => {
  it.each([
    ['the first whole file', null, null, { kind: 'record' }],
    ['the first part', null, ['A'], { kind: 'record' }],
    ['a whole file after a whole file', whole, null, { kind: 'replace', upload_id: 'w' }],
    ['a part beside a whole file', whole, ['A'], { kind: 'overlap', upload_id: 'w', payee_keys: ['A'] }],
    ['a whole file beside parts', parts, null, { kind: 'whole_over_parts' }],
    ['a part sharing no key', parts, ['D', 'E'], { kind: 'record' }],
    ['a part naming exactly one part’s keys', parts, ['B', 'A'], { kind: 'replace', upload_id: 'p1' }],
    ['a part naming some of a part’s keys', parts, ['A'], { kind: 'overlap', upload_id: 'p1', payee_keys: ['A'] }],
    ['a part over two parts', parts, ['A', 'B', 'C'], { kind: 'overlap', upload_id: 'p1', payee_keys: ['A', 'B'] }],
    ['a part with one key of a part and a new one', parts, ['C', 'D'], { kind: 'overlap', upload_id: 'p2', payee_keys: ['C'] }],
  ] as const)('%s', (_name, month, keys, placed) => {
    expect(placeFile(month, keys)).toEqual(placed);
  });
});

describe('the file that answers a lender, and the lenders awaited', () => {
  it.each([
    [whole, 'A', 'w'],
    [parts, 'B', 'p1'],
    [parts, 'C', 'p2'],
    [parts, 'D', null],
  ] as const)('%o answers %s from %s', (month, key, upload) => {
    expect(uploadFor(month, key)).toBe(upload);
  });

  it('knows every recorded file of a month, and only those', () => {
    expect([recordsUpload(parts, 'p1'), recordsUpload(parts, 'p2'), recordsUpload(parts, 'w'), recordsUpload(whole, 'w')]).toEqual([true, true, false, true]);
  });

  it('awaits the schedule’s lenders no part covers; none once a whole file is recorded', () => {
    const schedule = ['A', 'C', 'D'].map((payee_key) => ({ payee_key }));
    expect(awaitingLenders(parts, schedule)).toEqual([{ payee_key: 'D' }]);
    expect(awaitingLenders(whole, schedule)).toEqual([]);
    expect(awaitingLenders(null, schedule)).toEqual(schedule);
  });

  it('names the rows’ payee keys a part does not cover', () => {
    expect(keysOutside(['A'], ['A', 'B'])).toEqual(['B']);
    expect(keysOutside(undefined, ['A', 'B'])).toEqual([]);
  });

  it('streams a part’s lenders’ schedule lines only, every line for a whole file', async () => {
    async function* batches() {
      yield [{ payee_key: 'A' }, { payee_key: 'B' }];
      yield [{ payee_key: 'C' }];
    }
    const collect = async (keys: string[] | null) => {
      const out: string[] = [];
      for await (const batch of linesOfPart(batches(), keys)) out.push(...batch.map((line) => line.payee_key));
      return out;
    };
    expect(await collect(['C', 'A'])).toEqual(['A', 'C']);
    expect(await collect(null)).toEqual(['A', 'B', 'C']);
  });
});

describe('the schedule version a month’s next file answers, when not the latest', () => {
  it.each([
    ['the month’s first part', null, true, null],
    ['the month’s first whole file', null, false, null],
    ['a whole file after a whole file', { ...whole, schedule_version: 1 }, false, null],
    ['a part beside a whole file', { ...whole, schedule_version: 1 }, true, null],
    ['a whole file beside parts', { ...parts, schedule_version: 1 }, false, null],
    ['a further part', { ...parts, schedule_version: 1 }, true, 1],
  ] as const)('%s', (_name, month, part, version) => {
    expect(partsVersion(month, part)).toBe(version);
  });
});
