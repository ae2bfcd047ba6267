import { describe, expect, it } from 'vitest';
import { maskMobileShort } from '#shared/rules/mobile.js';
import { type ComparedEmployee, nrcCode, nrcOfCode, RegisterBase } from '#shared/rules/register-base.js';
import { differenceWarning, type MobileChange, RegisterDifference } from '#shared/rules/register-difference.js';

const person = (n: number, over: Partial<ComparedEmployee> = {}): ComparedEmployee => ({
  nrc: `${String(100000 + n)}/10/1`,
  employee_no: `E${n}`,
  first_name: 'Chanda',
  last_name: `Mulenga${n}`,
  mobile: `+26097${String(n).padStart(7, '0')}`,
  basic_pay: 10_000,
  ...over,
});

function compare(current: ComparedEmployee[], next: ComparedEmployee[]) {
  const base = new RegisterBase(2);
  current.forEach((e) => base.add(e));
  base.seal();
  const mobiles: MobileChange[] = [];
  const difference = new RegisterDifference(base, (change) => mobiles.push(change));
  next.forEach((e) => difference.compare(e));
  const outcome = difference.finish();
  return { ...outcome, mobiles, removedNrcs: outcome.removed.map((at) => nrcOfCode(base.nrc[at] as number)) };
}

const [a, b, c] = [person(1), person(2), person(3)];

describe('RegisterDifference', () => {
  it.each([
    ['the same register', [a, b], [b, a], { added: 0, removed: 0, changed: 0, mobile_changed: 0 }],
    ['no register yet: everyone added', [], [a, b], { current: 0, added: 2, removed: 0, changed: 0, mobile_changed: 0 }],
    ['one added, one removed', [a, b], [a, c], { added: 1, removed: 1, changed: 0 }],
    ['a name changed (letter case and spaces aside)', [a], [{ ...a, first_name: ' CHANDA ', last_name: 'Banda' }], { changed: 1 }],
    ['letter case only is no change', [a], [{ ...a, first_name: 'chanda', employee_no: ' e1 ' }], { changed: 0 }],
    ['basic pay changed, and removed', [a], [{ ...a, basic_pay: null }], { changed: 1 }],
    ['an NRC changed: found by the employee number', [a, b], [{ ...a, nrc: '999999/99/9' }, b], { added: 0, removed: 0, changed: 1 }],
    [
      'an employee number claimed by a newcomer whose NRC is new, the holder still listed by NRC',
      [a],
      [
        { ...c, employee_no: a.employee_no },
        { ...a, employee_no: 'E9' },
      ],
      { added: 1, removed: 0, changed: 1 },
    ],
  ] as const)('%s', (_label, current, next, counts) => {
    expect(compare([...current], [...next]).counts).toMatchObject(counts);
  });

  it('names the fields that changed, the mobile changes, and the removed in the current register’s order', () => {
    const out = compare([a, b, c], [{ ...b, mobile: '+260961234512', nrc: '555555/55/5' }]);
    expect(out.changed.map((x) => x.fields)).toEqual([['nrc', 'mobile']]);
    expect(out.mobiles).toEqual([{ nrc: '555555/55/5', old_mobile: b.mobile, new_mobile: '+260961234512' }]);
    expect(out.removedNrcs).toEqual([a.nrc, c.nrc]);
  });

  it('keeps an NRC’s leading zeros and length through its code', () => {
    for (const nrc of ['012345/67/8', '00123456/78/9', '1234567/89/0']) expect(nrcOfCode(nrcCode(nrc))).toBe(nrc);
  });
});

describe('differenceWarning', () => {
  it.each([
    [{ current: 100, removed: 2, mobile_changed: 0 }, false],
    [{ current: 100, removed: 1, mobile_changed: 1 }, false],
    [{ current: 100, removed: 2, mobile_changed: 1 }, true],
    [{ current: 1000, removed: 0, mobile_changed: 21 }, true],
    [{ current: 0, removed: 0, mobile_changed: 0 }, false],
  ])('%o warns: %s', (counts, warns) => {
    expect(differenceWarning({ added: 0, changed: counts.mobile_changed, ...counts }) !== null).toBe(warns);
  });
});

describe('maskMobileShort', () => {
  it.each([
    ['+260971234512', '09•••••12'],
    ['+260761234567', '07•••••67'],
    ['+44770090012', '•••'],
  ])('%s → %s', (mobile, masked) => expect(maskMobileShort(mobile)).toBe(masked));
});
