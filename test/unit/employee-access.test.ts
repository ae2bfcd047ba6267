import { describe, expect, it } from 'vitest';
import { identityFromEvent, subjectFromEvent } from '#http/caller.js';
import { APPROVED, type Caller, EMPLOYEE, isAllowed, isAllowedIn, PLATFORM_ADMINS, PUBLIC, SIGNED_IN } from '#shared/access.js';

const employee: Caller = { signedIn: true, approved: false, employee: true, roles: [] };
const pending: Caller = { signedIn: true, approved: false, roles: [] };
const admin: Caller = { signedIn: true, approved: true, roles: ['super_admin'], platformRoles: ['super_admin'] };
const anonymous: Caller = { signedIn: false, approved: false, roles: [] };

describe('isAllowed', () => {
  it('lets an employee into employee routes and no staff route', () => {
    // Act
    const verdicts = [EMPLOYEE, PUBLIC, SIGNED_IN, APPROVED, PLATFORM_ADMINS].map((access) => isAllowed(access, employee));

    // Assess
    expect(verdicts).toEqual([true, true, false, false, false]);
  });

  it('refuses employee routes to staff, whatever their roles, and to anonymous callers', () => {
    expect([pending, admin, anonymous].map((caller) => isAllowed(EMPLOYEE, caller))).toEqual([false, false, false]);
  });

  it('gives an employee no role in any organisation, even with grants a forged caller would claim', () => {
    // Prepare
    const forged: Caller = { ...employee, approved: true, roles: ['fi_admin'], grants: [{ orgId: 'org-1', role: 'fi_admin', pmec: false }] };

    // Act and assess
    expect(isAllowed(SIGNED_IN, forged)).toBe(false);
    expect(isAllowedIn(PLATFORM_ADMINS, forged, 'org-1')).toBe(false);
    expect(isAllowedIn(APPROVED, forged, 'org-1')).toBe(false);
    expect(isAllowedIn(EMPLOYEE, forged, null)).toBe(true);
  });
});

describe('identityFromEvent and subjectFromEvent', () => {
  const exp = String(Math.floor(Date.now() / 1000) + 3600);
  const event = (claims: Record<string, string>) => ({ requestContext: { authorizer: { lambda: { exp, ...claims } } } }) as never;

  it('never take an employee’s token (no email) for a member of staff, even past an authorizer that let it through', () => {
    const employeeToken = event({ sub: 'employee-sub', token_use: 'id', 'cognito:username': '123456789' });
    expect(identityFromEvent(employeeToken)).toBeNull();
    expect(subjectFromEvent(employeeToken)).toBe('employee-sub');
  });

  it('take a staff ID token’s subject and email, and no access token', () => {
    expect(identityFromEvent(event({ sub: 's', token_use: 'id', email: 'A@Example.com' }))).toEqual({ userId: 's', email: 'a@example.com' });
    expect(subjectFromEvent(event({ sub: 's', token_use: 'access' }))).toBeNull();
  });

  it.each([
    ['past its expiry (a verdict the authorizer cached)', String(Math.floor(Date.now() / 1000) - 1)],
    ['without an expiry', ''],
  ])('take no token %s', (_label, expiry) => {
    expect(identityFromEvent(event({ sub: 's', token_use: 'id', email: 'a@example.com', exp: expiry }))).toBeNull();
  });
});
