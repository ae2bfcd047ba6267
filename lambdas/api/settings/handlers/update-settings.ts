import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { readSettings, writeSetting } from '#data/settings/settings.js';
import { createApiHandler } from '#http/handler.js';
import { SETTING_NAMES } from '#shared/api/settings.js';
import * as routes from '#shared/routes/settings.js';
import { designatePayrollAuthority } from '../payroll-authority.js';

/**
 * PUT /api/settings: platform admins (the route's access) change the exposure limits, the submission
 * window or the report retention. Each setting named is written whole and audited on its own
 * (`settings.{name}_set`, with the value replaced and the new one); the next file or check reads it.
 * The payroll authority is a super admin's to designate (../payroll-authority.ts), checked before anything is written.
 */
export const handler = createApiHandler(routes.updateSettings, async ({ caller: me, body }) => {
  if (body.payroll_authority) await designatePayrollAuthority(me, body.payroll_authority.org_id);
  const before = await readSettings();
  for (const name of SETTING_NAMES) {
    const value = body[name];
    if (value === undefined) continue;
    await writeSetting(name, value, me);
    await writeAudit({
      actor: me,
      action: `settings.${name}_set`,
      subject: auditSubject.setting(name),
      outcome: 'ok',
      details: { previous: before[name], [name]: value },
    });
  }
  return readSettings();
});
