import { randomFillSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CROCKFORD,
  NO_MANDATE_MESSAGES,
  NO_MANDATE_REASONS,
  mandateCovering,
  newMandateNumber,
  noMandateReason,
  normaliseMandateNumber,
  type MandateCitation,
  type MandateTerms,
  type NoMandateReason,
} from '#shared/rules/mandate.js';

describe('mandate numbers', () => {
  it('are MD-XXXX-XXXX in Crockford base32, with no I, L, O or U', () => {
    for (let i = 0; i < 500; i++) expect(newMandateNumber(randomFillSync)).toMatch(/^MD-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(CROCKFORD).toHaveLength(32);
    expect(CROCKFORD).not.toMatch(/[ILOU]/);
  });

  it('use every symbol of the alphabet, from the random bytes given', () => {
    const fixed = (values: number[]) => (b: Uint8Array) => (b.set(values), b);
    expect(newMandateNumber(fixed([0, 1, 2, 3, 28, 29, 30, 31]))).toBe('MD-0123-WXYZ');
    expect(newMandateNumber(fixed([32, 33, 255, 224, 10, 17, 18, 26]))).toBe('MD-01Z0-AHJT');
  });

  it.each<[unknown, string | null]>([
    ['MD-7K3Q-9ZXW', 'MD-7K3Q-9ZXW'],
    ['md-7k3q-9zxw', 'MD-7K3Q-9ZXW'],
    ['MD 7K3Q 9ZXW', 'MD-7K3Q-9ZXW'],
    ['7K3Q9ZXW', 'MD-7K3Q-9ZXW'],
    ['MD7K3Q-9ZXW', 'MD-7K3Q-9ZXW'],
    ['MD-IK3Q-OZXL', 'MD-1K3Q-0ZX1'], // misread letters read as the digits they look like
    ['MD-7K3Q-9ZXU', null], // U is not a symbol
    ['MD-7K3Q-9ZX', null],
    ['MD-7K3Q-9ZXWW', null],
    ['XX-7K3Q-9ZXW', null],
    ['', null],
    [12345678, null],
    [null, null],
  ])('%o reads as %s', (input, expected) => expect(normaliseMandateNumber(input)).toBe(expected));

  it('read back as themselves', () => {
    for (let i = 0; i < 100; i++) {
      const n = newMandateNumber(randomFillSync);
      expect(normaliseMandateNumber(n)).toBe(n);
    }
  });
});

describe('noMandateReason: whether a new deduction is covered by the mandate it cites', () => {
  const mandate: MandateTerms = {
    number: 'MD-7K3Q-9ZXW',
    nrc: '123456/78/9',
    payee_key: 'BKA01',
    max_monthly: 500,
    last_month: '2027-06',
    state: 'claimed',
    used_month: null,
  };
  const row: MandateCitation = { nrc: '123456/78/9', payee_key: 'bka01', amount: 450, end_date: '2027-06-30', month: '2026-11', cited: 'MD-7K3Q-9ZXW' };

  it.each<[string, Partial<MandateCitation>, Partial<MandateTerms> | null, NoMandateReason | null]>([
    ['a claimed mandate within its terms', {}, {}, null],
    ['at exactly the limit and the last month', { amount: 500, end_date: '2027-06-01' }, {}, null],
    ['used by a deduction of this same month (the file sent again)', {}, { state: 'used', used_month: '2026-11' }, null],
    ['the NRC written without slashes', { nrc: '123456789' }, {}, null],
    ['no citation', { cited: '' }, {}, 'none_cited'],
    ['a blank citation', { cited: '   ' }, {}, 'none_cited'],
    ['a number nothing names', {}, null, 'unknown'],
    ['a mandate not yet claimed', {}, { state: 'issued' }, 'not_claimed'],
    ['a mandate locked by wrong PINs', {}, { state: 'issued', locked: true }, 'locked'],
    ['another employee’s mandate', { nrc: '223456/78/9' }, {}, 'other_nrc'],
    ['another lender’s mandate', { payee_key: 'BKB02' }, {}, 'other_payee_key'],
    ['an installment over the limit', { amount: 500.01 }, {}, 'over_limit'],
    ['an end after the last month', { end_date: '2027-07-01' }, {}, 'past_last_month'],
    ['no end date', { end_date: null }, {}, 'past_last_month'],
    ['a revoked mandate', {}, { state: 'revoked' }, 'revoked'],
    ['an expired mandate', {}, { state: 'expired' }, 'expired'],
    ['a mandate used for another month’s deduction', {}, { state: 'used', used_month: '2026-08' }, 'already_used'],
    ['a revoked mandate of another employee: the state first', { nrc: '223456/78/9' }, { state: 'revoked' }, 'revoked'],
  ])('%s → %s', (_, rowChange, mandateChange, expected) => {
    expect(noMandateReason({ ...row, ...rowChange }, mandateChange === null ? null : { ...mandate, ...mandateChange })).toBe(expected);
  });

  it('has a message for every reason, naming what is wrong', () => {
    const messages = NO_MANDATE_REASONS.map((reason) => NO_MANDATE_MESSAGES[reason]({ ...row, amount: 600 }, mandate));
    expect(new Set(messages).size).toBe(NO_MANDATE_REASONS.length);
    expect(NO_MANDATE_MESSAGES.over_limit({ ...row, amount: 600 }, mandate)).toBe(
      'The installment ZMW 600.00 is over the mandate’s limit of ZMW 500.00 a month.',
    );
    expect(NO_MANDATE_MESSAGES.other_payee_key(row, mandate)).toBe('Mandate MD-7K3Q-9ZXW was given to payee key BKA01, not bka01.');
    expect(NO_MANDATE_MESSAGES.past_last_month({ ...row, end_date: '2027-09-30' }, mandate)).toContain('2027-09, after the mandate’s last month, 2027-06');
  });
});

describe('mandateCovering: the mandate a deduction is made under', () => {
  const used = { number: 'MD-7K3Q-9ZXW', payee_key: 'BKA01', state: 'used' as const, used_month: '2026-11', last_month: '2027-06' };
  it.each<[string, { payee_key: string; month: string }, Partial<typeof used>, boolean]>([
    ['its first month', { payee_key: 'BKA01', month: '2026-11' }, {}, true],
    ['its last month, the payee key in another case', { payee_key: 'bka01', month: '2027-06' }, {}, true],
    ['a month before it was used', { payee_key: 'BKA01', month: '2026-10' }, {}, false],
    ['a month after its last', { payee_key: 'BKA01', month: '2027-07' }, {}, false],
    ['another lender', { payee_key: 'BKB02', month: '2026-12' }, {}, false],
    ['a mandate claimed but not used', { payee_key: 'BKA01', month: '2026-12' }, { state: 'claimed', used_month: null } as never, false],
    ['a revoked mandate', { payee_key: 'BKA01', month: '2026-12' }, { state: 'revoked' } as never, false],
  ])('%s → %s', (_, deduction, change, covered) => {
    expect(mandateCovering(deduction, [{ ...used, ...change }])).toEqual(covered ? { ...used, ...change } : null);
  });
});
