import { z } from 'zod';
import { tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { readOf } from '#adapters/dynamo/queries.js';
import { batchGetAll } from '#adapters/dynamo/toolkit.js';
import { ExpiringMap } from '#lib/expiring-map.js';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '#shared/api/reviews.js';
import { submissionKey, type SubmissionRecord } from '../submissions/submissions.js';
import type { Decision } from './summary-compaction.js';

/**
 * Which submissions named on a borrower's record were rejected (their entries stop counting), and, for
 * ingestion's compaction, which are decided. A submission is rejected only from pending
 * (shared/api/reviews.ts DECISION_RULES), so once it is fi_approved, approved or rejected the answer
 * never changes; only a pending one (or one not found) must be asked again.
 */
export interface StatusMemo {
  /** True or false when known, undefined when it must be read. */
  rejected(id: string, now: number): boolean | undefined;
  /** Rejected, decided otherwise, or pending (a submission not found is pending) when known. */
  decision(id: string, now: number): Decision | undefined;
  remember(id: string, status: SubmissionStatus | null, now: number): void;
  /** The status when known (null: not found), undefined when it must be read. */
  status(id: string, now: number): SubmissionStatus | null | undefined;
}

const FINAL: ReadonlySet<string> = new Set<SubmissionStatus>(['fi_approved', 'approved', 'rejected']);
type Known = SubmissionStatus | null;
const decisionOf = (status: Known): Decision => (status === 'rejected' ? 'rejected' : status && FINAL.has(status) ? 'decided' : 'pending');

function memoOver(get: (id: string, now: number) => Known | undefined, set: (id: string, status: Known, now: number) => void): StatusMemo {
  return {
    rejected: (id, now) => {
      const status = get(id, now);
      return status === undefined ? undefined : status === 'rejected';
    },
    decision: (id, now) => {
      const status = get(id, now);
      return status === undefined ? undefined : decisionOf(status);
    },
    remember: set,
    status: get,
  };
}

/** A memo for one piece of work (a file's signals): each submission read once, never again. */
export function freshStatuses(): StatusMemo {
  const known = new Map<string, Known>();
  return memoOver(
    (id) => known.get(id),
    (id, status) => known.set(id, status),
  );
}

/**
 * A memo a warm function keeps across requests (the history lookup, ingestion): a final status is kept
 * (at most `max`, cleared whole when full), a pending one for `ttlMs`. So a rejection stops counting on
 * /history within `ttlMs`, and a lookup reads statuses only when a submission it names is new to it or
 * pending for longer: a platform of some forty lenders has a few hundred submissions a month.
 */
export function recentStatuses(ttlMs: number, max = 50_000): StatusMemo {
  const known = new ExpiringMap<string, Known>(max);
  return memoOver(
    (id, now) => known.get(id, now),
    (id, status, now) => known.set(id, status, status && FINAL.has(status) ? Number.POSITIVE_INFINITY : now + ttlMs),
  );
}

const BUSY = 'Borrower records are busy; try again in a minute.';
/** A submission read for its status alone (a projection of lambdas/data/submissions/submissions.ts). */
const statusCodec = defineCodec('submission', z.object({ id: z.string(), status: z.enum(SUBMISSION_STATUSES) }));

/** Reads the statuses the memo does not know: one BatchGetItem per 100. */
async function learn(ids: Iterable<string>, memo: StatusMemo, now: number): Promise<void> {
  const unknown = [...ids].filter((id) => memo.rejected(id, now) === undefined);
  if (!unknown.length) return;
  const items = await batchGetAll(tableName('submissions'), unknown.map(submissionKey), {
    projection: readOf<SubmissionRecord>({ project: ['id', 'status'] }),
    busy: BUSY,
  });
  const found = new Map(statusCodec.parseAll(items).map((item) => [item.id, item.status]));
  for (const id of unknown) memo.remember(id, found.get(id) ?? null, now);
}

/** The rejected among these submissions. */
export async function rejectedAmong(ids: ReadonlySet<string>, memo: StatusMemo, now = Date.now()): Promise<Set<string>> {
  await learn(ids, memo, now);
  return new Set([...ids].filter((id) => memo.rejected(id, now) === true));
}

/** Each of these submissions' decision (a submission not found is pending). */
export async function decisionsAmong(ids: Iterable<string>, memo: StatusMemo, now = Date.now()): Promise<(id: string) => Decision> {
  const wanted = new Set(ids);
  await learn(wanted, memo, now);
  return (id) => memo.decision(id, now) ?? 'pending';
}

/** Each of these submissions' status (null for one not found). */
export async function statusesAmong(ids: Iterable<string>, memo: StatusMemo, now = Date.now()): Promise<(id: string) => SubmissionStatus | null> {
  const wanted = new Set(ids);
  await learn(wanted, memo, now);
  return (id) => memo.status(id, now) ?? null;
}
