import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/submissions.js';
import { loadVisibleUpload } from '../load.js';
import { lenderView } from '../signal-views.js';
import { signalsHead } from '../signals.js';
import { uploadView } from '../views.js';

/** GET /api/uploads/{id}: the browser polls this while the server validates (spec part 1 §4 stages); the uploader's view of its signals. */
export const handler = createApiHandler(routes.getUpload, async ({ caller, params }) => {
  const upload = await loadVisibleUpload(caller, params.id);
  return uploadView(upload, lenderView(await signalsHead(upload)));
});
