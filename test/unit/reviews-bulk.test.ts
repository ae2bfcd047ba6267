import { describe, expect, it } from 'vitest';
import type { BulkDecisionResponse, SubmissionListItem } from '#shared/api/reviews.js';
import { failureLines } from '../../web/src/features/reviews/utils/bulk-failures.js';

/** A bulk decision's failures on /reviews: each named by its file, and "still selected" only while its row is listed. */
const A = '0a0a0a0a-0000-4000-8000-00000000000a';
const listedRow = { id: A, org_name: 'Alpha Bank', payee_key: 'A001', doc_kind: 'inputs', upload_month: '2026-03' } as SubmissionListItem;
const failure = (id: string, file: BulkDecisionResponse['failed'][number]['file']) => ({ id, error: 'wrong_state', message: 'Already decided.', file });
const movedOn = { org_name: 'Beta Bank', payee_key: 'B002', doc_kind: 'stoppages', upload_month: '2026-02', status: 'approved' } as const;

describe('failureLines', () => {
  it.each([
    ['a row still in the list', failure(A, null), { label: 'Alpha Bank · Inputs · 2026-03', listed: true }],
    [
      'a row that left the list, named from the answer',
      failure('0b0b0b0b-0000-4000-8000-00000000000b', movedOn),
      { label: 'Beta Bank · Stoppages · 2026-02', listed: false },
    ],
    [
      'a file without an organisation name, by payee key',
      failure('0c0c0c0c-0000-4000-8000-00000000000c', { ...movedOn, org_name: null }),
      { label: 'B002 · Stoppages · 2026-02', listed: false },
    ],
    [
      'a submission the caller cannot see',
      failure('0d0d0d0d-0000-4000-8000-00000000000d', null),
      { label: 'A submission you can no longer see', listed: false },
    ],
  ])('%s', (_name, failed, expected) => {
    const [line] = failureLines([failed], new Map([[A, listedRow]]));
    expect(line).toEqual({ id: failed.id, message: 'Already decided.', ...expected });
    expect(line!.label).not.toContain(failed.id);
  });
});
