import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { Caller } from '../../shared/access.js';
import { normaliseRoles, type Role } from '../../shared/roles.js';

export interface AuthenticatedCaller extends Caller {
  signedIn: true;
  userId: string;
  email: string;
  roles: Role[];
}
export type AnyCaller = AuthenticatedCaller | { signedIn: false; approved: false; roles: [] };

const ANONYMOUS: AnyCaller = { signedIn: false, approved: false, roles: [] };

/** Groups arrive as an array from cognito-local and as "[a b]" text from API Gateway's claim mapping. */
function groupsClaim(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.replace(/^\[|\]$/g, '').split(/[\s,]+/).filter(Boolean);
  return [];
}

/**
 * The caller as the JWT authorizer verified it (the ID token: it carries email and groups).
 * A user is approved once an admin has granted any role: approval adds the Cognito group.
 */
export function callerFromEvent(event: Pick<APIGatewayProxyEventV2WithJWTAuthorizer, 'requestContext'>): AnyCaller {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string' || claims.token_use !== 'id') return ANONYMOUS;
  const roles = normaliseRoles(groupsClaim(claims['cognito:groups']));
  return {
    signedIn: true,
    approved: roles.length > 0,
    userId: claims.sub,
    email: String(claims.email ?? '').toLowerCase(),
    roles,
  };
}
