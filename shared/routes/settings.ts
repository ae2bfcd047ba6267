import { APPROVED, PLATFORM_ADMINS } from '../access.js';
import { settingsResponseSchema, updateSettingsRequestSchema } from '../api/settings.js';
import { featureRoutes } from './define.js';

/** Platform settings: exposure limits, the submission window, report retention and the affordability share. */
const route = featureRoutes('settings');

export const getSettings = route({
  id: 'get-settings',
  actsForOrganisation: false,
  method: 'GET',
  path: '/api/settings',
  access: APPROVED,
  uses: { tables: ['directory'] },
  response: settingsResponseSchema,
  summary: 'The platform settings: the exposure limits, the submission window, the report retention and the affordability share, with who changed them last.',
});

export const updateSettings = route({
  id: 'update-settings',
  method: 'PUT',
  path: '/api/settings',
  access: PLATFORM_ADMINS,
  uses: { tables: ['directory', 'audit'] },
  request: updateSettingsRequestSchema,
  response: settingsResponseSchema,
  summary: 'Platform admins change the settings they name; each change is audited with the old and the new value.',
});

export const SETTINGS_ROUTES = [getSettings, updateSettings] as const;
