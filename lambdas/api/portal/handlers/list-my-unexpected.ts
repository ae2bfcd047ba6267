import { unexpectedOfNrc } from '#data/payroll/unexpected.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/portal.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { portalUnexpectedView } from '../unexpected.js';

/** GET /api/employee/unexpected: the deductions the payroll took from the caller's pay with no approved line, newest month first. */
export const handler = createApiHandler(routes.listMyUnexpected, async ({ caller }) => ({
  items: (await unexpectedOfNrc(nrcDigits(caller.nrc))).map(portalUnexpectedView),
}));
