import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { change, conditionOf, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { queryOf, readOf } from '#adapters/dynamo/queries.js';
import { isConditionFailure, queryAll, queryCount, retrying } from '#adapters/dynamo/toolkit.js';
import { DISPUTE_DECISIONS, DISPUTE_STATUSES, type DisputeStatus } from '#shared/api/disputes.js';
import { historyKey } from '../history/entries.js';
import { notificationPut, type QueuedEvent } from '../notifications/outbox.js';

/**
 * Disputes of unauthorised deductions, in the submissions table:
 * - dispute: pk=DISPUTE#{id} sk=META; gsi1pk=DISPUTE#STATUS#{status} gsi1sk={opened_at}#{id} (the reviewers'
 *   queue by status, newest first); gsi2pk=DISPUTE#ORG#{org_id} gsi2sk={opened_at}#{id} (the lender's list);
 *   gsi3pk=DISPUTE#NRC#{digits} gsi3sk={opened_at}#{id} (the employee's own disputes; absent on disputes
 *   stored before the employee portal)
 * - guard: pk=DISPUTE#DEDUCTION#{digits}#{payee_key}#{month} sk=UNDECIDED — one undecided dispute per
 *   deduction; written with the dispute, deleted with its decision.
 * Every transition is conditioned on the status it leaves, so of two decisions at once one wins.
 * An upheld decision also writes, in the same transaction, the mark the borrower's history shows
 * (history table: pk=NRC#{digits} sk={month}#{payee_key}#dispute) and `u_{id}` on the borrower's NRC
 * summary, which the deduction signals read for the lender's later files.
 */
const partyEntry = z.object({ email: z.string(), at: z.string() });

const disputeSchema = z.object({
  id: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  nrc: z.string(),
  nrc_digits: z.string(),
  payee_key: z.string(),
  month: z.string(),
  org_id: z.string(),
  org_name: z.string().nullable(),
  reason: z.string(),
  opened: partyEntry.extend({ user_id: z.string() }),
  /** Who opened it: a reviewer on someone's behalf, or the employee from the portal (then `opened.email` is empty). */
  opened_by: z.enum(['reviewer', 'employee']).default('reviewer'),
  /** "Not approved": the payroll deducted it with no approved line (UNEXPECTED), reported from the portal (absent: false). */
  not_approved: z.boolean().default(false),
  response: partyEntry.extend({ message: z.string() }).nullable().default(null),
  decision: partyEntry
    .extend({ decision: z.enum(DISPUTE_DECISIONS), note: z.string() })
    .nullable()
    .default(null),
});
export type StoredDispute = z.output<typeof disputeSchema>;
/** The dispute's item: the record, and the evidence links handed out (takeEvidenceSlot), which no reader reads back. */
type DisputeItem = StoredDispute & { evidence_links?: number };
/** The conditions on a dispute's item. */
export const whenDispute = conditionsOf<DisputeItem>();
/** The guard of a deduction's undecided dispute: which dispute holds it. */
interface DisputeGuard {
  dispute_id: string;
}

/** The dispute is not in a state that allows the change: what it is now. */
export class DisputeStateError extends Error {
  constructor(readonly dispute: StoredDispute) {
    super(`Dispute ${dispute.id} is ${dispute.status}`);
  }
}
/** The deduction already has an undecided dispute. */
export class DisputeExistsError extends Error {}

export const disputeKey = (id: string) => ({ pk: `DISPUTE#${id}`, sk: 'META' });
export const guardKey = (d: Pick<StoredDispute, 'nrc_digits' | 'payee_key' | 'month'>) => ({
  pk: `DISPUTE#DEDUCTION#${d.nrc_digits}#${d.payee_key}#${d.month}`,
  sk: 'UNDECIDED',
});
export const statusIndex = (status: DisputeStatus, d: Pick<StoredDispute, 'opened' | 'id'>) => ({
  gsi1pk: `DISPUTE#STATUS#${status}`,
  gsi1sk: `${d.opened.at}#${d.id}`,
});
const orgIndex = (d: Pick<StoredDispute, 'org_id' | 'opened' | 'id'>) => ({ gsi2pk: `DISPUTE#ORG#${d.org_id}`, gsi2sk: `${d.opened.at}#${d.id}` });
const nrcIndex = (d: Pick<StoredDispute, 'nrc_digits' | 'opened' | 'id'>) => ({ gsi3pk: `DISPUTE#NRC#${d.nrc_digits}`, gsi3sk: `${d.opened.at}#${d.id}` });
const disputeCodec = defineCodec('dispute', disputeSchema, (d) => ({ ...disputeKey(d.id), ...statusIndex(d.status, d), ...orgIndex(d), ...nrcIndex(d) }));
/** The history mark of an upheld dispute, beside the deduction's own items (written by decision.ts). */
export const disputeMarkKey = (digits: string, month: string, payeeKey: string) => ({ pk: `NRC#${digits}`, sk: `${month}#${payeeKey}#dispute` });

/** Whether the payee key deducted from this borrower in this month (an inputs item in history). */
export async function deductionOnRecord(digits: string, payeeKey: string, month: string): Promise<boolean> {
  const out = await dynamo.send(
    new GetCommand({ TableName: tableName('history'), Key: historyKey(digits, month, payeeKey, 'inputs'), ...readOf({ project: ['pk'] }) }),
  );
  return Boolean(out.Item);
}

/**
 * Stores a new dispute with its deduction's guard, and the notification of its opening in the same
 * transaction (the outbox item, lambdas/data/notifications/outbox.ts); DisputeExistsError when the deduction has one undecided.
 */
export async function putDispute(d: StoredDispute, notify?: QueuedEvent): Promise<void> {
  try {
    await retrying(() =>
      dynamo.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName('submissions'), Item: disputeCodec.build(d), ...conditionOf(whenDispute.missing('pk')) } },
            {
              Put: {
                TableName: tableName('submissions'),
                Item: { ...guardKey(d), dispute_id: d.id },
                ...conditionOf(conditionsOf<DisputeGuard>().missing('pk')),
              },
            },
            ...(notify ? [notificationPut(notify)] : []),
          ],
        }),
      ),
    );
  } catch (error) {
    if (isConditionFailure(error, 1)) throw new DisputeExistsError();
    throw error;
  }
}

export async function getDispute(id: string): Promise<StoredDispute | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('submissions'), Key: disputeKey(id), ConsistentRead: true }));
  return disputeCodec.parse(out.Item);
}

/** After a refused condition: the dispute as it is now, as a DisputeStateError. */
export async function refused(id: string): Promise<never> {
  const now = await getDispute(id);
  if (!now) throw new Error(`Dispute ${id} vanished`);
  throw new DisputeStateError(now);
}

/** The lender's answer: open → answered. */
export async function answerDispute(d: StoredDispute, response: NonNullable<StoredDispute['response']>): Promise<StoredDispute> {
  try {
    const out = await dynamo.send(
      new UpdateCommand({
        TableName: tableName('submissions'),
        Key: disputeKey(d.id),
        ...updateOf<DisputeItem>({ status: 'answered', response, gsi1pk: statusIndex('answered', d).gsi1pk }, whenDispute.is('status', 'open')),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return disputeCodec.parseExisting(out.Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return refused(d.id);
    throw error;
  }
}

/**
 * Takes one of the dispute's evidence upload slots: one conditional ADD on the dispute item, so links
 * are counted as they are given (used or not) and two requests at once cannot both take the last slot.
 * 'decided' when the dispute no longer takes evidence, 'full' when every slot is taken.
 */
export async function takeEvidenceSlot(id: string, max: number): Promise<'ok' | 'decided' | 'full'> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('submissions'),
        Key: disputeKey(id),
        ...updateOf<DisputeItem>(
          { evidence_links: change.add(1) },
          whenDispute.and(
            whenDispute.isIn('status', ['open', 'answered']),
            whenDispute.or(whenDispute.missing('evidence_links'), whenDispute.below('evidence_links', max)),
          ),
        ),
      }),
    );
    return 'ok';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const now = await getDispute(id);
    return now && (now.status === 'open' || now.status === 'answered') ? 'full' : 'decided';
  }
}

const NEWEST = 200;
const statuses = (status: DisputeStatus | null) => (status ? [status] : [...DISPUTE_STATUSES]);

/** Every dispute (reviewers) or the disputes of these organisations, newest first, at most 200 of a status. */
export async function listDisputes(status: DisputeStatus | null, orgIds: readonly string[] | null): Promise<StoredDispute[]> {
  const pages = orgIds
    ? orgIds.map((org) =>
        queryAll({
          TableName: tableName('submissions'),
          ...queryOf({ IndexName: 'gsi2', pk: `DISPUTE#ORG#${org}` }),
          ScanIndexForward: false,
        }),
      )
    : statuses(status).map((s) =>
        queryAll({
          TableName: tableName('submissions'),
          ...queryOf({ IndexName: 'gsi1', pk: `DISPUTE#STATUS#${s}` }),
          ScanIndexForward: false,
          Limit: NEWEST,
        }),
      );
  const all = disputeCodec.parseAll((await Promise.all(pages)).flat()).filter((d) => !status || d.status === status);
  return all.sort((a, b) => b.opened.at.localeCompare(a.opened.at) || b.id.localeCompare(a.id)).slice(0, NEWEST * statuses(status).length);
}

/** The disputes of one borrower (NRC digits), newest first: one Query on gsi3. */
export async function disputesOfNrc(digits: string): Promise<StoredDispute[]> {
  const items = await queryAll({
    TableName: tableName('submissions'),
    ...queryOf({ IndexName: 'gsi3', pk: `DISPUTE#NRC#${digits}` }),
    ScanIndexForward: false,
  });
  return disputeCodec.parseAll(items);
}

/** Disputes of one status: all of them (orgIds null) or those of these organisations. For the dashboard. */
export async function countDisputes(status: DisputeStatus, orgIds: readonly string[] | null): Promise<number> {
  if (!orgIds)
    return queryCount({
      TableName: tableName('submissions'),
      ...queryOf({ IndexName: 'gsi1', pk: `DISPUTE#STATUS#${status}` }),
    });
  const counts = await Promise.all(
    orgIds.map((org) =>
      queryCount({
        TableName: tableName('submissions'),
        ...queryOf<DisputeItem>({ IndexName: 'gsi2', pk: `DISPUTE#ORG#${org}`, filter: whenDispute.is('status', status) }),
      }),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}
