import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/portal.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { deductionsOf } from '../deductions.js';

/** GET /api/employee/deductions: the caller's own deductions; their NRC is the directory's, never a parameter. */
export const handler = createApiHandler(routes.listMyDeductions, async ({ caller }) => deductionsOf(nrcDigits(caller.nrc)));
