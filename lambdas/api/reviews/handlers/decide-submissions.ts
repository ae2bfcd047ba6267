import type { AuthenticatedCaller } from '#http/caller.js';
import { HttpError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { inParallel } from '#lib/concurrency.js';
import { logger } from '#lib/powertools.js';
import { rolesOnly } from '#shared/access.js';
import { type BulkDecisionResponse, type BulkFailedFile, DECISION_RULES, REVIEW_MESSAGES, type ReviewDecision } from '#shared/api/reviews.js';
import type { Role } from '#shared/roles.js';
import * as routes from '#shared/routes/reviews.js';
import { loadVisibleSubmission } from '../../common/submission.js';
import { applyDecision, checkDecision } from '../decisions.js';

const BULK_PARALLEL = 4;

/**
 * The file a failure is about, as the caller may see it now: the screen names it by organisation, kind
 * and month even when the row has left the list it was selected in (another reviewer moved it on).
 */
async function failedFile(me: AuthenticatedCaller, id: string, decision: ReviewDecision): Promise<BulkFailedFile | null> {
  try {
    const s = await loadVisibleSubmission(me, id, rolesOnly(...(DECISION_RULES[decision].roles as readonly Role[])));
    return { org_name: s.org_name ?? null, payee_key: s.payee_key, doc_kind: s.doc_kind, upload_month: s.upload_month, status: s.status };
  } catch {
    return null; // unknown, or not the caller's to see: nothing is named
  }
}

/** POST /api/submissions/decisions: each id decided on its own; the answer counts and explains the failures. */
async function decideMany(me: AuthenticatedCaller, body: { ids: string[]; decision: ReviewDecision; note?: string }): Promise<BulkDecisionResponse> {
  const note = body.note?.trim() || undefined;
  checkDecision(me, body.decision, note);
  const ids = [...new Set(body.ids)];
  const succeeded: string[] = [];
  const failed: BulkDecisionResponse['failed'] = [];
  await inParallel(ids, BULK_PARALLEL, async (id) => {
    try {
      await applyDecision(me, id, body.decision, note);
      succeeded.push(id);
    } catch (error) {
      const file = await failedFile(me, id, body.decision);
      if (error instanceof HttpError) failed.push({ id, error: error.code, message: error.message, file });
      else {
        // A fault on one row must not hide what happened to the others: it is logged and counted as failed.
        logger.error('Bulk decision failed on one submission', { id, error: String(error) });
        failed.push({ id, error: 'internal', message: 'Something went wrong on our side. Try this one again in a moment.', file });
      }
    }
  });
  return { decision: body.decision, succeeded, failed, message: REVIEW_MESSAGES.bulk(body.decision, succeeded.length, failed.length) };
}

/** POST /api/submissions/decisions: the reviews screen's bulk approve, reject and complete. */
export const handler = createApiHandler(routes.decideSubmissions, async ({ caller, body }) => decideMany(caller, body));
