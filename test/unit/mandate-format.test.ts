import { describe, expect, it } from 'vitest';
import { expiryWords, mandateStatus } from '../../web/src/features/mandates/components/mandate-format.js';

const base = { state: 'issued' as const, locked: false, org_name: 'Lender B', used_month: null, claim_by: '2026-12-27T08:00:00.000Z' };

describe('a mandate’s state in plain words', () => {
  it.each<[string, Partial<typeof base> | Record<string, unknown>, 'employee' | 'lender', string]>([
    ['issued, to the employee', {}, 'employee', 'Waiting for the lender'],
    ['locked by wrong PINs', { locked: true }, 'employee', 'Locked'],
    ['claimed, to the employee: by whom', { state: 'claimed' }, 'employee', 'Claimed by Lender B'],
    ['claimed, to the lender who claimed it', { state: 'claimed' }, 'lender', 'Claimed'],
    ['used: from which month', { state: 'used', used_month: '2026-11' }, 'employee', 'Used from November 2026'],
    ['revoked', { state: 'revoked' }, 'employee', 'Revoked'],
    ['expired', { state: 'expired' }, 'lender', 'Expired'],
  ])('%s → %s', (_, change, reader, label) => {
    expect(mandateStatus({ ...base, ...change } as Parameters<typeof mandateStatus>[0], reader).label).toBe(label);
  });

  it('says when an unclaimed mandate expires, in Lusaka’s calendar, and nothing once it cannot be claimed', () => {
    expect(expiryWords(base)).toBe('Expires on 27 Dec 2026');
    expect(expiryWords({ ...base, locked: true })).toBeNull();
    expect(expiryWords({ ...base, state: 'claimed' })).toBeNull();
  });
});
