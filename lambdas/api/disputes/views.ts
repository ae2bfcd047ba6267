import type { StoredDispute } from '#data/disputes/disputes.js';
import { disputeEvidenceLink, listDisputeEvidence, readDisputeEvidenceStart } from '#data/disputes/evidence.js';
import { DISPUTE_LINK_SECONDS, type DisputeView } from '#shared/api/disputes.js';
import { displayFileName, displayText } from '#shared/rules/display-name.js';
import { extensionOf, matchesSignature, SIGNATURE_BYTES } from '#shared/rules/file-signature.js';
import { canAddEvidence, canDecide, canRespond, type DisputeRights } from '../common/dispute-rights.js';

const party = (p: { email: string; at: string }) => ({ email: p.email, at: p.at });

/** A dispute as the API answers it, with what this caller may do now. */
export function disputeView(d: StoredDispute, rights: DisputeRights): DisputeView {
  return {
    id: d.id,
    status: d.status,
    nrc: d.nrc,
    payee_key: d.payee_key,
    month: d.month,
    org_name: d.org_name,
    reason: displayText(d.reason),
    opened: party(d.opened),
    opened_by: d.opened_by,
    not_approved: d.not_approved,
    response: d.response ? { ...party(d.response), message: displayText(d.response.message) } : null,
    decision: d.decision ? { ...party(d.decision), decision: d.decision.decision, note: displayText(d.decision.note) } : null,
    can_respond: canRespond(rights, d),
    can_decide: canDecide(rights, d),
    can_add_evidence: canAddEvidence(rights, d),
  };
}

/**
 * One dispute with short-lived links to its evidence. The policy pins the declared type to PDF, which
 * proves nothing of the bytes: each file is read for its signature as it is listed (at most ten, a few
 * bytes each), and one that is not a PDF is named, marked, and given no link, so it is never served; a
 * link names the VersionId of the object whose bytes were read.
 */
export async function disputeWithEvidence(d: StoredDispute, rights: DisputeRights): Promise<DisputeView> {
  const files = await listDisputeEvidence(d.id);
  const evidence = await Promise.all(
    files.map(async (f) => {
      // An employee's file may be a photo too: it must start as what its name says (PDF, JPEG or PNG).
      const checked = await readDisputeEvidenceStart(f, SIGNATURE_BYTES);
      const isPdf = matchesSignature(f.party === 'employee' ? extensionOf(f.name) : 'pdf', checked?.start ?? new Uint8Array());
      // The link serves the version whose bytes were just checked, never a file put under the key since.
      return {
        name: displayFileName(f.name),
        party: f.party,
        url: isPdf && checked ? await disputeEvidenceLink(f, checked, DISPUTE_LINK_SECONDS) : null,
        not_pdf: !isPdf,
      };
    }),
  );
  return { ...disputeView(d, rights), evidence };
}
