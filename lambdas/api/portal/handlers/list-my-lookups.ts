import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/portal.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { lookupsOf } from '../lookups.js';

/** GET /api/employee/lookups: who looked at the caller's record (the Data Protection Act 2021 gives them that right). */
export const handler = createApiHandler(routes.listMyLookups, async ({ caller }) => lookupsOf(nrcDigits(caller.nrc)));
