import { flaggedByDigest } from '#data/registry/reports.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/fraud.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { audit } from '../search-audit.js';

/** Which NRCs of the list are on the registry (slashed, in the order given); audited. */
async function checkRegistry(me: AuthenticatedCaller, nrcs: readonly string[]): Promise<{ flagged: string[] }> {
  const hits = await flaggedByDigest(nrcs.map(nrcDigits));
  const flagged = nrcs.filter((nrc) => hits.has(nrcDigits(nrc)));
  await audit(me, 'fraud_registry.check', { nrc_count: nrcs.length }, flagged.map(nrcDigits));
  return { flagged };
}

/** POST /api/fraud-registry/check: any signed-in user learns which NRCs are on the registry, nothing more. */
export const handler = createApiHandler(routes.checkFraudRegistry, async ({ caller: me, body }) => {
  return checkRegistry(me, body.nrcs);
});
