import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure, isTransactionConflict } from '#adapters/dynamo/toolkit.js';
import { registerDifferenceSchema } from '#shared/api/register.js';

/**
 * Register proposals, in the register table: a submitted register waits here for a second admin of the
 * payroll authority. One may be open at a time.
 * - open proposal: pk=PROPOSAL           sk=OPEN      (the one slot: put only when empty, expired or the same upload's)
 * - decision:      pk=PROPOSAL#{upload}  sk=DECISION  (written once, in the transaction that empties the slot)
 * Access patterns: "the open proposal" GetItem; "propose" conditional Put; "decide" one transaction of the
 * slot's conditional Delete (this upload's, not expired) and the decision's Put (absent), so of two
 * decisions at once exactly one is written; "how a proposal was decided" GetItem.
 */
const proposalSchema = z.object({
  upload_id: z.string(),
  month: z.string(),
  employees: z.number(),
  proposed_by: z.string(),
  proposed_by_id: z.string(),
  proposed_at: z.string(),
  /** ISO time after which it can no longer be decided. */
  expires_at: z.string(),
  difference: registerDifferenceSchema,
});
export type RegisterProposal = z.output<typeof proposalSchema>;

/** A decision keeps what approval needs to start the ingestion again (a retry after the jobs failed to be written). */
const decisionSchema = z.object({
  upload_id: z.string(),
  month: z.string(),
  employees: z.number(),
  proposed_by: z.string(),
  decision: z.enum(['approve', 'reject']),
  decided_by: z.string(),
  decided_at: z.string(),
  note: z.string().nullable(),
});
export type ProposalDecision = z.output<typeof decisionSchema>;

const OPEN_KEY = { pk: 'PROPOSAL', sk: 'OPEN' };
const decisionKey = (uploadId: string) => ({ pk: `PROPOSAL#${uploadId}`, sk: 'DECISION' });
const proposalCodec = defineCodec('register proposal', proposalSchema, () => OPEN_KEY);
const decisionCodec = defineCodec('register proposal decision', decisionSchema, (d) => decisionKey(d.upload_id));

const proposalIs = conditionsOf<RegisterProposal>();

export const isExpired = (proposal: Pick<RegisterProposal, 'expires_at'>, now = new Date()) => proposal.expires_at <= now.toISOString();

/** The open proposal (expired or not: expiry is computed on read), or null. */
export async function openProposal(): Promise<RegisterProposal | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('register'), Key: OPEN_KEY, ConsistentRead: true }));
  return proposalCodec.parse(out.Item);
}

export async function proposalDecision(uploadId: string): Promise<ProposalDecision | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('register'), Key: decisionKey(uploadId), ConsistentRead: true }));
  return decisionCodec.parse(out.Item);
}

/**
 * Opens a proposal in the one slot: when it is empty, when the proposal there expired, or when it is this
 * upload's (a repeated Submit). False when another is open.
 */
export async function propose(proposal: RegisterProposal, now = new Date()): Promise<boolean> {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName('register'),
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
 * Decides the open proposal of this upload, once: false when it is not open any more (decided by someone
 * else, first or at the same moment), or expired.
 */
export async function decideProposal(decision: ProposalDecision, now = new Date()): Promise<boolean> {
  const table = tableName('register');
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: table,
              Key: OPEN_KEY,
              ...conditionOf(proposalIs.and(proposalIs.is('upload_id', decision.upload_id), proposalIs.above('expires_at', now.toISOString()))),
            },
          },
          { Put: { TableName: table, Item: decisionCodec.build(decision), ...conditionOf(conditionsOf<ProposalDecision>().missing('pk')) } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error) || isTransactionConflict(error)) return false;
    throw error;
  }
}
