import { type AppliedProposal, isExpired } from '#data/payroll/applied-proposals.js';
import type { AppliedReplacement, LenderChange } from '#shared/api/reconciliation-replacement.js';
import type { LenderTotals } from '#shared/api/reconciliation.js';

const cents = (amount: number) => Math.round(amount * 100);
const totalOf = (lenders: readonly LenderTotals[]) => lenders.reduce((sum, lender) => sum + cents(lender.applied_total), 0) / 100;
const totals = (lender: LenderTotals | undefined) =>
  lender ? { expected_total: lender.expected_total, applied_total: lender.applied_total, lines: lender.lines } : null;

/** Every lender of either file, by payee key: its totals in the recorded file and in the proposed one. */
export function lenderChanges(current: readonly LenderTotals[], proposed: readonly LenderTotals[]): LenderChange[] {
  const before = new Map(current.map((lender) => [lender.payee_key, lender]));
  const after = new Map(proposed.map((lender) => [lender.payee_key, lender]));
  return [...new Set([...before.keys(), ...after.keys()])].sort().map((payeeKey) => {
    const old = before.get(payeeKey);
    const now = after.get(payeeKey);
    return {
      payee_key: payeeKey,
      org_name: now?.org_name ?? old?.org_name ?? null,
      current: totals(old),
      proposed: totals(now),
      applied_change: (cents(now?.applied_total ?? 0) - cents(old?.applied_total ?? 0)) / 100,
    };
  });
}

/** The open proposal as GET /api/reconciliation/replacement shows it, to its proposer and to the one who decides. */
export function replacementView(proposal: AppliedProposal, callerId: string, now = new Date()): AppliedReplacement {
  return {
    upload_id: proposal.upload_id,
    month: proposal.month,
    file_name: proposal.file_name,
    schedule_version: proposal.schedule_version,
    proposed_by: proposal.proposed_by,
    proposed_at: proposal.proposed_at,
    expires_at: proposal.expires_at,
    expired: isExpired(proposal, now),
    replaces: proposal.replaces,
    lenders: lenderChanges(proposal.current_by_lender, proposal.by_lender),
    current_applied_total: totalOf(proposal.current_by_lender),
    proposed_applied_total: totalOf(proposal.by_lender),
    own: proposal.proposed_by_id === callerId,
  };
}
