import { z } from 'zod';
import { tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { decideInSlot, proposeInSlot, slotDecision, slotDecisionFields, type SlotLayout, slotProposal, slotProposalFields } from '#data/four-eyes/slot.js';
import { registerDifferenceSchema } from '#shared/api/register.js';

export { isExpired } from '#data/four-eyes/slot.js';

/**
 * Register proposals, in the register table: a submitted register waits in a four-eyes slot (four-eyes/slot.ts) for
 * a second admin of the payroll authority. One may be open at a time.
 * - open proposal: pk=PROPOSAL           sk=OPEN      (the one slot)
 * - decision:      pk=PROPOSAL#{upload}  sk=DECISION
 * Access patterns: "the open proposal" GetItem; "propose" conditional Put; "decide" the slot's transaction;
 * "how a proposal was decided" GetItem.
 */
const proposalSchema = z.object({ ...slotProposalFields, employees: z.number(), difference: registerDifferenceSchema });
export type RegisterProposal = z.output<typeof proposalSchema>;

/** A decision keeps what approval needs to start the ingestion again (a retry after the jobs failed to be written). */
const decisionSchema = z.object({ ...slotDecisionFields, employees: z.number() });
export type ProposalDecision = z.output<typeof decisionSchema>;

const openKey = () => ({ pk: 'PROPOSAL', sk: 'OPEN' });
const decisionKey = (_scope: object, uploadId: string) => ({ pk: `PROPOSAL#${uploadId}`, sk: 'DECISION' });
const SLOT: SlotLayout<RegisterProposal, ProposalDecision, object> = {
  table: () => tableName('register'),
  proposal: defineCodec('register proposal', proposalSchema, openKey),
  decision: defineCodec('register proposal decision', decisionSchema, (d) => decisionKey(d, d.upload_id)),
  openKey,
  decisionKey,
};

/** The open proposal (expired or not: expiry is computed on read), or null. */
export const openProposal = () => slotProposal(SLOT, {});
export const proposalDecision = (uploadId: string) => slotDecision(SLOT, {}, uploadId);
/** Opens a proposal in the one slot: when it is empty, expired, or this upload's (a repeated Submit). False when another is open. */
export const propose = (proposal: RegisterProposal, now = new Date()) => proposeInSlot(SLOT, proposal, now);
/** Decides the open proposal of this upload, once: false when it is not open any more (decided by someone else, first or at the same moment), or expired. */
export const decideProposal = (decision: ProposalDecision, now = new Date()) => decideInSlot(SLOT, decision, now);
