import { currentRegister } from '../../../data/register.js';
import { createApiHandler } from '../../../http/handler.js';
import { authoriseRegisterKeeper } from '../../common/register-keepers.js';
import * as routes from '../../../../shared/routes/register.js';

/** GET /api/register: the register in force, for those who keep it (a pmec_admin of an FI organisation is refused here). */
export const handler = createApiHandler(routes.getRegister, async ({ caller: me }) => {
  await authoriseRegisterKeeper(me, 'register.read');
  const register = await currentRegister();
  return {
    month: register?.month ?? null,
    employees: register?.employees ?? 0,
    uploaded_at: register?.uploaded_at ?? null,
    uploaded_by: register?.uploaded_by ?? null,
    upload_id: register?.submission_id ?? null,
  };
});
