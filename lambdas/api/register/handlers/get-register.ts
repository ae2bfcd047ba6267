import { openProposal } from '#data/register/proposals.js';
import { currentRegister } from '#data/register/versions.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/register.js';
import { authoriseRegisterKeeper } from '../../common/register-keepers.js';
import { proposedView } from '../proposals.js';

/** GET /api/register: the register in force and the proposal awaiting a second admin, for those who keep it. */
export const handler = createApiHandler(routes.getRegister, async ({ caller: me }) => {
  await authoriseRegisterKeeper(me, 'register.read');
  const [register, proposal] = await Promise.all([currentRegister(), openProposal()]);
  return {
    month: register?.month ?? null,
    employees: register?.employees ?? 0,
    uploaded_at: register?.uploaded_at ?? null,
    uploaded_by: register?.uploaded_by ?? null,
    upload_id: register?.submission_id ?? null,
    proposed: proposal ? proposedView(proposal) : null,
  };
});
