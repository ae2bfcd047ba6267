import { writeRegisterJobs } from '#data/register/ingestion.js';
import { isExpired, type RegisterProposal } from '#data/register/proposals.js';
import type { ProposedRegister } from '#shared/api/register.js';

/** The open proposal as GET /api/register shows it: the counts beside the whole difference, expiry computed now. */
export function proposedView(proposal: RegisterProposal, now = new Date()): ProposedRegister {
  const { difference } = proposal;
  return {
    upload_id: proposal.upload_id,
    month: proposal.month,
    employees: proposal.employees,
    proposed_by: proposal.proposed_by,
    proposed_at: proposal.proposed_at,
    expires_at: proposal.expires_at,
    expired: isExpired(proposal, now),
    added: difference.added,
    removed: difference.removed,
    changed: difference.changed,
    mobile_changed: difference.mobile_changed,
    difference,
  };
}

/**
 * Starts the approved register's ingestion (lambdas/events/ingest-register.ts), which makes it current once
 * every employee is stored: the same jobs however often it runs. The approval's time starts the old
 * mobiles' sign-in window.
 */
export function ingestApproved(
  proposal: Pick<RegisterProposal, 'upload_id' | 'month' | 'employees' | 'proposed_by'>,
  approval: { by: string; at: string },
): Promise<void> {
  return writeRegisterJobs({
    upload_id: proposal.upload_id,
    month: proposal.month,
    employees: proposal.employees,
    uploaded_by: proposal.proposed_by,
    uploaded_at: approval.at,
    approved_by: approval.by,
  });
}
