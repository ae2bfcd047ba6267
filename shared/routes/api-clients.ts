import { rolesOnly } from '../access.js';
import {
  apiClientSecretResponseSchema,
  createApiClientRequestSchema,
  deleteApiClientResponseSchema,
  listApiClientsResponseSchema,
} from '../api/api-clients.js';
import { featureRoutes } from './define.js';

/**
 * An organisation's API clients, managed by its admin on /team (the team feature): each a Cognito app
 * client with a secret (client credentials), acting for the organisation with one non-admin role.
 */
const route = featureRoutes('team');
const ORGANISATION_ADMINS = rolesOnly('fi_admin', 'pmec_admin');

export const listApiClients = route({
  id: 'list-api-clients',
  method: 'GET',
  path: '/api/api-clients',
  access: ORGANISATION_ADMINS,
  uses: { tables: { directory: 'r' } },
  response: listApiClientsResponseSchema,
  summary: 'The API clients of the organisation the admin acts for (never a secret), the roles a new one may take and the token endpoint.',
});

export const createApiClient = route({
  id: 'create-api-client',
  method: 'POST',
  path: '/api/api-clients',
  access: ORGANISATION_ADMINS,
  uses: { tables: { directory: 'ra' }, userPool: 'nk' },
  request: createApiClientRequestSchema,
  response: apiClientSecretResponseSchema,
  summary:
    'Creates an API client (a Cognito app client with a secret, client credentials) acting with a non-admin role of the organisation; the secret is in this answer only.',
});

export const rotateApiClient = route({
  id: 'rotate-api-client',
  method: 'POST',
  path: '/api/api-clients/{client_id}/rotate',
  access: ORGANISATION_ADMINS,
  uses: { tables: { directory: 'rad' }, userPool: 'nk' },
  response: apiClientSecretResponseSchema,
  summary: "Replaces an API client's credentials: a new client id and secret (shown once); the old ones and their tokens stop at once.",
});

export const deleteApiClient = route({
  id: 'delete-api-client',
  method: 'DELETE',
  path: '/api/api-clients/{client_id}',
  access: ORGANISATION_ADMINS,
  uses: { tables: { directory: 'rd' }, userPool: 'k' },
  response: deleteApiClientResponseSchema,
  summary: 'Deletes an API client: its app client and directory record; its tokens stop at once.',
});

export const API_CLIENTS_ROUTES = [listApiClients, createApiClient, rotateApiClient, deleteApiClient] as const;
