import { readResultJson, resultKeys } from '#data/uploads/results.js';
import { ConflictError, ForbiddenError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { REVIEWERS } from '#shared/access.js';
import { SIGNAL_PAGE_MESSAGES, SIGNAL_PAGE_SIZE } from '#shared/api/signals.js';
import * as routes from '#shared/routes/submissions.js';
import type { Signal } from '#shared/rules/signals.js';
import { canSeeSubmission } from '../../common/submission.js';
import { canSeeUpload } from '../access.js';
import { uploadOr404 } from '../load.js';
import { signalsFor } from '../signal-views.js';

/**
 * GET /api/uploads/{id}/signals?type=&offset=: SIGNAL_PAGE_SIZE signals of one type from `offset`. The
 * uploader's organisation may read them; reviewers too once the upload is a submission (the /reviews
 * drawer: a submission's id is its upload's). The other side's values of a signal (`on_record`) go only to
 * those who oversee the submission from outside the lender (signal-views.ts).
 */
export const handler = createApiHandler(routes.getUploadSignals, async ({ caller, params, query }) => {
  const upload = await uploadOr404(params.id);
  const reviewer = Boolean(upload.submission_id) && (await canSeeSubmission(caller, { submitted_by: upload.user_id, org_id: upload.org_id }, REVIEWERS));
  if (!reviewer && !(await canSeeUpload(caller, upload))) throw new ForbiddenError('This upload belongs to another organisation.');
  if (!upload.signal_counts) throw new ConflictError(SIGNAL_PAGE_MESSAGES.notYet, 'no_signals');
  const all = (await readResultJson<Signal[]>(resultKeys(upload.id).signals(query.type))) ?? [];
  return {
    type: query.type,
    offset: query.offset,
    total: all.length,
    signals: signalsFor(caller, reviewer, all.slice(query.offset, query.offset + SIGNAL_PAGE_SIZE)),
  };
});
