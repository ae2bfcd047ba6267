import { randomUUID } from 'node:crypto';
import { takeEvidenceSlot } from '#data/disputes/disputes.js';
import { disputeEvidenceKey, presignDisputeEvidence } from '#data/disputes/evidence.js';
import { BadRequestError, ConflictError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { DISPUTE_EVIDENCE_MAX_BYTES, DISPUTE_EVIDENCE_MAX_FILES, DISPUTE_EVIDENCE_TYPE, DISPUTE_MESSAGES, isDecided } from '#shared/api/disputes.js';
import * as routes from '#shared/routes/disputes.js';
import { isLender } from '../../common/dispute-rights.js';
import { slugFileName } from '../../common/file-names.js';
import { visibleDispute } from '../lookup.js';

const GENERIC_TYPES = ['', 'application/octet-stream', DISPUTE_EVIDENCE_TYPE];

/**
 * POST /api/disputes/{id}/evidence {file_name, size, content_type}: a presigned POST for one PDF of at
 * most 10 MB into the dispute's own prefix, for its reviewers and the lender's admins, until it is decided;
 * at most 10 links a dispute.
 */
export const handler = createApiHandler(routes.createDisputeEvidenceUpload, async ({ caller, params, body }) => {
  const { dispute, rights } = await visibleDispute(caller, params.id);
  if (isDecided(dispute.status)) throw new ConflictError(DISPUTE_MESSAGES.evidenceClosed, 'dispute_decided');
  const declared = body.content_type?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!GENERIC_TYPES.includes(declared)) throw new BadRequestError(DISPUTE_MESSAGES.evidenceType, 'file_type_not_allowed');
  // The cap counts links given, not files landed: a link is a slot taken even if it is never used.
  const slot = await takeEvidenceSlot(dispute.id, DISPUTE_EVIDENCE_MAX_FILES);
  if (slot === 'decided') throw new ConflictError(DISPUTE_MESSAGES.evidenceClosed, 'dispute_decided');
  if (slot === 'full') throw new ConflictError(DISPUTE_MESSAGES.evidenceLinksUsed, 'too_many_files');
  const key = disputeEvidenceKey(dispute.id, isLender(rights, dispute) ? 'lender' : 'reviewer', randomUUID(), slugFileName(body.file_name));
  return { key, name: key.split('/').pop()!.slice(37), max_bytes: DISPUTE_EVIDENCE_MAX_BYTES, upload: await presignDisputeEvidence(key, body.size) };
});
