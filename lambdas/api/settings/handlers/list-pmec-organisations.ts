import { listOrganisationsOfKind } from '#data/directory/organisations.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/settings.js';

/** GET /api/admin/pmec-organisations: the approved PMEC organisations, for the payroll authority's select on /admin. */
export const handler = createApiHandler(routes.listPmecOrganisations, async () => ({
  items: (await listOrganisationsOfKind('pmec')).map((org) => ({ org_id: org.org_id, org_name: org.org_name })),
}));
