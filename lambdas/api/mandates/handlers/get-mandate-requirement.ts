import { recentSettings } from '#data/settings/settings.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/mandates.js';

/** GET /api/mandates/requirement: public, the one setting the sign-in screen announces (read at most 5 s ago). */
export const handler = createApiHandler(routes.getMandateRequirement, async () => ({ required_from: (await recentSettings()).mandates.required_from }));
