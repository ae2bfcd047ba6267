import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NrcSet } from '#shared/rules/nrc-set.js';
import { hasNrcShape, NRC_PATTERN } from '#shared/rules/nrc.js';

/** Text made of what NRCs are made of, and a little more, so shapes near the valid one come up often. */
const nrcLike = fc.string({ unit: fc.constantFrom('0', '1', '5', '9', '/', ' ', 'a', '١'), minLength: 8, maxLength: 15 });

describe('hasNrcShape', () => {
  it.each(['123456/78/9', '1234567/89/0', '12345678/90/1', '000000/00/0'])('accepts %j', (nrc) => {
    expect(hasNrcShape(nrc)).toBe(true);
  });

  it.each(['12345/78/9', '123456789/78/9', '123456/7/89', '123456/78/', '12345a/78/9', '123456/78/9 ', '１２３４５６/78/9', '123456-78-9', ''])(
    'refuses %j',
    (nrc) => {
      expect(hasNrcShape(nrc)).toBe(false);
    },
  );

  it('agrees with NRC_PATTERN', () => {
    fc.assert(
      fc.property(nrcLike, (text) => hasNrcShape(text) === NRC_PATTERN.test(text)),
      { numRuns: 5_000 },
    );
  });
});

describe('NrcSet', () => {
  it('tells NRCs apart that share their digits, by the length of the first group', () => {
    const seen = new NrcSet();
    expect(['012345/67/8', '0012345/67/8', '00012345/67/8'].map((nrc) => seen.add(nrc, true))).toEqual([true, true, true]);
    expect(seen.add('0012345/67/8', true)).toBe(false);
  });

  it('keeps text of other shapes apart from shaped NRCs', () => {
    const seen = new NrcSet();
    expect(seen.add('123456/78/9', true)).toBe(true);
    expect(seen.add('123456/78/9x', false)).toBe(true);
    expect(seen.add('123456/78/9x', false)).toBe(false);
  });

  it('answers as a Set of strings would, over 300,000 NRCs with repeats', () => {
    const seen = new NrcSet();
    const reference = new Set<string>();
    const disagreements: string[] = [];
    for (let i = 0; i < 300_000; i++) {
      const b = (i * 7_919) % 200_000;
      const nrc = i % 11 === 0 ? `NRC ${b}` : `${String(b).padStart(6 + (b % 3), '0')}/${String(b % 100).padStart(2, '0')}/${b % 10}`;
      if (seen.add(nrc, hasNrcShape(nrc)) === reference.has(nrc)) disagreements.push(nrc);
      reference.add(nrc);
    }
    expect(disagreements).toEqual([]);
    expect(reference.size).toBeLessThan(300_000);
  });
});
