import { GetCommand, PutCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo } from '#adapters/aws-clients.js';
import type { Codec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure, isTransactionConflict } from '#adapters/dynamo/toolkit.js';

/**
 * A four-eyes proposal slot: a change one admin proposes waits in the slot for another to decide it. One slot holds
 * at most one open proposal (per scope: the register has one, the applied file one a month); each aggregate lays its
 * slot out in its own table (register/proposals.ts, payroll/applied-proposals.ts) and extends the fields below.
 * - open proposal: the slot's item  (put only when empty, expired or the same upload's: a repeated Submit)
 * - decision:      one item an upload (written once, in the transaction that empties the slot)
 * Expiry is computed on read. "Decide" is one transaction of the slot's conditional Delete (this upload's, not
 * expired), the decision's Put (absent) and the aggregate's own writes of the outcome, so of two decisions at once
 * exactly one is written.
 *
 * The IAM check (test/infra/handler-calls.ts) counts each function below at its call, on the table its caller's
 * module names (`table: () => tableName('register')`).
 */
export const slotProposalFields = {
  upload_id: z.string(),
  month: z.string(),
  proposed_by: z.string(),
  proposed_by_id: z.string(),
  proposed_at: z.string(),
  /** ISO time after which it can no longer be decided. */
  expires_at: z.string(),
};
export const slotDecisionFields = {
  upload_id: z.string(),
  month: z.string(),
  proposed_by: z.string(),
  decision: z.enum(['approve', 'reject']),
  decided_by: z.string(),
  decided_at: z.string(),
  note: z.string().nullable(),
};
type SlotProposal = z.output<z.ZodObject<typeof slotProposalFields>>;
type SlotDecision = z.output<z.ZodObject<typeof slotDecisionFields>>;
type Key = Record<string, string>;
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Where one aggregate keeps its slots: the table, the two entities' codecs, their keys by scope (the fields of a record that place it). */
export interface SlotLayout<P extends SlotProposal & S, D extends SlotDecision & S, S> {
  table: () => string;
  proposal: Codec<P, P>;
  decision: Codec<D, D>;
  openKey: (scope: S) => Key;
  decisionKey: (scope: S, uploadId: string) => Key;
}

const proposalIs = conditionsOf<SlotProposal>();

export const isExpired = (proposal: Pick<SlotProposal, 'expires_at'>, now = new Date()) => proposal.expires_at <= now.toISOString();

/** The scope's open proposal (expired or not: expiry is computed on read), or null. */
export async function slotProposal<P extends SlotProposal & S, D extends SlotDecision & S, S>(slot: SlotLayout<P, D, S>, scope: NoInfer<S>): Promise<P | null> {
  const out = await dynamo.send(new GetCommand({ TableName: slot.table(), Key: slot.openKey(scope), ConsistentRead: true }));
  return slot.proposal.parse(out.Item);
}

/** How the scope's proposal of this upload was decided, or null. */
export async function slotDecision<P extends SlotProposal & S, D extends SlotDecision & S, S>(
  slot: SlotLayout<P, D, S>,
  scope: NoInfer<S>,
  uploadId: string,
): Promise<D | null> {
  const out = await dynamo.send(new GetCommand({ TableName: slot.table(), Key: slot.decisionKey(scope, uploadId), ConsistentRead: true }));
  return slot.decision.parse(out.Item);
}

/** Opens a proposal in its scope's slot: when it is empty, expired, or this upload's (a repeated Submit). False when another is open. */
export async function proposeInSlot<P extends SlotProposal & S, D extends SlotDecision & S, S>(
  slot: SlotLayout<P, D, S>,
  proposal: P,
  now = new Date(),
): Promise<boolean> {
  const open = proposalIs.or(proposalIs.missing('pk'), proposalIs.atMost('expires_at', now.toISOString()), proposalIs.is('upload_id', proposal.upload_id));
  try {
    await dynamo.send(new PutCommand({ TableName: slot.table(), Item: slot.proposal.build(proposal), ...conditionOf(open) }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Decides the open proposal of this upload, once, with `outcome` (the aggregate's writes of it, each conditioned as
 * it needs) in the same transaction. False when any of it no longer holds (decided by someone else, first or at the
 * same moment; expired; an outcome's condition).
 */
export async function decideInSlot<P extends SlotProposal & S, D extends SlotDecision & S, S>(
  slot: SlotLayout<P, D, S>,
  decision: D,
  now = new Date(),
  outcome: readonly TransactItem[] = [],
): Promise<boolean> {
  const TableName = slot.table();
  const open = proposalIs.and(proposalIs.is('upload_id', decision.upload_id), proposalIs.above('expires_at', now.toISOString()));
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName, Key: slot.openKey(decision), ...conditionOf(open) } },
          { Put: { TableName, Item: slot.decision.build(decision), ...conditionOf(conditionsOf<SlotDecision>().missing('pk')) } },
          ...outcome,
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error) || isTransactionConflict(error)) return false;
    throw error;
  }
}
