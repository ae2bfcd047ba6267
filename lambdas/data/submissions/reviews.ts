import { GetObjectCommand } from '@aws-sdk/client-s3';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { bucketName, dynamo, s3, tableName } from '#adapters/aws-clients.js';
import { type Condition, updateOf, type Updates } from '#adapters/dynamo/expressions.js';
import { isConditionFailure, retrying } from '#adapters/dynamo/toolkit.js';
import { objectExists } from '#adapters/s3-objects.js';
import { REVIEW_FILE_LINK_SECONDS, type SubmissionStatus } from '#shared/api/reviews.js';
import { notificationPut, type QueuedEvent } from '../notifications/outbox.js';
import { counterScopes, counterUpdates } from './counters.js';
import { countedRows, getSubmission, submissionCodec, submissionKey, type SubmissionRecord, whenSubmission as when } from './submissions.js';

/**
 * Review decisions and assignment on the submission items of lambdas/data/submissions/submissions.ts (pk=SUB#{id}
 * sk=META). Each change is one TransactWriteItems: the submission's update conditioned on the status it
 * starts from, moving the review-queue key (gsi1pk=STATUS#{status}) in the same write, and the change's
 * notification (its outbox item, lambdas/data/notifications/outbox.ts), so of two reviewers acting at once exactly
 * one wins, the queue never shows a row under its old status, and only the winner's email is queued.
 */
/** A submission with its review fields (part of the submission's codec). */
export type ReviewedSubmission = SubmissionRecord;

export type ChangeResult = { ok: true; item: ReviewedSubmission } | { ok: false; current: ReviewedSubmission | null };

/** What a review change writes on a submission. */
type ReviewChange = Updates<SubmissionRecord>;

/** The transaction's Update of a submission: SET each field, only while it exists with status `from` (and `also`). */
function statusUpdate(id: string, from: SubmissionStatus, set: ReviewChange, also?: Condition<SubmissionRecord>) {
  return {
    Update: {
      TableName: tableName('submissions'),
      Key: submissionKey(id),
      ...updateOf(set, when.and(when.exists('pk'), when.is('status', from), ...(also ? [also] : []))),
    },
  };
}

/** SET each field, only while the status is `from`, with the change's outbox item in the same transaction. */
async function updateWhileStatus(id: string, from: SubmissionStatus, set: ReviewChange, notify: QueuedEvent): Promise<ChangeResult> {
  try {
    await retrying(() => dynamo.send(new TransactWriteCommand({ TransactItems: [statusUpdate(id, from, set), notificationPut(notify)] })));
  } catch (error) {
    if (!isConditionFailure(error, 0)) throw error;
    return { ok: false, current: await getSubmission(id) };
  }
  // A transaction answers no attributes: the item as it is now (the change just made, or a later one).
  const item = await getSubmission(id);
  if (!item) throw new Error(`Submission ${id} vanished`);
  return { ok: true, item };
}

/**
 * A rejection: the status change, and, when the file's rows were already ingested, those rows taken back off the
 * dashboard counters in the same transaction (a rejected file's rows count nowhere, as in borrower history).
 * Conditioned on the ingestion counts being as read, so a rejection racing ingestion is read again and retried.
 */
async function rejectWhileStatus(id: string, from: SubmissionStatus, set: ReviewChange, notify: QueuedEvent): Promise<ChangeResult> {
  for (let attempt = 0; ; attempt++) {
    const current = await getSubmission(id);
    if (!current || current.status !== from) return { ok: false, current };
    const ingested = current.counts ? countedRows(current, current.counts) : null;
    const counted = ingested ? when.exists('counts') : when.missing('counts');
    try {
      await retrying(() =>
        dynamo.send(
          new TransactWriteCommand({
            TransactItems: [
              statusUpdate(id, from, set, counted),
              ...(ingested ? counterUpdates(counterScopes(current.org_id), current.created_at, { [ingested.field]: -ingested.rows }) : []),
              notificationPut(notify),
            ],
          }),
        ),
      );
      return { ok: true, item: submissionCodec.parseExisting({ ...current, ...set }) };
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= 2) {
        if (isConditionFailure(error)) return { ok: false, current: await getSubmission(id) };
        throw error;
      }
    }
  }
}

export interface Actor {
  userId: string;
  email: string;
}

type DecidedStatus = Extract<QueuedEvent, { kind: 'submission.decided' }>['status'];

/**
 * Moves a submission from one status to the next (approve: pending → fi_approved, reject: pending →
 * rejected, complete: fi_approved → approved), recording who and when, and queues its email in the same
 * transaction; refused (nothing written, nothing queued) when it is no longer `from`.
 */
export function transitionSubmission(
  id: string,
  change: { from: SubmissionStatus; to: DecidedStatus; step: 'review' | 'complete'; actor: Actor; reason?: string; note?: string },
): Promise<ChangeResult> {
  const now = new Date().toISOString();
  const who: ReviewChange =
    change.step === 'review'
      ? { reviewed_by: change.actor.userId, reviewed_by_email: change.actor.email, reviewed_at: now }
      : { completed_by: change.actor.userId, completed_by_email: change.actor.email, completed_at: now };
  const write = change.to === 'rejected' ? rejectWhileStatus : updateWhileStatus;
  const notify: QueuedEvent = {
    kind: 'submission.decided',
    submission_id: id,
    status: change.to,
    ...(change.to === 'rejected' ? { reason: change.reason } : {}),
  };
  return write(
    id,
    change.from,
    {
      status: change.to,
      gsi1pk: `STATUS#${change.to}`,
      ...who,
      ...(change.reason !== undefined ? { decision_reason: change.reason } : {}),
      ...(change.note ? { decision_note: change.note } : {}),
    },
    notify,
  );
}

/** Assigns (or re-assigns) a submission to a PMEC admin while it is `status`, and queues the assignee's email with it. */
export function assignSubmission(id: string, status: SubmissionStatus, to: Actor, by: Actor): Promise<ChangeResult> {
  const assigned_at = new Date().toISOString();
  return updateWhileStatus(
    id,
    status,
    { assigned_to: to.userId, assigned_to_email: to.email, assigned_at, assigned_by_email: by.email },
    { kind: 'submission.assigned', submission_id: id, assignee_email: to.email, assigned_at },
  );
}

/** Is the submitted file where the submission says (in the uploads bucket, where Submit copied it)? */
export const storedFileExists = (key: string): Promise<boolean> => objectExists('uploads', key);

/** A presigned GET of the submitted file, living REVIEW_FILE_LINK_SECONDS (spec §9: 60 s). */
export async function storedFileLink(key: string, fileName: string): Promise<string> {
  const safeName = fileName.replace(/[^A-Za-z0-9._ -]/g, '_').trim() || 'submission.xlsx';
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key, ResponseContentDisposition: `attachment; filename="${safeName}"` }), {
    expiresIn: REVIEW_FILE_LINK_SECONDS,
  });
}
