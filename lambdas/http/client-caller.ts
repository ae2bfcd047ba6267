import { findApiClient } from '#data/api-clients/records.js';
import { isAllowed } from '#shared/access.js';
import { API_CLIENT_MESSAGES, API_CLIENT_SCOPE } from '#shared/api/api-clients.js';
import type { RouteDef } from '#shared/routes/define.js';
import type { ApiEvent } from './api-event.js';
import { type AuthenticatedCaller, verifiedClaims } from './caller.js';
import { countClientRequest } from './client-limit.js';
import { ForbiddenError, UnauthorizedError } from './errors.js';

/** How the audit log (and an employee's "Who looked") names an API client. */
export const clientActorName = (name: string, orgName: string) => `API client ${name} of ${orgName}`;

/**
 * The app client of an OAuth2 client-credentials access token, as Cognito issues one: `token_use`
 * access, the API's scope, `client_id`, and no user (no `username`). Null for any other token.
 */
export function clientIdFromEvent(event: Pick<ApiEvent, 'requestContext'>): string | null {
  const claims = verifiedClaims(event);
  if (!claims || claims.token_use !== 'access' || typeof claims.client_id !== 'string' || claims.username !== undefined) return null;
  const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
  return scopes.includes(API_CLIENT_SCOPE) ? claims.client_id : null;
}

/**
 * The client as a caller of its organisation, from the directory on every request (never remembered):
 * a deleted or rotated client is refused on its next request, whatever its token's expiry.
 */
async function readClientCaller(clientId: string): Promise<AuthenticatedCaller | null> {
  const record = await findApiClient(clientId);
  if (!record) return null;
  return {
    kind: 'client',
    client: { clientId, name: record.name, orgName: record.org_name },
    signedIn: true,
    approved: true,
    userId: `api-client:${clientId}`,
    email: clientActorName(record.name, record.org_name),
    roles: [record.role],
    platformRoles: [],
    grants: [{ orgId: record.org_id, role: record.role, pmec: record.client_type === 'pmec' }],
    organisations: [{ org_id: record.org_id, org_name: record.org_name, client_type: record.client_type, role: record.role, payee_key: record.payee_key }],
    actingOrgId: record.org_id,
    acting: 'organisation',
    removedFrom: null,
  };
}

/**
 * The authorise step for a client's token: 401 when the client is gone, 403 on a route not open to
 * clients or for another organisation than its own, 429 past its own limit, 403 when its role does
 * not reach the route. `setCaller` names the client for the audit record before any refusal.
 */
export async function authoriseClient(
  route: Pick<RouteDef, 'access' | 'openToClients'>,
  clientId: string,
  requestedOrg: string | null,
  setCaller: (caller: AuthenticatedCaller) => void,
  now = Date.now(),
): Promise<void> {
  const caller = await readClientCaller(clientId);
  if (!caller) throw new UnauthorizedError(API_CLIENT_MESSAGES.unknownClient);
  setCaller(caller);
  if (route.openToClients !== true) throw new ForbiddenError(API_CLIENT_MESSAGES.notForClients, 'client_not_allowed');
  if (requestedOrg !== null && requestedOrg !== caller.actingOrgId) throw new ForbiddenError(API_CLIENT_MESSAGES.otherOrganisation, 'not_acting_member');
  await countClientRequest(clientId, now);
  if (!isAllowed(route.access, caller))
    throw new ForbiddenError(
      "This API client's role does not allow this action. An admin of your organisation can create a client with another role.",
      'forbidden',
    );
}
