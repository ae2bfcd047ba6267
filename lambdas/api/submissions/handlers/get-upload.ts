import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { loadVisibleUpload } from '../load.js';
import { uploadView } from '../views.js';

/** GET /api/uploads/{id}: the browser polls this while the server validates (spec part 1 §4 stages). */
export const handler = createApiHandler('get-upload', async ({ caller, params }) => {
  const upload = await loadVisibleUpload(requireSignedIn(caller), params.id);
  return uploadView(upload);
});
