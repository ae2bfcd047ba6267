import type { StoredDispute } from '#data/disputes/disputes.js';
import type { PortalDispute } from '#shared/api/portal.js';
import { displayText } from '#shared/rules/display-name.js';

/** A dispute as its employee sees it: where it stands and the decision's note, never who handled it. */
export function portalDisputeView(d: StoredDispute): PortalDispute {
  return {
    id: d.id,
    status: d.status,
    org_name: d.org_name,
    payee_key: d.payee_key,
    month: d.month,
    reason: displayText(d.reason),
    opened_at: d.opened.at,
    opened_by: d.opened_by,
    decision: d.decision ? { decision: d.decision.decision, note: displayText(d.decision.note), at: d.decision.at } : null,
  };
}
