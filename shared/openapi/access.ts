import type { Access } from '../access.js';
import { ROLE_LABELS } from '../roles.js';
import type { RouteDef } from '../routes/define.js';

/** The security schemes of the document: one per kind of token the API accepts. */
export const SECURITY_SCHEMES = {
  staff: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The ID token of a person signed in to the staff user pool (Amazon Cognito), as `Authorization: Bearer <token>`. What the person may do is read from the directory on every request, not from the token.',
  },
  employee: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "The ID token of a civil servant signed in to the employees' user pool with a code texted to the mobile the payroll register holds for them.",
  },
  apiClient: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "The access token of an organisation's API client, from the OAuth2 token endpoint that /config.json names as `tokenUrl` (`grant_type=client_credentials`, HTTP Basic client authentication). Accepted only by the operations marked `x-open-to-clients`.",
  },
} as const;

/**
 * Whether an organisation's API client may call the route. The route table says so with an optional
 * `openToClients: true` (read structurally: a route table without the flag opens no route to clients).
 */
export const isOpenToClients = (route: RouteDef): boolean => (route as { openToClients?: unknown }).openToClients === true;

/** Who may call a route, in words a lender's developer reads. */
export function whoMayCall(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'Anyone: no token needed.';
    case 'signed_in':
      return 'Any signed-in member of staff, approved or not.';
    case 'approved':
      return 'Any approved member of staff (holding a role in an organisation or on the platform).';
    case 'employee':
      return "A civil servant signed in to the employees' portal.";
    case 'roles':
      return `Members holding one of these roles: ${access.roles.map((role) => `${ROLE_LABELS[role]} (\`${role}\`)`).join(', ')}.`;
  }
}

/** The operation's security requirements: which tokens it accepts (none for a public route). */
export function securityOf(route: RouteDef): Record<string, string[]>[] {
  if (route.access.kind === 'public') return [];
  if (route.access.kind === 'employee') return [{ employee: [] }];
  return isOpenToClients(route) ? [{ staff: [] }, { apiClient: [] }] : [{ staff: [] }];
}
