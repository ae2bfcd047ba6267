import { writeAudit } from '../../../data/audit.js';
import { readSettings, writeSetting } from '../../../data/settings.js';
import { createApiHandler } from '../../../lib/handler.js';
import * as routes from '../../../../shared/routes/settings.js';

/**
 * PUT /api/settings: platform admins (the route's access) change the exposure limits. The audit entry
 * names the values replaced and the new ones; the next validated file reads the new limits.
 */
export const handler = createApiHandler(routes.updateSettings, async ({ caller: me, body }) => {
  const before = await readSettings();
  await writeSetting('exposure', body.exposure, me);
  await writeAudit({
    actor: me,
    action: 'settings.exposure_set',
    subject: 'SETTING#exposure',
    outcome: 'ok',
    details: { previous: before.exposure, exposure: body.exposure },
  });
  return readSettings();
});
