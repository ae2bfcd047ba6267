import { describe, expect, it } from 'vitest';
import { isValidPayeeKey, normalisePayeeKey, orgTypeFromPayeeKey } from '#shared/rules/payee-key.js';

describe('normalisePayeeKey', () => {
  it.each([
    ['A001', 'A001'],
    ['  a001 ', 'A001'],
    ['a 0 0 1', 'A001'],
    ['fi.bank_1-x', 'FI.BANK_1-X'],
    ['A001!#', 'A001'],
    ['###', ''],
    [1234, '1234'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalisePayeeKey(raw)).toBe(expected);
  });
});

describe('isValidPayeeKey', () => {
  it.each([
    ['A001', true],
    ['a001', true],
    ['AB', true],
    [' C123 ', true],
    ['FI.BANK_1-X', true],
    ['A'.repeat(20), true],
    ['A', false],
    ['A'.repeat(21), false],
    ['A 001', false],
    ['A001!', false],
    ['', false],
  ])('%j is valid: %s', (value, expected) => {
    expect(isValidPayeeKey(value)).toBe(expected);
  });
});

describe('orgTypeFromPayeeKey', () => {
  it.each([
    ['C1', 'PMEC'],
    ['C123', 'PMEC'],
    ['c0042', 'PMEC'],
    [' C9999 ', 'PMEC'],
    ['1234', 'FI'],
    ['0', 'FI'],
    ['A001', 'FI'],
    ['z999', 'FI'],
    ['A01', 'PMEC'],
    ['A0001', 'PMEC'],
    ['AB12', 'PMEC'],
    ['C', 'PMEC'],
    ['FI.BANK', 'PMEC'],
    ['', 'PMEC'],
  ])('%j is %s', (key, expected) => {
    expect(orgTypeFromPayeeKey(key)).toBe(expected);
  });
});
