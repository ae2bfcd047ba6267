import { describe, expect, it } from 'vitest';
import { actFor, type AuthenticatedCaller, type MemberOrganisation } from '#http/caller.js';
import { rolesIn } from '#shared/access.js';
import type { Role } from '#shared/roles.js';

const org = (org_id: string, role: Role, client_type: 'fi' | 'pmec' = 'fi'): MemberOrganisation => ({
  org_id,
  org_name: `Org ${org_id}`,
  client_type,
  role,
  payee_key: null,
});

/** A caller as the directory read makes them: every approved membership, not narrowed yet. */
function caller(organisations: MemberOrganisation[], platformRoles: Role[] = []): AuthenticatedCaller {
  const grants = organisations.map((o) => ({ orgId: o.org_id, role: o.role, pmec: o.client_type === 'pmec' }));
  const roles = [...new Set([...platformRoles, ...grants.map((g) => g.role)])];
  return {
    kind: 'person',
    signedIn: true,
    approved: roles.length > 0,
    userId: 'u',
    email: 'u@example.com',
    roles,
    platformRoles,
    grants,
    organisations,
    actingOrgId: null,
    acting: 'unchosen',
  };
}

const two = caller([org('A', 'data_user'), org('B', 'fi_admin')]);
const admin = caller([org('P', 'pmec_admin', 'pmec')], ['super_admin']);

describe('actFor', () => {
  it.each([
    // [case, caller, header, acting org, roles, platform roles]
    ['a member of two naming A acts for A with A’s role only', two, 'A', 'A', ['data_user'], []],
    ['a member of two naming B acts for B with B’s role only', two, 'B', 'B', ['fi_admin'], []],
    ['a member of one needs no header', caller([org('A', 'compliance')]), null, 'A', ['compliance'], []],
    ['a platform admin naming none acts as the platform, no organisation’s grant', admin, null, null, ['super_admin'], ['super_admin']],
    ['a platform admin naming their organisation acts as its member only', admin, 'P', 'P', ['pmec_admin'], []],
  ] as const)('%s', (_case, who, header, orgId, roles, platformRoles) => {
    const acting = actFor(who, header);
    if (typeof acting === 'string') throw new Error(`refused: ${acting}`);
    expect({ orgId: acting.actingOrgId, roles: acting.roles, platformRoles: acting.platformRoles }).toEqual({ orgId, roles, platformRoles });
    expect(acting.grants.every((g) => g.orgId === orgId)).toBe(true);
  });

  it.each([
    ['a member of two naming none is asked to choose', two, null, 'choose'],
    ['a member of two naming an organisation of neither is refused', two, 'C', 'not_member'],
    ['a platform admin naming an organisation they are not a member of is refused', admin, 'A', 'not_member'],
  ] as const)('%s', (_case, who, header, answer) => {
    expect(actFor(who, header)).toBe(answer);
  });

  it('leaves no role of the other organisation to any later check', () => {
    const inA = actFor(two, 'A');
    if (typeof inA === 'string') throw new Error(inA);
    expect(rolesIn(inA, 'B')).toEqual([]);
    expect(rolesIn(inA, 'A')).toEqual(['data_user']);
  });

  it('keeps a caller in no organisation as they are', () => {
    const pending = caller([]);
    expect(actFor(pending, null)).toBe(pending);
  });
});
