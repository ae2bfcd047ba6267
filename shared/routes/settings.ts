import { APPROVED, PLATFORM_ADMINS } from '../access.js';
import { pmecOrganisationsResponseSchema, settingsResponseSchema, updateSettingsRequestSchema } from '../api/settings.js';
import { featureRoutes } from './define.js';

/** Platform settings: exposure limits, the submission window, report retention, the affordability share and the payroll authority. */
const route = featureRoutes('settings');

export const getSettings = route({
  id: 'get-settings',
  actsForOrganisation: false,
  method: 'GET',
  path: '/api/settings',
  access: APPROVED,
  uses: {},
  response: settingsResponseSchema,
  summary: 'The platform settings: the exposure limits, the submission window, the report retention and the affordability share, with who changed them last.',
});

export const updateSettings = route({
  id: 'update-settings',
  method: 'PUT',
  path: '/api/settings',
  access: PLATFORM_ADMINS,
  uses: { tables: { directory: 'ra' }, buckets: { uploads: {} } },
  request: updateSettingsRequestSchema,
  response: settingsResponseSchema,
  summary:
    'Platform admins change the settings they name (the payroll authority: super admins only, emailed); each change is audited with the old and the new value.',
});

export const listPmecOrganisations = route({
  id: 'list-pmec-organisations',
  method: 'GET',
  path: '/api/admin/pmec-organisations',
  access: PLATFORM_ADMINS,
  uses: { tables: { directory: 's' } },
  response: pmecOrganisationsResponseSchema,
  summary: 'The approved PMEC organisations, by name: those a super admin may designate as the payroll authority.',
});

export const SETTINGS_ROUTES = [getSettings, updateSettings, listPmecOrganisations] as const;
