import { type Access, APPROVED, ROLE_SETS, SIGNED_IN, rolesOnly } from './access.js';

/** Public routes needing no session (spec part 1 §2 "Session gating"). */
export const PUBLIC_PATHS = [
  '/', '/home', '/signin', '/sign-in', '/signup', '/sign-up', '/request-access',
  '/forgot', '/forgot-password', '/reset', '/reset-password', '/invite', '/invite-accept',
] as const;

/** Paths compare lower-cased with the trailing slash dropped. */
export function normalisePath(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.replace(/\/+$/, '') || '/' : lower;
}

export function isPublicPath(path: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(normalisePath(path));
}

/** A screen of the SPA and who may open it (spec part 2 §6). */
export interface ScreenDef {
  path: string;
  label: string;
  access: Access;
  /** Shown in the top-bar menu (spec part 2 §2 "Top bar and menu"). */
  inMenu: boolean;
  /** Shown in the dashboard's "All features" grid (spec part 1 §2). */
  inFeatureGrid: boolean;
}

export const SCREENS: readonly ScreenDef[] = [
  { path: '/app', label: 'Home', access: APPROVED, inMenu: true, inFeatureGrid: false },
  { path: '/upload', label: 'Submissions', access: APPROVED, inMenu: true, inFeatureGrid: true },
  { path: '/fraud-report', label: 'Fraud Report', access: APPROVED, inMenu: true, inFeatureGrid: true },
  { path: '/fraud-list', label: 'Fraud Search', access: rolesOnly(...ROLE_SETS.fraudList), inMenu: true, inFeatureGrid: true },
  { path: '/reports', label: 'Reports', access: rolesOnly(...ROLE_SETS.orgAdmins), inMenu: true, inFeatureGrid: true },
  { path: '/history', label: 'Borrower History', access: APPROVED, inMenu: true, inFeatureGrid: true },
  { path: '/reviews', label: 'Submission Reviews', access: rolesOnly(...ROLE_SETS.reviewers), inMenu: true, inFeatureGrid: true },
  { path: '/team', label: 'Team Management', access: rolesOnly(...ROLE_SETS.orgAdmins), inMenu: true, inFeatureGrid: true },
  { path: '/admin', label: 'Administration', access: rolesOnly(...ROLE_SETS.platformAdmins), inMenu: true, inFeatureGrid: true },
  { path: '/admin/requests', label: 'User Requests', access: rolesOnly(...ROLE_SETS.platformAdmins), inMenu: true, inFeatureGrid: true },
  { path: '/admin/users', label: 'Platform admins', access: rolesOnly(...ROLE_SETS.superAdmin), inMenu: true, inFeatureGrid: true },
  // Not in the spec's lists: the audit reader of issue 8 (Data Protection Act 2021), so not in the feature grid.
  { path: '/admin/audit', label: 'Audit log', access: rolesOnly(...ROLE_SETS.platformAdmins), inMenu: true, inFeatureGrid: false },
];

export const PENDING_SCREEN: ScreenDef = { path: '/pending', label: 'Waiting for approval', access: SIGNED_IN, inMenu: false, inFeatureGrid: false };

export function screenFor(path: string): ScreenDef | undefined {
  const p = normalisePath(path);
  return SCREENS.find((s) => s.path === p);
}
