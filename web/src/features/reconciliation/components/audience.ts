import type { MeResponse } from '@shared/api/accounts';

const actingPmec = (me: MeResponse) => me.organisations.find((org) => org.org_id === me.acting_org_id && org.client_type === 'pmec') ?? null;

/**
 * What the screen offers whom (the server decides each call): every lender's rates to PMEC's admins and compliance and
 * platform admins; the proposed replacement of the month's file to PMEC's admins and platform admins, its decision to
 * PMEC's admins (the server admits the payroll authority's only).
 */
export function reconciliationAudience(me: MeResponse) {
  const platform = me.platform_roles.length > 0;
  const pmecRole = actingPmec(me)?.role ?? null;
  return {
    seesEveryLender: platform || pmecRole === 'pmec_admin' || pmecRole === 'compliance',
    seesReplacement: platform || pmecRole === 'pmec_admin',
    mayDecide: pmecRole === 'pmec_admin',
  };
}
