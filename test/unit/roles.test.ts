import { describe, expect, it } from 'vitest';
import { type Grant, rolesIn, organisationsWith, ROLE_SETS } from '#shared/access.js';
import { acceptInviteRequestSchema } from '#shared/api/accounts.js';
import { PLATFORM_ADMIN_MESSAGES } from '#shared/api/admin.js';
import {
  isOrganisationRole,
  isPlatformRole,
  ORGANISATION_ROLES,
  PLATFORM_ROLE_REQUIRED,
  PLATFORM_ROLES,
  type Role,
  roleFitsOrganisation,
  roleNotForOrganisationMessage,
  ROLES,
} from '#shared/roles.js';
import { lusakaClock } from '#shared/rules/dates.js';

describe('ORGANISATION_ROLES: the roles each kind of organisation holds', () => {
  it("are the spec's user lists: admins of their kind, compliance and data users", () => {
    expect(ORGANISATION_ROLES).toEqual({ fi: ['fi_admin', 'compliance', 'data_user'], pmec: ['pmec_admin', 'compliance', 'data_user'] });
  });

  const table: [Role, boolean, boolean][] = [
    // role, fits an FI, fits PMEC
    ['fi_admin', true, false],
    ['pmec_admin', false, true],
    ['compliance', true, true],
    ['data_user', true, true],
    ['super_admin', false, false],
    ['sys_admin', false, false],
    ['admin', false, false],
  ];
  it.each(table)('%s: FI %s, PMEC %s', (role, fi, pmec) => {
    expect(roleFitsOrganisation(role, 'fi')).toBe(fi);
    expect(roleFitsOrganisation(role, 'pmec')).toBe(pmec);
    expect(isOrganisationRole(role)).toBe(fi || pmec);
  });

  it('covers every role', () => {
    expect(table.map(([role]) => role).sort()).toEqual([...ROLES].sort());
  });

  it.each([
    [
      'Lender A',
      'fi',
      'pmec_admin',
      'PMEC Admin is not a role of this organisation: Lender A (FI) holds FI Admin, Compliance or Data User. Choose one of those.',
    ],
    [
      'District Payroll',
      'pmec',
      'fi_admin',
      'FI Admin is not a role of this organisation: District Payroll (PMEC) holds PMEC Admin, Compliance or Data User. Choose one of those.',
    ],
  ] as const)('names the allowed roles: %s (%s) refusing %s', (name, kind, role, message) => {
    expect(roleNotForOrganisationMessage(name, kind, role)).toBe(message);
  });
});

describe("rolesIn asks of the organisation's kind and the role together", () => {
  const grant = (orgId: string, role: Role, pmec: boolean): Grant => ({ orgId, role, pmec });
  const caller = (...grants: Grant[]) => ({ signedIn: true, approved: true, roles: grants.map((g) => g.role), grants });

  it.each([
    ['a PMEC Admin of a lender holds nothing there', [grant('fi1', 'pmec_admin', false)], 'fi1', {}, []],
    ['nor, overseeing, in another lender', [grant('fi1', 'pmec_admin', false)], 'fi2', { oversight: true }, []],
    ['an FI Admin of a PMEC organisation holds nothing there', [grant('p1', 'fi_admin', true)], 'p1', {}, []],
    ['a PMEC Admin of PMEC oversees every lender', [grant('p1', 'pmec_admin', true)], 'fi1', { oversight: true }, ['pmec_admin']],
    ["a lender's compliance reviews its own organisation", [grant('fi1', 'compliance', false)], 'fi1', {}, ['compliance']],
    ["a lender's compliance oversees no other", [grant('fi1', 'compliance', false)], 'fi2', { oversight: true }, []],
    [
      'the misfit grant beside a fitting one: only the fitting one counts',
      [grant('fi1', 'pmec_admin', false), grant('fi1', 'compliance', false)],
      'fi1',
      { oversight: true },
      ['compliance'],
    ],
  ] as const)('%s', (_name, grants, orgId, options, roles) => {
    expect(rolesIn(caller(...grants), orgId, options).sort()).toEqual([...roles].sort());
  });

  it('organisationsWith skips a misfit grant', () => {
    expect(organisationsWith(caller(grant('fi1', 'pmec_admin', false), grant('p1', 'pmec_admin', true)), ['pmec_admin'])).toEqual(['p1']);
  });
});

describe('lusakaClock says when, as a clock in Zambia reads', () => {
  it.each([
    ['2026-11-27T12:00:00Z', '14:00 Lusaka time'],
    ['2026-11-27T22:59:30Z', '00:59 Lusaka time'],
    ['2026-01-01T00:05:00Z', '02:05 Lusaka time'],
  ])('%s → %s', (iso, text) => {
    expect(lusakaClock(new Date(iso))).toBe(text);
  });
});

describe('the platform roles: one list, and every schema and role set that names them reads it', () => {
  it.each([
    ['super_admin', true],
    ['sys_admin', true],
    ['fi_admin', false],
    ['compliance', false],
    ['admin', false],
    ['SUPER_ADMIN', false],
  ] as const)('%s is a platform role: %s', (role, platform) => {
    expect(isPlatformRole(role)).toBe(platform);
  });

  it('are the roles held in no organisation, and the sets and messages that name them follow the list', () => {
    expect(ROLES.filter((role) => !isOrganisationRole(role) && role !== 'admin')).toEqual([...PLATFORM_ROLES]);
    expect(ROLE_SETS.platformAdmins).toEqual(PLATFORM_ROLES);
    expect(PLATFORM_ADMIN_MESSAGES.role_required).toBe('Choose the platform role: super_admin or sys_admin.');
  });

  it.each([
    [{ platform_role: 'sys_admin' }, null],
    [{ platform_role: 'fi_admin' }, PLATFORM_ROLE_REQUIRED],
    [{ platform_role: 'root' }, PLATFORM_ROLE_REQUIRED],
  ] as const)('accepting an invitation to %j: %s', (body, message) => {
    const parsed = acceptInviteRequestSchema.safeParse(body);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(message);
  });
});

describe('the platform roles', () => {
  it('are spelled once, in shared/roles.ts: every other list of roles takes them from PLATFORM_ROLES', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = new URL('../..', import.meta.url).pathname;
    const sources = ['shared', 'lambdas', 'infra', 'web/src'].flatMap((dir) =>
      (readdirSync(join(root, dir), { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file)).map((file) => join(dir, file)),
    );
    const spelled = sources.filter(
      (file) => file !== join('shared', 'roles.ts') && /'super_admin',\s*'sys_admin'|'sys_admin',\s*'super_admin'/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(spelled).toEqual([]);
  });
});
