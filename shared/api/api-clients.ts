import { z } from 'zod';
import { type OrganisationKind, ORGANISATION_ROLES, PLATFORM_ROLES, ROLE_LABELS, ROLES, type Role } from '../roles.js';

/**
 * API clients: an organisation's machine callers (a lender's loan system), each a Cognito app client
 * with a secret that gets access tokens by OAuth2 client credentials and acts as a caller of its
 * organisation with one role. The resource server and its one scope, the same in AWS and on the twin.
 */
export const API_RESOURCE_SERVER = 'payroll-api';
export const API_CLIENT_SCOPE = `${API_RESOURCE_SERVER}/access`;

/** Admin roles are never a client's: a machine never manages people, clients or settings. */
const ADMIN_ROLES: readonly Role[] = ['fi_admin', 'pmec_admin', ...PLATFORM_ROLES, 'admin'];

/** The roles an API client of an organisation of this kind may act with: the kind's roles but its admin. */
export const clientRoles = (kind: OrganisationKind): Role[] => ORGANISATION_ROLES[kind].filter((r) => !ADMIN_ROLES.includes(r));

/** How many API clients one organisation may hold. */
export const MAX_API_CLIENTS = 10;
/** Requests one API client may make a minute, whatever the route. */
export const API_CLIENT_REQUESTS_PER_MINUTE = 120;

export const API_CLIENT_MESSAGES = {
  name: 'Name the client with 2 to 40 letters, digits, spaces, dots, dashes or underscores, e.g. core-banking.',
  role: (kind: OrganisationKind) =>
    `Choose the role the client acts with: ${clientRoles(kind)
      .map((r) => ROLE_LABELS[r])
      .join(' or ')}. An API client never holds an admin role.`,
  adminRole: 'An API client never holds an admin role: choose Compliance or Data User.',
  notFound: 'That API client was not found in your organisation. It may have been deleted already.',
  nameTaken: (name: string) => `Your organisation already has an API client named ${name}. Choose another name, or rotate that client's secret.`,
  tooMany: `An organisation holds at most ${MAX_API_CLIENTS} API clients. Delete one you no longer use first.`,
  notForClients:
    'API clients may not call this route: it is for people signed in to the platform. See docs/features/api-clients.md for the routes open to clients.',
  unknownClient: 'This API client was deleted or its secret rotated. Get a new token with the current client id and secret.',
  rateLimited: (at: string) => `This API client made more than ${API_CLIENT_REQUESTS_PER_MINUTE} requests this minute. Wait until ${at} and try again.`,
  otherOrganisation: "An API client acts for its own organisation only: drop the X-Acting-Org header or name the client's organisation.",
} as const;

export const apiClientNameSchema = z
  .string({ error: API_CLIENT_MESSAGES.name })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{1,39}$/, API_CLIENT_MESSAGES.name);

export const createApiClientRequestSchema = z.object({
  name: apiClientNameSchema,
  role: z.enum(ROLES, { error: 'Choose the role the client acts with: Compliance or Data User.' }),
});

export const apiClientSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  created_at: z.string(),
  created_by: z.string(),
  rotated_at: z.string().nullable(),
});
export type ApiClient = z.infer<typeof apiClientSchema>;

export const listApiClientsResponseSchema = z.object({
  org_name: z.string(),
  /** The roles a new client may take here. */
  roles: z.array(z.enum(ROLES)),
  clients: z.array(apiClientSchema),
  scope: z.string(),
});

/** The one answer that carries the secret: after creation and after a rotation, never again. */
export const apiClientSecretResponseSchema = z.object({ client: apiClientSchema, client_id: z.string(), client_secret: z.string() });
export type ApiClientSecretResponse = z.infer<typeof apiClientSecretResponseSchema>;

export const deleteApiClientResponseSchema = z.object({ deleted: z.literal(true), client_id: z.string() });
