import { ACCOUNTS_ROUTES } from './accounts.js';
import { ADMIN_ROUTES } from './admin.js';
import { API_CLIENTS_ROUTES } from './api-clients.js';
import { AUDIT_ROUTES } from './audit.js';
import { DASHBOARD_ROUTES } from './dashboard.js';
import type { RouteDef } from './define.js';
import { DISPUTES_ROUTES } from './disputes.js';
import { EMPLOYEE_ROUTES } from './employee.js';
import { FRAUD_ROUTES } from './fraud.js';
import { HISTORY_ROUTES } from './history.js';
import { MANDATES_ROUTES } from './mandates.js';
import { PAYROLL_ROUTES } from './payroll.js';
import { PORTAL_ROUTES } from './portal.js';
import { RECONCILIATION_ROUTES } from './reconciliation.js';
import { REGISTER_ROUTES } from './register.js';
import { REMITTANCES_ROUTES } from './remittances.js';
import { REVIEWS_ROUTES } from './reviews.js';
import { SETTINGS_ROUTES } from './settings.js';
import { SUBMISSIONS_ROUTES } from './submissions.js';
import { SYSTEM_ROUTES } from './system.js';
import { TEAM_ROUTES } from './team.js';
import { WEBHOOKS_ROUTES } from './webhooks.js';

export { handlerModule, type HttpMethod, type RouteDef } from './define.js';

/** Every route of the API: one list per feature, each in its own file under shared/routes/. */
export const ROUTES = [
  ...SYSTEM_ROUTES,
  ...ACCOUNTS_ROUTES,
  ...TEAM_ROUTES,
  ...API_CLIENTS_ROUTES,
  ...SUBMISSIONS_ROUTES,
  ...REVIEWS_ROUTES,
  ...FRAUD_ROUTES,
  ...HISTORY_ROUTES,
  ...DASHBOARD_ROUTES,
  ...ADMIN_ROUTES,
  ...AUDIT_ROUTES,
  ...SETTINGS_ROUTES,
  ...DISPUTES_ROUTES,
  ...REGISTER_ROUTES,
  ...MANDATES_ROUTES,
  ...EMPLOYEE_ROUTES,
  ...PORTAL_ROUTES,
  ...PAYROLL_ROUTES,
  ...RECONCILIATION_ROUTES,
  ...REMITTANCES_ROUTES,
  ...WEBHOOKS_ROUTES,
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

const patternSegments = new Map<string, string[]>();

/** Matches a concrete path against a route path; returns the path parameters or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  let p = patternSegments.get(pattern);
  if (!p) patternSegments.set(pattern, (p = pattern.split('/')));
  const a = path.split('/');
  if (p.length !== a.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i]!;
    const actual = a[i]!;
    if (seg.startsWith('{') && seg.endsWith('}')) {
      if (!actual) return null;
      try {
        params[seg.slice(1, -1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (seg !== actual) {
      return null;
    }
  }
  return params;
}
