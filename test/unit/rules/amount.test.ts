import { describe, expect, it } from 'vitest';
import { parseAmount } from '#shared/rules/amount.js';

describe('parseAmount', () => {
  it.each([
    [1500, 1500],
    [0, 0],
    [-0, 0],
    [12.345, 12.345],
    ['1500', 1500],
    ['1,500.00', 1500],
    ['ZMW 1,234.50', 1234.5],
    ['zmw1,234.50', 1234.5],
    ['1,234.50 ZMW', 1234.5],
    [' K 500 ', 500],
    ['K500.00', 500],
    ['k 12', 12],
    ['ZMK 10', 10],
    ['$1,000', 1000],
    ['USD 25', 25],
    ['€ 7.5', 7.5],
    ['£3', 3],
    ['1 000 000', 1_000_000],
    ['1\u00a0000', 1000],
    ['0.00', 0],
    ['ZMW 0.00', 0],
    ['-0.00', 0],
    ['(0.00)', 0],
    ['.5', 0.5],
    ['5.', 5],
    ['+5', 5],
    ['-500', -500],
    ['-K500', -500],
    ['K-500', -500],
    ['(1,234.50)', -1234.5],
    ['(K 100)', -100],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseAmount(raw)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['(blank)'],
    ['ZMW'],
    ['K'],
    ['-'],
    ['.'],
    ['abc'],
    ['12abc'],
    ['1.2.3'],
    ['1e3'],
    ['(500'],
    ['500)'],
    ['(-5)'],
    ['--5'],
    ['-K-5'],
    [null],
    [undefined],
    [true],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [new Date(0)],
  ])('reads %j as no amount', (raw) => {
    expect(parseAmount(raw)).toBeNull();
  });
});
