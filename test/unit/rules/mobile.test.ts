import { describe, expect, it } from 'vitest';
import { maskMobile, normaliseMobile } from '#shared/rules/mobile.js';

describe('normaliseMobile: a Zambian mobile in any common shape becomes E.164; anything else is refused', () => {
  it.each<[unknown, string | null]>([
    ['0971234567', '+260971234567'],
    ['097 123 4567', '+260971234567'],
    ['097-123-4567', '+260971234567'],
    ['(097) 123.4567', '+260971234567'],
    ['+260 97 1234567', '+260971234567'],
    ['+260971234567', '+260971234567'],
    ['260971234567', '+260971234567'],
    ['00260971234567', '+260971234567'],
    ['  0961234567  ', '+260961234567'],
    ['0951234567', '+260951234567'],
    ['0981234567', '+260981234567'],
    ['0771234567', '+260771234567'],
    ['0761234567', '+260761234567'],
    ['0751234567', '+260751234567'],
    // A number cell drops the leading zero of 0971234567; the nine digits are still the number.
    [971234567, '+260971234567'],
    ['971234567', '+260971234567'],
    [260971234567, '+260971234567'],
    // Not Zambian mobiles.
    ['0211234567', null], // a Lusaka landline
    ['0741234567', null],
    ['0991234567', null],
    ['0941234567', null],
    ['+27821234567', null], // South Africa
    ['+2609712345678', null], // one digit too many
    ['097123456', null], // one digit too few
    ['09712345678', null],
    ['26097123456', null],
    ['0971234567 ext 2', null],
    ['097123456a', null],
    ['++260971234567', null],
    ['', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [true, null],
  ])('%o → %s', (input, expected) => {
    expect(normaliseMobile(input)).toBe(expected);
  });

  it('is idempotent: a normalised number normalises to itself', () => {
    for (const n of ['+260971234567', '+260751234567', '+260981234567']) expect(normaliseMobile(normaliseMobile(n))).toBe(n);
  });
});

describe('maskMobile', () => {
  it.each([
    ['+260971234567', '+260 97 ••• ••67'],
    ['+260751234500', '+260 75 ••• ••00'],
    ['+27821234567', '•••'],
    ['', '•••'],
  ])('%s → %s', (input, expected) => expect(maskMobile(input)).toBe(expected));

  it('never shows more than four of the nine national digits', () => {
    const masked = maskMobile('+260971234567');
    expect(masked.replace(/\D/g, '').length).toBe(3 + 4);
  });
});
