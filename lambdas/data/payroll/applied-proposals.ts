import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure, isTransactionConflict } from '#adapters/dynamo/toolkit.js';
import { lenderTotalsSchema } from '#shared/api/reconciliation.js';
import { monthCodec, type MonthReconciliation } from './reconciliation.js';

/**
 * Proposed replacements of a month's applied deductions file, in the submissions table beside the month's item: a
 * second file's Submit waits here for another admin of the payroll authority.
 * - open proposal: pk=RECONCILIATION#{month}  sk=PROPOSAL          (one slot a month: put only when empty, expired or the same upload's)
 * - decision:      pk=RECONCILIATION#{month}  sk=DECISION#{upload} (written once, in the transaction that empties the slot)
 * Both keep the recorded file's totals and the proposed file's as the proposer saw them, so the approver sees the same.
 * Access patterns: "the month's open proposal" GetItem; "propose" conditional Put; "decide" one transaction of the
 * slot's conditional Delete (this upload's, not expired), the decision's Put (absent) and, on approval, the month's
 * item Put on condition it still records the file replaced; so of two decisions at once exactly one is written.
 */
const replacedSchema = z.object({ upload_id: z.string(), submitted_by: z.string(), submitted_at: z.string() });

const proposalSchema = z.object({
  upload_id: z.string(),
  month: z.string(),
  file_name: z.string(),
  schedule_version: z.number(),
  proposed_by: z.string(),
  proposed_by_id: z.string(),
  proposed_at: z.string(),
  expires_at: z.string(),
  replaces: replacedSchema,
  current_by_lender: z.array(lenderTotalsSchema),
  by_lender: z.array(lenderTotalsSchema),
});
export type AppliedProposal = z.output<typeof proposalSchema>;

const decisionSchema = z.object({
  upload_id: z.string(),
  month: z.string(),
  proposed_by: z.string(),
  decision: z.enum(['approve', 'reject']),
  decided_by: z.string(),
  decided_at: z.string(),
  note: z.string().nullable(),
});
export type AppliedDecision = z.output<typeof decisionSchema>;

const openKey = (month: string) => ({ pk: `RECONCILIATION#${month}`, sk: 'PROPOSAL' });
const decisionKey = (month: string, uploadId: string) => ({ pk: `RECONCILIATION#${month}`, sk: `DECISION#${uploadId}` });
const proposalCodec = defineCodec('applied file proposal', proposalSchema, (p) => openKey(p.month));
const decisionCodec = defineCodec('applied file decision', decisionSchema, (d) => decisionKey(d.month, d.upload_id));
const proposalIs = conditionsOf<AppliedProposal>();

export const isExpired = (proposal: Pick<AppliedProposal, 'expires_at'>, now = new Date()) => proposal.expires_at <= now.toISOString();

/** The month's open proposal (expired or not: expiry is computed on read), or null. */
export async function openAppliedProposal(month: string): Promise<AppliedProposal | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('submissions'), Key: openKey(month), ConsistentRead: true }));
  return proposalCodec.parse(out.Item);
}

export async function appliedDecision(month: string, uploadId: string): Promise<AppliedDecision | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('submissions'), Key: decisionKey(month, uploadId), ConsistentRead: true }));
  return decisionCodec.parse(out.Item);
}

/** Opens a proposal in the month's slot: when it is empty, expired, or this upload's (a repeated Submit). False when another is open. */
export async function proposeApplied(proposal: AppliedProposal, now = new Date()): Promise<boolean> {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName('submissions'),
        Item: proposalCodec.build(proposal),
        ...conditionOf(
          proposalIs.or(proposalIs.missing('pk'), proposalIs.atMost('expires_at', now.toISOString()), proposalIs.is('upload_id', proposal.upload_id)),
        ),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Decides the month's open proposal of this upload, once; an approval writes `record` as the month's item in the same
 * transaction, on condition the month still records the file the proposal replaces. False when any of it no longer
 * holds (decided by someone else, first or at the same moment; expired; the month's file changed).
 */
export async function decideAppliedProposal(
  decision: AppliedDecision,
  replaces: string,
  record: MonthReconciliation | null,
  now = new Date(),
): Promise<boolean> {
  const TableName = tableName('submissions');
  const slot = proposalIs.and(proposalIs.is('upload_id', decision.upload_id), proposalIs.above('expires_at', now.toISOString()));
  const month = record
    ? [{ Put: { TableName, Item: monthCodec.build(record), ...conditionOf(conditionsOf<MonthReconciliation>().is('upload_id', replaces)) } }]
    : [];
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName, Key: openKey(decision.month), ...conditionOf(slot) } },
          { Put: { TableName, Item: decisionCodec.build(decision), ...conditionOf(conditionsOf<AppliedDecision>().missing('pk')) } },
          ...month,
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error) || isTransactionConflict(error)) return false;
    throw error;
  }
}
