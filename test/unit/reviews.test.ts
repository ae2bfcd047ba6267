import { describe, expect, it } from 'vitest';
import { ROLE_SETS } from '#shared/access.js';
import {
  ASSIGNABLE_STATUS,
  assignRequestSchema,
  bulkDecisionRequestSchema,
  cleanSearch,
  DECISION_RULES,
  decisionRequestSchema,
  REPORTS_LIMIT,
  REVIEW_FILE_LINK_SECONDS,
  REVIEW_MESSAGES,
  REVIEWS_PAGE_SIZE,
  SEARCH_MIN_LENGTH,
  SUBMISSION_STATUSES,
  submissionStatusLabel,
} from '#shared/api/reviews.js';
import { ROLES } from '#shared/roles.js';

/** Spec part 2 §4 (statuses, actions), §5 (reviews), §8 (bulk message), §9 (limits), API.md (who decides). */
describe('submission statuses', () => {
  it.each([
    ['pending', 'COMPLIANCE PENDING'],
    ['fi_approved', 'COMPLIANCE APPROVED'],
    ['approved', 'COMPLETED'],
    ['rejected', 'REJECTED'],
  ])('%s is shown as %s', (status, label) => {
    expect(SUBMISSION_STATUSES).toContain(status);
    expect(submissionStatusLabel(status)).toBe(label);
  });

  it('shows an unknown status as it is, upper-cased', () => {
    expect(submissionStatusLabel('on_hold')).toBe('ON_HOLD');
  });
});

describe('decisions', () => {
  // decision, from, to, who may take it
  const TABLE = [
    ['approve', 'pending', 'fi_approved', ['compliance', 'super_admin', 'sys_admin']],
    ['reject', 'pending', 'rejected', ['compliance', 'super_admin', 'sys_admin']],
    ['complete', 'fi_approved', 'approved', ['pmec_admin', 'super_admin', 'sys_admin']],
  ] as const;

  it.each(TABLE)('%s goes from %s to %s', (decision, from, to) => {
    expect(DECISION_RULES[decision]).toMatchObject({ from, to });
  });

  it.each(TABLE.flatMap(([decision, , , roles]) => ROLES.map((role) => [decision, role, roles.includes(role as never)] as const)))(
    '%s by %s: allowed %s',
    (decision, role, allowed) => {
      expect(DECISION_RULES[decision].roles.includes(role as never)).toBe(allowed);
      // Everyone who may decide is a reviewer (the route's role check comes first).
      if (allowed) expect(ROLE_SETS.reviewers).toContain(role);
    },
  );

  it('assigns COMPLIANCE APPROVED submissions only', () => {
    expect(ASSIGNABLE_STATUS).toBe('fi_approved');
  });

  it.each([
    [{ decision: 'approve' }, true],
    [{ decision: 'reject', note: 'Wrong month.' }, true],
    [{ decision: 'complete', note: '' }, true],
    [{ decision: 'delete' }, false],
    [{}, false],
    [{ decision: 'approve', note: 'x'.repeat(2000) }, true],
    [{ decision: 'approve', note: 'x'.repeat(2001) }, false],
    [{ decision: 'approve', note: 7 }, false],
  ])('decision body %j valid: %s', (body, valid) => {
    expect(decisionRequestSchema.safeParse(body).success).toBe(valid);
  });

  it.each([
    [[], false],
    [['a'], true],
    [Array.from({ length: REPORTS_LIMIT }, (_, i) => String(i)), true],
    [Array.from({ length: REPORTS_LIMIT + 1 }, (_, i) => String(i)), false],
    [['x'.repeat(101)], false],
  ])('bulk ids of length %#: valid %s', (ids, valid) => {
    expect(bulkDecisionRequestSchema.safeParse({ decision: 'approve', ids }).success).toBe(valid);
  });

  it('reads a missing pmec_email as empty, for the server to answer with the spec message', () => {
    expect(assignRequestSchema.parse({})).toEqual({ pmec_email: '' });
  });
});

describe('search text', () => {
  it.each([
    ['Alpha', 'Alpha'],
    ['  alpha bank  ', 'alpha bank'],
    ['a,b', 'ab'],
    ['100%', '100'],
    ['*PK01*', 'PK01'],
    [',%*', ''],
    ['x'.repeat(150), 'x'.repeat(100)],
  ])('%j becomes %j', (raw, clean) => {
    expect(cleanSearch(raw)).toBe(clean);
  });

  it('needs at least 2 characters', () => {
    expect(SEARCH_MIN_LENGTH).toBe(2);
    expect(REVIEW_MESSAGES.searchTooShort).toBe('Type at least 2 characters to search.');
  });
});

describe('messages and limits', () => {
  it.each([
    ['approve', 3, 1, 'Bulk approve: 3 succeeded, 1 failed.'],
    ['reject', 0, 2, 'Bulk reject: 0 succeeded, 2 failed.'],
    ['complete', 50, 0, 'Bulk complete: 50 succeeded, 0 failed.'],
  ] as const)('bulk %s, %d and %d: %s', (decision, ok, failed, text) => {
    expect(REVIEW_MESSAGES.bulk(decision, ok, failed)).toBe(text);
  });

  it('uses the spec’s words for the review errors', () => {
    expect(REVIEW_MESSAGES.reasonRequired).toBe('Rejection requires a reason.');
    expect(REVIEW_MESSAGES.pmecEmailRequired).toBe('Select or type a PMEC admin email.');
    expect(REVIEW_MESSAGES.noSubmissions).toBe('No submissions found.');
    expect(REVIEW_MESSAGES.missingPath).toBe('Missing upload_month or payee_key.');
    expect(REVIEW_MESSAGES.fileNotFound).toBe('No matching file found under inputs/ or stoppages/.');
    expect(REVIEW_MESSAGES.linkFailed).toBe('Could not generate download link.');
  });

  it('says what a refused decision needs', () => {
    expect(REVIEW_MESSAGES.wrongState('complete', 'pending')).toBe(
      'This submission is COMPLIANCE PENDING, so it cannot be completed: only COMPLIANCE APPROVED submissions can. Refresh the list to see its current state.',
    );
    expect(REVIEW_MESSAGES.done('reject', 'rejected')).toBe('Submission rejected: now REJECTED.');
  });

  it('pages reviews by 50, shows the newest 200 reports, links files for 60 s', () => {
    expect([REVIEWS_PAGE_SIZE, REPORTS_LIMIT, REVIEW_FILE_LINK_SECONDS]).toEqual([50, 200, 60]);
  });
});
