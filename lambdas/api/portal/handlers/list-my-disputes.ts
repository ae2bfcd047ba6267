import { disputesOfNrc } from '#data/disputes/disputes.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/portal.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { portalDisputeView } from '../views.js';

/** GET /api/employee/disputes: every dispute of a deduction on the caller's NRC, newest first, whoever opened it. */
export const handler = createApiHandler(routes.listMyDisputes, async ({ caller }) => ({
  items: (await disputesOfNrc(nrcDigits(caller.nrc))).map(portalDisputeView),
}));
