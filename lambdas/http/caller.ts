import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { CALLER_TTL_MS, type Caller, type Grant } from '../../shared/access.js';
import { ROLES, type Role } from '../../shared/roles.js';
import { type DirectoryAccess, readDirectoryAccess } from '../data/caller-directory.js';
import { ExpiringMap } from '../lib/expiring-map.js';

export interface AuthenticatedCaller extends Caller {
  signedIn: true;
  userId: string;
  email: string;
  roles: Role[];
  platformRoles: Role[];
  grants: Grant[];
}
export type AnyCaller = AuthenticatedCaller | { signedIn: false; approved: false; roles: [] };
/**
 * An employee signed in through their own user pool: the NRC and employee number are the directory's
 * (the link written when their code was sent), never the token's. Staff routes treat them as no session.
 */
export interface EmployeeCaller {
  signedIn: true;
  approved: false;
  employee: true;
  roles: [];
  userId: string;
  nrc: string;
  employeeNumber: string;
}
/** Whoever a request's access check let through, or named when it refused them. */
export type RequestCaller = AnyCaller | EmployeeCaller;
/** Who the token proves the caller is; what they may do is the directory's to say. */
export interface Identity {
  userId: string;
  email: string;
}

export const ANONYMOUS: AnyCaller = { signedIn: false, approved: false, roles: [] };

/** The subject of the ID token the JWT authorizer verified, whichever user pool signed it. */
export function subjectFromEvent(event: Pick<APIGatewayProxyEventV2WithJWTAuthorizer, 'requestContext'>): string | null {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  return claims && typeof claims.sub === 'string' && claims.token_use === 'id' ? claims.sub : null;
}

/**
 * The staff ID token as the JWT authorizer verified it: its subject and email, nothing more is trusted.
 * Every staff user has an email (the staff pool's sign-in name); an employee's token carries none (their
 * pool has no email attribute), so it never passes as staff, even past an authorizer that let it through.
 */
export function identityFromEvent(event: Pick<APIGatewayProxyEventV2WithJWTAuthorizer, 'requestContext'>): Identity | null {
  const userId = subjectFromEvent(event);
  const email = event.requestContext?.authorizer?.jwt?.claims?.email;
  if (!userId || typeof email !== 'string' || !email) return null;
  return { userId, email: email.toLowerCase() };
}

const remembered = new ExpiringMap<string, AuthenticatedCaller>(10_000);

/** The caller with the roles the directory gives them now; `fresh` skips what the function remembers. */
export async function resolveCaller(identity: Identity, options: { fresh?: boolean } = {}, now = Date.now()): Promise<AuthenticatedCaller> {
  const hit = options.fresh ? undefined : remembered.get(identity.userId, now);
  return hit ?? (await readCaller(identity, now)).caller;
}

/** A fresh read of the directory: the caller it makes (remembered from now on) and what was read. */
export async function readCaller(identity: Identity, now = Date.now()): Promise<{ caller: AuthenticatedCaller; access: DirectoryAccess }> {
  const access = await readDirectoryAccess(identity.userId);
  const held = new Set<Role>([...access.platformRoles, ...access.grants.map((g) => g.role)]);
  const caller: AuthenticatedCaller = {
    signedIn: true,
    approved: held.size > 0,
    userId: identity.userId,
    email: access.email ?? identity.email,
    roles: ROLES.filter((r) => held.has(r)),
    platformRoles: access.platformRoles,
    grants: access.grants,
  };
  remembered.set(identity.userId, caller, now + CALLER_TTL_MS);
  return { caller, access };
}

/**
 * A check that would refuse the caller is made again on a fresh read of the directory before it
 * refuses: what the function remembers may lack a role granted a moment ago. Answers the caller the
 * check passed with, or null.
 */
export async function confirmAllowed(caller: AuthenticatedCaller, check: (c: AuthenticatedCaller) => boolean): Promise<AuthenticatedCaller | null> {
  if (check(caller)) return caller;
  const fresh = await resolveCaller(caller, { fresh: true });
  return check(fresh) ? fresh : null;
}
