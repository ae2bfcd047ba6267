import { describe, expect, it } from 'vitest';
import { freshStatuses, recentStatuses } from '#data/history/submission-statuses.js';
import type { SubmissionStatus } from '#shared/api/reviews.js';

/**
 * What the history lookup remembers of a submission's status between requests: a status a
 * rejection can no longer change (DECISION_RULES: reject only from pending) is kept; a pending one, or
 * one not found, is asked again after the time-to-live.
 */
const TTL = 10_000;
const T0 = 1_000_000;

describe('recentStatuses', () => {
  it.each<[SubmissionStatus | null, boolean, boolean | undefined]>([
    ['rejected', true, true],
    ['approved', false, false],
    ['fi_approved', false, false],
    ['pending', false, undefined],
    [null, false, undefined],
  ])('%s: known at once as rejected=%s, and after the time-to-live as %s', (status, atOnce, later) => {
    const memo = recentStatuses(TTL);
    memo.remember('s1', status, T0);
    expect(memo.rejected('s1', T0)).toBe(atOnce);
    expect(memo.rejected('s1', T0 + TTL - 1)).toBe(atOnce);
    expect(memo.rejected('s1', T0 + TTL)).toBe(later);
  });
  it('knows nothing of a submission it was never told of', () => {
    expect(recentStatuses(TTL).rejected('s1', T0)).toBeUndefined();
  });
  it('takes a later answer over an earlier one (pending, then rejected)', () => {
    const memo = recentStatuses(TTL);
    memo.remember('s1', 'pending', T0);
    memo.remember('s1', 'rejected', T0 + TTL);
    expect(memo.rejected('s1', T0 + 10 * TTL)).toBe(true);
  });
  it('forgets everything once it holds its maximum, rather than grow', () => {
    const memo = recentStatuses(TTL, 2);
    memo.remember('s1', 'approved', T0);
    memo.remember('s2', 'approved', T0);
    memo.remember('s3', 'approved', T0);
    expect(memo.rejected('s1', T0)).toBeUndefined();
    expect(memo.rejected('s3', T0)).toBe(false);
  });
});

describe('freshStatuses', () => {
  it.each<[SubmissionStatus | null, boolean]>([
    ['rejected', true],
    ['pending', false],
    ['approved', false],
    [null, false],
  ])('%s is remembered as rejected=%s for the whole run', (status, rejected) => {
    const memo = freshStatuses();
    expect(memo.rejected('s1', T0)).toBeUndefined();
    memo.remember('s1', status, T0);
    expect(memo.rejected('s1', T0 + 1e9)).toBe(rejected);
  });
});
