import { readSettings } from '#data/settings/settings.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/settings.js';

/** GET /api/settings: any signed-in user may read them (the upload screen explains the exposure limit). */
export const handler = createApiHandler(routes.getSettings, async () => readSettings());
