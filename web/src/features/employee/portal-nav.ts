/**
 * The employee portal's navigation, in the order it shows: one entry per screen of the portal. A screen
 * of another feature (deductions, disputes, mandates) adds its entry here and its module to
 * EMPLOYEE_PORTAL_SCREENS in web/src/app/employee-screens.ts; the portal's layout lists these.
 */
export interface PortalNavEntry {
  /** A path under /employee. */
  to: string;
  label: string;
}

export const PORTAL_NAV: readonly PortalNavEntry[] = [
  { to: '/employee', label: 'Home' },
  { to: '/employee/deductions', label: 'My deductions' },
  { to: '/employee/lookups', label: 'Who looked' },
  { to: '/employee/reports', label: 'My reports' },
  { to: '/employee/mandates', label: 'Mandates' },
];
