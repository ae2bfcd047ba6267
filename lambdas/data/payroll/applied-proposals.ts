import { z } from 'zod';
import { tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { decideInSlot, proposeInSlot, slotDecision, slotDecisionFields, type SlotLayout, slotProposal, slotProposalFields } from '#data/four-eyes/slot.js';
import { lenderTotalsSchema } from '#shared/api/reconciliation.js';
import { monthCodec, type MonthReconciliation } from './reconciliation.js';

export { isExpired } from '#data/four-eyes/slot.js';

/**
 * Proposed replacements of a month's applied deductions file, in the submissions table beside the month's item: a
 * second file's Submit waits in a four-eyes slot (four-eyes/slot.ts) for another admin of the payroll authority.
 * - open proposal: pk=RECONCILIATION#{month}  sk=PROPOSAL          (one slot a month)
 * - decision:      pk=RECONCILIATION#{month}  sk=DECISION#{upload}
 * Both keep the recorded file's totals and the proposed file's as the proposer saw them, so the approver sees the same.
 * Access patterns: "the month's open proposal" GetItem; "propose" conditional Put; "decide" the slot's transaction
 * with, on approval, the month's item Put on condition it still records the file replaced.
 */
const replacedSchema = z.object({ upload_id: z.string(), submitted_by: z.string(), submitted_at: z.string() });

const proposalSchema = z.object({
  ...slotProposalFields,
  file_name: z.string(),
  schedule_version: z.number(),
  replaces: replacedSchema,
  current_by_lender: z.array(lenderTotalsSchema),
  by_lender: z.array(lenderTotalsSchema),
});
export type AppliedProposal = z.output<typeof proposalSchema>;

const decisionSchema = z.object(slotDecisionFields);
export type AppliedDecision = z.output<typeof decisionSchema>;

type Scope = { month: string };
const openKey = ({ month }: Scope) => ({ pk: `RECONCILIATION#${month}`, sk: 'PROPOSAL' });
const decisionKey = ({ month }: Scope, uploadId: string) => ({ pk: `RECONCILIATION#${month}`, sk: `DECISION#${uploadId}` });
const SLOT: SlotLayout<AppliedProposal, AppliedDecision, Scope> = {
  table: () => tableName('submissions'),
  proposal: defineCodec('applied file proposal', proposalSchema, openKey),
  decision: defineCodec('applied file decision', decisionSchema, (d) => decisionKey(d, d.upload_id)),
  openKey,
  decisionKey,
};

/** The month's open proposal (expired or not: expiry is computed on read), or null. */
export const openAppliedProposal = (month: string) => slotProposal(SLOT, { month });
export const appliedDecision = (month: string, uploadId: string) => slotDecision(SLOT, { month }, uploadId);
/** Opens a proposal in the month's slot: when it is empty, expired, or this upload's (a repeated Submit). False when another is open. */
export const proposeApplied = (proposal: AppliedProposal, now = new Date()) => proposeInSlot(SLOT, proposal, now);

/**
 * Decides the month's open proposal of this upload, once; an approval writes `record` as the month's item in the same
 * transaction, on condition the month still records the file the proposal replaces. False when any of it no longer
 * holds (decided by someone else, first or at the same moment; expired; the month's file changed).
 */
export function decideAppliedProposal(decision: AppliedDecision, replaces: string, record: MonthReconciliation | null, now = new Date()): Promise<boolean> {
  const TableName = SLOT.table();
  const recordsReplaced = conditionsOf<MonthReconciliation>().is('upload_id', replaces);
  return decideInSlot(SLOT, decision, now, record ? [{ Put: { TableName, Item: monthCodec.build(record), ...conditionOf(recordsReplaced) } }] : []);
}
