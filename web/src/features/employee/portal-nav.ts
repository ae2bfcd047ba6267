/**
 * The employee portal's navigation, in the order it shows: one entry per screen of the portal. A screen
 * of another feature (deductions, disputes, mandates) adds its entry here and its module to
 * EMPLOYEE_PORTAL_SCREENS in web/src/app/employee-screens.ts; the portal's layout lists these.
 */
export interface PortalNavEntry {
  /** A path under /employee. */
  to: string;
  label: string;
  /** What the screen is for, as the home page's link to it says. */
  hint: string;
}

export const PORTAL_NAV: readonly PortalNavEntry[] = [
  { to: '/employee', label: 'Home', hint: 'This month, and what needs your eye' },
  { to: '/employee/deductions', label: 'My deductions', hint: 'Every deduction of the last 12 months; report one that is not yours' },
  { to: '/employee/lookups', label: 'Who looked', hint: 'Lenders who looked at your record' },
  { to: '/employee/reports', label: 'My reports', hint: 'Deductions you reported, and what was decided' },
  { to: '/employee/mandates', label: 'Mandates', hint: 'Give a lender your consent to a loan, or revoke it' },
];
