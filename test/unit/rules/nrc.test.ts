import { describe, expect, it } from 'vitest';
import { extractNrcs, isValidNrc, maskNrc, normaliseNrc, nrcDigits, sanitiseNrcInput } from '#shared/rules/nrc.js';

describe('normaliseNrc', () => {
  it.each([
    ['123456/78/9', '123456/78/9'],
    ['  123456/78/9  ', '123456/78/9'],
    ['123 456 / 78 / 9', '123456/78/9'],
    ['1234/5/6', '1234/5/6'],
    ['123456789', '123456/78/9'],
    ['1234567890', '1234567/89/0'],
    ['12345678901', '12345678/90/1'],
    [' 123 456 789 ', '123456/78/9'],
    [123456789, '123456/78/9'],
    [12345678901, '12345678/90/1'],
    ['12345678', '12345678'],
    ['123456789012', '123456789012'],
    ['123456-78-9', '123456-78-9'],
    ['abc', 'abc'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normaliseNrc(raw)).toBe(expected);
  });
});

describe('nrcDigits', () => {
  it.each([
    ['123456/78/9', '123456789'],
    [' 1234567 / 89 / 0 ', '1234567890'],
    [123456789, '123456789'],
    ['NRC-12', '12'],
    [null, ''],
  ])('keeps the digits of %j', (raw, expected) => {
    expect(nrcDigits(raw)).toBe(expected);
  });
});

describe('isValidNrc', () => {
  it.each([
    ['123456/78/9', true],
    ['1234567/89/0', true],
    ['12345678/90/1', true],
    ['000000/00/0', true],
    ['123456789', true],
    ['1234567890', true],
    ['12345678901', true],
    [' 123456 / 78 / 9 ', true],
    ['12345/67/8', false],
    ['123456789/01/2', false],
    ['123456/7/8', false],
    ['123456/789/0', false],
    ['123456/78/90', false],
    ['123456/78/', false],
    ['12345678', false],
    ['123456789012', false],
    ['A23456/78/9', false],
    ['123456-78-9', false],
    ['', false],
    [null, false],
  ])('%j is valid: %s', (raw, expected) => {
    expect(isValidNrc(raw)).toBe(expected);
  });
});

describe('sanitiseNrcInput', () => {
  it.each([
    ['NRC: 123456/78/9 ', '123456/78/9'],
    ['123 456-78.9', '123456789'],
    ['abc', ''],
    ['١٢٣', ''],
    ['//12//', '//12//'],
  ])('keeps only digits and slashes of %j', (raw, expected) => {
    expect(sanitiseNrcInput(raw)).toBe(expected);
  });
});

describe('extractNrcs', () => {
  it.each([
    ['one slashed NRC', '123456/78/9', ['123456/78/9']],
    ['a 9-digit run', '123456789', ['123456/78/9']],
    ['10- and 11-digit runs', '1234567890 and 12345678901', ['1234567/89/0', '12345678/90/1']],
    ['NRCs on separate lines', '111111/11/1\n222222/22/2\r\n333333/33/3', ['111111/11/1', '222222/22/2', '333333/33/3']],
    ['CSV cells with quotes', 'name,nrc\n"Banda","123456/78/9"\n"Phiri",987654321', ['123456/78/9', '987654/32/1']],
    ['NRCs glued to letters', 'NRC:123456/78/9;ID987654321x', ['123456/78/9', '987654/32/1']],
    ['outer slashes ignored', '/123456/78/9/', ['123456/78/9']],
    ['duplicates across forms, first appearance kept', '222222/22/2 123456789 123456/78/9 222222222', ['222222/22/2', '123456/78/9']],
    ['runs of 8 or 12 digits ignored', '12345678 123456789012', []],
    ['a 9-digit run inside a longer run ignored', '9123456789123', []],
    ['a digit run followed by slashes ignored', '1234567890/12/3', []],
    ['a short prefix ignored', '12345/67/8', []],
    ['dates ignored', '01/03/2026 2026/03/01', []],
    ['two NRCs run together ignored', '123456/78/9123456/78/9', []],
    ['nothing in plain text', 'no numbers here', []],
    ['empty text', '', []],
  ])('%s', (_name, text, expected) => {
    expect(extractNrcs(text)).toEqual(expected);
  });

  it('returns only valid NRCs from messy pasted text', () => {
    const text = 'Ref 55/2026: Mr. J. Banda NRC 345678/12/1, tel 0977123, acct 123-456-789; also 9876543/21/0.';
    expect(extractNrcs(text)).toEqual(['345678/12/1', '9876543/21/0']);
  });

  it('handles a 100,000-line paste and adversarial runs in linear time', () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `row ${i},${String(100_000_000 + i)},Person ${i}`);
    const adversarial = ['/'.repeat(1_000_000), '1/'.repeat(500_000), '1'.repeat(1_000_000), '123456/78/'.repeat(100_000)];
    const started = performance.now();
    const found = extractNrcs(lines.join('\n'));
    for (const text of adversarial) expect(extractNrcs(text)).toEqual([]);
    expect(found).toHaveLength(100_000);
    expect(found[0]).toBe('100000/00/0');
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

describe('maskNrc', () => {
  it.each([
    ['300108/18/1', '••••08/••/1'],
    ['30010818/18/1', '••••••18/••/1'],
    ['300108181', '••••08/••/1'],
    ['not an NRC', '••••••/••/•'],
  ])('%s → %s', (nrc, masked) => {
    expect(maskNrc(nrc)).toBe(masked);
  });
});
