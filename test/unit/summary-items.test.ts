import { describe, expect, it } from 'vitest';
import { parseEmployeeSummary, parseNrcRecord } from '#data/history/summary-items.js';

/**
 * A summary's entries are taken as stored when they are exactly what their schema reads, and parsed by the schema
 * otherwise (lambdas/data/history/summary-items.ts): either way an entry reads the same, and a malformed one makes
 * the item read as absent.
 */
const NRC = { pk: 'NRC#123456781', sk: 'RECORD' };
const EMP = { pk: 'SUMMARY#EMP#E1', sk: 'SUMMARY' };
const nrcEntry = { p: 'A001', m: '2026-03', k: 'input', i: 250, e: '2030-12-31', n: 'E1', nm: 'Jane Banda', t: '2026-03-02T08:00:00.000Z' };
const employeeEntry = { d: '123456781', nrc: '123456/78/1', p: 'A001', m: '2026-03', t: null };

describe('an NRC record entry', () => {
  it.each([
    ['every field', nrcEntry, nrcEntry],
    ['the optional fields absent', { p: 'A001', m: '2026-03', k: 'stoppage', i: 0 }, { p: 'A001', m: '2026-03', k: 'stoppage', i: 0 }],
    ['the optional fields null', { ...nrcEntry, e: null, n: null, nm: null, t: null }, { ...nrcEntry, e: null, n: null, nm: null, t: null }],
    ['a field the schema does not know (dropped)', { ...nrcEntry, extra: 'x' }, nrcEntry],
  ])('reads with %s', (_, stored, read) => {
    expect(parseNrcRecord({ ...NRC, s_sub1: stored })?.entries.get('sub1')).toEqual(read);
  });

  it.each([
    ['an installment that is not finite', { ...nrcEntry, i: Number.POSITIVE_INFINITY }],
    ['an installment that is not a number', { ...nrcEntry, i: NaN }],
    ['an installment as text', { ...nrcEntry, i: '250' }],
    ['a kind it does not know', { ...nrcEntry, k: 'applied' }],
    ['no month', { p: 'A001', k: 'input', i: 250 }],
    ['a name that is not text', { ...nrcEntry, nm: 7 }],
    ['a list', [nrcEntry]],
    ['null', null],
  ])('makes the item read as absent with %s', (_, stored) => {
    expect(parseNrcRecord({ ...NRC, s_good: nrcEntry, s_bad: stored })).toBeNull();
  });
});

describe("an employee number's summary entry", () => {
  it.each([
    ['every field', employeeEntry, employeeEntry],
    ['no payee key', { d: '1', nrc: '1', m: '2026-03' }, { d: '1', nrc: '1', m: '2026-03' }],
    ['a field the schema does not know (dropped)', { ...employeeEntry, legacy: true }, employeeEntry],
  ])('reads with %s', (_, stored, read) => {
    expect(parseEmployeeSummary({ ...EMP, s_sub1: stored })?.entries.get('sub1')).toEqual(read);
  });

  it.each([
    ['no NRC', { d: '1', m: '2026-03' }],
    ['a payee key that is not text', { ...employeeEntry, p: 1 }],
  ])('makes the item read as absent with %s', (_, stored) => {
    expect(parseEmployeeSummary({ ...EMP, s_sub1: stored })).toBeNull();
  });
});
