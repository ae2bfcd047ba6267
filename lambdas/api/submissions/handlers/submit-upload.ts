import { isPlatformAdmin } from '../../../../shared/roles.js';
import { ForbiddenError } from '../../../lib/errors.js';
import { createApiHandler } from '../../../lib/handler.js';
import { authorisePayeeKey } from '../access.js';
import { uploadOr404 } from '../load.js';
import { storeOnboarding, submitSpreadsheet } from '../submit.js';
import * as routes from '../../../../shared/routes/submissions.js';

/**
 * POST /api/uploads/{id}/submit: the same authorisation as POST /api/uploads (spec part 1 §6), checked
 * again now, since a membership may have been removed since the upload began.
 */
export const handler = createApiHandler(routes.submitUpload, async ({ caller: me, params }) => {
  const upload = await uploadOr404(params.id);

  if (upload.payee_key) {
    const org = await authorisePayeeKey(me, upload.payee_key, 'submission.create');
    if (upload.doc_kind !== 'onboarding') return submitSpreadsheet(me, upload, org);
  } else if (upload.user_id !== me.userId && !isPlatformAdmin(me.roles)) {
    throw new ForbiddenError('This upload belongs to someone else.');
  }
  return storeOnboarding(me, upload);
});
