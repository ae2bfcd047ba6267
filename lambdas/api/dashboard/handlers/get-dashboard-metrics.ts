import { countApprovedMembers, countApprovedUsers } from '#data/directory/team-counts.js';
import { countDisputes } from '#data/disputes/disputes.js';
import { getCounters } from '#data/submissions/counters.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { createApiHandler } from '#http/handler.js';
import { isPlatformAdmin } from '#shared/roles.js';
import * as routes from '#shared/routes/dashboard.js';
import { actingOrganisation } from '../../common/caller-organisation.js';
import { disputeRightsOf, visibleOrganisations } from '../../common/dispute-rights.js';
import { metricsCounterKeys, metricsView, type MetricsScope } from '../views.js';

/** Disputes waiting: every one for reviewers, an organisation's for its admins, none for anyone else. */
async function waitingDisputes(me: AuthenticatedCaller) {
  const orgIds = visibleOrganisations(await disputeRightsOf(me));
  if (orgIds && orgIds.length === 0) return null;
  const [open, answered] = await Promise.all([countDisputes('open', orgIds), countDisputes('answered', orgIds)]);
  return { open, answered };
}

/**
 * GET /api/dashboard/metrics (spec part 1 §2 "Dashboard", §6): platform-wide for super and system
 * admins acting as the platform, otherwise the organisation the caller acts for. The figures are counter items kept at submit and
 * ingestion (lambdas/data/submissions/counters.ts), read in one BatchGet, so the cost does not grow with the
 * number of submissions or history rows. A user in no organisation yet sees zeros.
 */
export const handler = createApiHandler(routes.getDashboardMetrics, async ({ caller: me }) => {
  const now = new Date();
  if (isPlatformAdmin(me.roles)) {
    const scope: MetricsScope = { scope: 'platform', counter: 'ALL', orgName: null, payeeKey: null };
    const [counters, team, disputes] = await Promise.all([getCounters(metricsCounterKeys(scope.counter, now)), countApprovedUsers(), waitingDisputes(me)]);
    return metricsView(scope, counters, team, now, disputes);
  }
  const membership = actingOrganisation(me);
  if (!membership) return metricsView({ scope: 'organisation', counter: 'NONE', orgName: null, payeeKey: null }, new Map(), 0, now, await waitingDisputes(me));
  const scope: MetricsScope = {
    scope: 'organisation',
    counter: `ORG#${membership.org_id}`,
    orgName: membership.org_name || null,
    payeeKey: membership.payee_key,
  };
  const [counters, team, disputes] = await Promise.all([
    getCounters(metricsCounterKeys(scope.counter, now)),
    countApprovedMembers(membership.org_id),
    waitingDisputes(me),
  ]);
  return metricsView(scope, counters, team, now, disputes);
});
