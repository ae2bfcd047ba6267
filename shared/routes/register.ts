import { REGISTER_KEEPERS } from '../access.js';
import { registerDecisionRequestSchema, registerDecisionResponseSchema, registerResponseSchema } from '../api/register.js';
import { featureRoutes } from './define.js';

/** The payroll register: PMEC's record of who is employed. It is uploaded through /api/uploads (doc_kind `register`). */
const route = featureRoutes('register');

export const getRegister = route({
  id: 'get-register',
  method: 'GET',
  path: '/api/register',
  access: REGISTER_KEEPERS,
  uses: { tables: { register: 'r', audit: 'a' } },
  response: registerResponseSchema,
  summary:
    'The current payroll register (its month, how many employees, when and by whom it was submitted) and the proposal awaiting a second admin, with its difference.',
});

export const decideRegisterProposal = route({
  id: 'decide-register-proposal',
  method: 'POST',
  path: '/api/register/proposals/{upload_id}/decision',
  access: REGISTER_KEEPERS,
  uses: { tables: { directory: 'r', register: 'rad' }, buckets: { uploads: { registerJobs: 'w' } } },
  request: registerDecisionRequestSchema,
  response: registerDecisionResponseSchema,
  summary:
    'Approves or rejects the proposed payroll register: a second admin of the payroll authority, never the one who proposed it, within 7 days. Approval makes it current once its employees are stored.',
});

export const REGISTER_ROUTES = [getRegister, decideRegisterProposal] as const;
