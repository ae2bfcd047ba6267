import { expect, type Page, test } from '@playwright/test';
import { isAllowed } from '#shared/access.js';
import { PENDING_SCREEN, PUBLIC_SCREENS, SCREENS, type ScreenPath } from '#shared/navigation.js';
import { ROLES, type Role } from '#shared/roles.js';
import { createUser } from '../support/cognito.js';
import { SCREEN_STATES, type ScreenData, seedScreenData } from './accessibility-states.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { signInAt, twinInfo } from './support.js';

const twin = twinInfo();

/**
 * A screen differs by the side of the platform its viewer is on, not by each role of a side: each screen
 * is opened and checked once per side, as the side's first role (ROLES' order) allowed it. Every role signs
 * in once; which role may open which screen is the route gate's (test/e2e/authorisation.spec.ts,
 * test/unit/navigation.test.ts), not this walk's.
 */
type Side = 'platform' | 'lender' | 'pmec';
const SIDE: Record<Role, Side> = {
  super_admin: 'platform',
  sys_admin: 'platform',
  fi_admin: 'lender',
  data_user: 'lender',
  admin: 'lender',
  pmec_admin: 'pmec',
  compliance: 'pmec',
};
/**
 * Screens whose components ask nothing of the viewer that tells the sides grouped here apart: they render the same
 * components for each of them (the API scopes the rows), so they are checked once for the group, as its first role
 * allowed them (a platform admin's shows the most rows). Every other screen is checked once per side. The menu,
 * which differs by role, is checked on each role's other screens.
 */
const RENDERED_ALIKE: Partial<Record<ScreenPath, Side[]>> = {
  // FraudSearchView, HistoryLookup and RemittancesView read nothing of the signed-in person.
  '/fraud-list': ['platform', 'lender', 'pmec'],
  '/history': ['platform', 'lender', 'pmec'],
  '/remittances': ['platform', 'lender', 'pmec'],
  // ReportsView asks only whether the viewer is a platform admin.
  '/reports': ['lender', 'pmec'],
};
const rendering = (path: ScreenPath, role: Role) => {
  const alike = RENDERED_ALIKE[path];
  return alike?.includes(SIDE[role]) ? alike.join('+') : SIDE[role];
};
const mayOpen = (role: Role) => SCREENS.filter((s) => isAllowed(s.access, { signedIn: true, approved: true, roles: [role] }));
const checksFor = (role: Role) => {
  const earlier = ROLES.slice(0, ROLES.indexOf(role));
  return new Set(
    mayOpen(role)
      .filter((s) => !earlier.some((r) => rendering(s.path, r) === rendering(s.path, role) && mayOpen(r).includes(s)))
      .map((s) => s.path),
  );
};

/**
 * WCAG 2.1 A and AA with axe-core, generated from the navigation lists: every public screen, the
 * pending screen, and every entry of SCREENS once for each way it renders (above), as each opens; then each
 * screen's other states (SCREEN_STATES: errors, rows loaded, dialogs open). A new screen is checked
 * without a line here. Findings are soft: one run lists every screen's.
 */
test.describe('accessibility: no serious or critical axe violation', () => {
  // Each test stands alone over the data seeded below, so workers or shards may share these tests out.
  test.describe.configure({ mode: 'parallel' });
  let data: ScreenData;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    data = await seedScreenData(twin);
  });

  const visit = async (page: Page, path: string, label: string) => {
    await page.goto(path);
    await settled(page);
    await expectNoSeriousViolations(page, label);
  };

  // One test a public screen, so the shards share them out. The API reference (every route's operation laid
  // out by Redoc: minutes of axe on a loaded machine) is checked once, rendered, by its own test in skeleton.spec.ts.
  const CHECKED_BY_ITS_OWN_TEST = new Set(['/developers']);
  for (const screen of PUBLIC_SCREENS.filter((s) => !CHECKED_BY_ITS_OWN_TEST.has(s.path))) {
    test(`the public screen ${screen.path}, as it opens and in its other states`, async ({ page }) => {
      await visit(page, screen.path, screen.path);
      for (const state of SCREEN_STATES[screen.path] ?? []) {
        await state.reach(page, data);
        await settled(page);
        await expectNoSeriousViolations(page, `${screen.path}: ${state.name}`);
      }
    });
  }

  test(`the pending screen (${PENDING_SCREEN.path})`, async ({ page }) => {
    const user = await createUser(twin, []);
    await signInAt(page, user.email, user.password);
    await expect(page).toHaveURL(/\/pending/);
    await settled(page);
    await expectNoSeriousViolations(page, PENDING_SCREEN.path);
  });

  for (const role of ROLES) {
    const checked = [...checksFor(role)];
    // A role whose side's screens are all checked as an earlier role still signs in and opens its home.
    const opened = checked.length ? checked : [mayOpen(role)[0]!.path];
    test(`as ${role}: ${checked.length ? `axe on ${checked.join(' ')}` : `its home ${opened[0]} (its side's screens are checked as another role)`}`, async ({
      page,
    }) => {
      // A hang guard that grows with the walk: a loaded 2-core machine takes seconds a screen.
      test.setTimeout(30_000 + opened.length * 20_000);
      const user = await createUser(twin, [role]);
      await signInAt(page, user.email, user.password);
      if (!checked.length) {
        await page.goto(opened[0]!);
        await settled(page);
        await expect(page.getByRole('main')).toBeVisible();
      }
      for (const path of checked) await visit(page, path, `${role} ${path}`);
    });
  }

  for (const who of ['super_admin', 'lender'] as const) {
    const states = SCREENS.flatMap((screen) =>
      (SCREEN_STATES[screen.path] ?? []).filter((s) => (s.as ?? 'super_admin') === who).map((state) => ({ screen, state })),
    );
    test(`the screens' other states, as ${who}: ${states.map(({ screen, state }) => `${screen.path} (${state.name})`).join(', ')}`, async ({ page }) => {
      test.setTimeout(30_000 + states.length * 20_000);
      const user = who === 'lender' ? data.lender : twin.admin;
      await signInAt(page, user.email, user.password);
      for (const { screen, state } of states) {
        await page.goto(screen.path);
        await settled(page);
        await state.reach(page, data);
        await settled(page);
        await expectNoSeriousViolations(page, `${who} ${screen.path}: ${state.name}`);
      }
    });
  }
});
