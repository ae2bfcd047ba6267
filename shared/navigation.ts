import { type Access, APPROVED, REVIEWERS_AND_ORG_ADMINS, ROLE_SETS, SIGNED_IN, rolesOnly } from './access.js';
import { MANDATE_CLAIMERS } from './api/mandate-words.js';

/** A screen anyone may open, signed in or not (spec part 1 §2 "Session gating"), and its other paths. */
export interface PublicScreenDef {
  path: string;
  label: string;
  /** Other paths of the same screen: they redirect to `path`, keeping the query string. */
  aliases: readonly string[];
}

export const PUBLIC_SCREENS = [
  { path: '/signin', label: 'Sign in', aliases: ['/sign-in'] },
  { path: '/signup', label: 'Request access', aliases: ['/sign-up', '/request-access'] },
  { path: '/forgot', label: 'Forgot password', aliases: ['/forgot-password'] },
  { path: '/reset', label: 'Reset password', aliases: ['/reset-password'] },
  { path: '/invite-accept', label: 'Accept an invite', aliases: ['/invite'] },
  // The API's reference for lenders' developers: the contract discloses no data (GET /api/openapi.json).
  { path: '/developers', label: 'API reference', aliases: [] },
] as const satisfies readonly PublicScreenDef[];

/** The entry paths: they send a person to /app when signed in, to /signin otherwise. */
export const ENTRY_PATHS = ['/', '/home'] as const;

/** Paths compare lower-cased with the trailing slash dropped. */
export function normalisePath(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.replace(/\/+$/, '') || '/' : lower;
}

export function isPublicPath(path: string): boolean {
  const p = normalisePath(path);
  return (ENTRY_PATHS as readonly string[]).includes(p) || PUBLIC_SCREENS.some((s) => s.path === p || (s.aliases as readonly string[]).includes(p));
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
  /** Other paths of the same screen (they redirect to `path`). */
  aliases?: readonly string[];
  /** Tables wide enough to need the wider frame. */
  wide?: boolean;
}

export const SCREENS = [
  { path: '/app', label: 'Home', access: APPROVED, inMenu: true, inFeatureGrid: false },
  { path: '/upload', label: 'Submissions', access: APPROVED, inMenu: true, inFeatureGrid: true },
  { path: '/fraud-report', label: 'Fraud Report', access: APPROVED, inMenu: true, inFeatureGrid: true, aliases: ['/fraud'] },
  { path: '/fraud-list', label: 'Fraud Search', access: rolesOnly(...ROLE_SETS.fraudList), inMenu: true, inFeatureGrid: true },
  { path: '/reports', label: 'Reports', access: rolesOnly(...ROLE_SETS.orgAdmins), inMenu: true, inFeatureGrid: true, wide: true },
  { path: '/history', label: 'Borrower History', access: APPROVED, inMenu: true, inFeatureGrid: true },
  { path: '/reviews', label: 'Submission Reviews', access: rolesOnly(...ROLE_SETS.reviewers), inMenu: true, inFeatureGrid: true, wide: true },
  // Reviewers open and decide disputes; organisation admins answer those on their payee keys.
  { path: '/disputes', label: 'Disputes', access: REVIEWERS_AND_ORG_ADMINS, inMenu: true, inFeatureGrid: true, wide: true },
  // A lender's FI admins and data users claim the mandates employees give them.
  { path: '/mandates', label: 'Mandates', access: MANDATE_CLAIMERS, inMenu: true, inFeatureGrid: true },
  // The payroll authority's PMEC admins and platform admins (the API refuses other PMEC organisations' admins).
  { path: '/payroll', label: 'Payroll Schedule', access: rolesOnly(...ROLE_SETS.registerKeepers), inMenu: true, inFeatureGrid: true },
  { path: '/reconciliation', label: 'Reconciliation', access: APPROVED, inMenu: true, inFeatureGrid: true, wide: true },
  { path: '/remittances', label: 'Remittance Statements', access: APPROVED, inMenu: true, inFeatureGrid: true, wide: true },
  { path: '/team', label: 'Team Management', access: rolesOnly(...ROLE_SETS.orgAdmins), inMenu: true, inFeatureGrid: true },
  { path: '/admin', label: 'Administration', access: rolesOnly(...ROLE_SETS.platformAdmins), inMenu: true, inFeatureGrid: true },
  { path: '/admin/requests', label: 'User Requests', access: rolesOnly(...ROLE_SETS.platformAdmins), inMenu: true, inFeatureGrid: true, wide: true },
  { path: '/admin/users', label: 'Platform admins', access: rolesOnly(...ROLE_SETS.superAdmin), inMenu: true, inFeatureGrid: true },
  // Not in the spec's lists: the audit reader, kept for the Data Protection Act 2021, so not in the feature grid.
  { path: '/admin/audit', label: 'Audit log', access: rolesOnly(...ROLE_SETS.platformAdmins), inMenu: true, inFeatureGrid: false },
] as const satisfies readonly ScreenDef[];

/** Where a signed-in person who is not approved (or not allowed a screen) waits. */
export const PENDING_SCREEN = {
  path: '/pending',
  label: 'Waiting for approval',
  access: SIGNED_IN,
  inMenu: false,
  inFeatureGrid: false,
} as const satisfies ScreenDef;

export function screenFor(path: string): ScreenDef | undefined {
  const p = normalisePath(path);
  return (SCREENS as readonly ScreenDef[]).find((s) => s.path === p);
}

/** Every path the SPA shows a screen on, signed in or not: the router is built from these. */
export type ScreenPath = (typeof SCREENS)[number]['path'] | (typeof PENDING_SCREEN)['path'] | (typeof PUBLIC_SCREENS)[number]['path'];
