import type { ComponentType } from 'react';

type ScreenModule = () => Promise<{ default: ComponentType }>;

/**
 * The employee portal's screens under /employee (its home is the index), each loaded on first visit. A
 * feature adds its screen here and its navigation entry to web/src/features/employee/portal-nav.ts.
 */
export const EMPLOYEE_PORTAL_SCREENS: Record<string, ScreenModule> = {
  deductions: () => import('./routes/employee/deductions'),
  lookups: () => import('./routes/employee/lookups'),
  reports: () => import('./routes/employee/reports'),
  mandates: () => import('./routes/employee/mandates'),
};
