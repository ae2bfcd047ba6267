import * as routes from '../../../../shared/routes/mandates.js';
import { listMandatesOfNrc } from '../../../data/mandates.js';
import { createApiHandler } from '../../../http/handler.js';
import { mandateView } from '../views.js';

/** GET /api/employee/mandates: the signed-in employee's mandates (by the NRC the directory links them to), newest first. */
export const handler = createApiHandler(routes.listMyMandates, async ({ caller: me }) => ({ mandates: (await listMandatesOfNrc(me.nrc)).map(mandateView) }));
