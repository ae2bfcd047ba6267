import { REGISTER_KEEPERS } from '../access.js';
import { registerResponseSchema } from '../api/register.js';
import { featureRoutes } from './define.js';

/** The payroll register: PMEC's record of who is employed. It is uploaded through /api/uploads (doc_kind `register`). */
const route = featureRoutes('register');

export const getRegister = route({
  id: 'get-register',
  method: 'GET',
  path: '/api/register',
  access: REGISTER_KEEPERS,
  uses: { tables: ['register', 'audit'] },
  response: registerResponseSchema,
  summary: "The current payroll register: its month, how many employees, when and by whom it was submitted (PMEC's admins and platform admins).",
});

export const REGISTER_ROUTES = [getRegister] as const;
