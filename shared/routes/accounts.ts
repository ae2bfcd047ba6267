import { PUBLIC, SIGNED_IN } from '../access.js';
import {
  acceptInviteRequestSchema,
  acceptInviteResponseSchema,
  accessRequestBodySchema,
  accessRequestResponseSchema,
  emailAvailabilityResponseSchema,
} from '../api/accounts.js';
import type { RouteDef } from '../routes.js';

/** Accounts and access (spec part 2): email availability, access requests, invites. */
export const ACCOUNT_ROUTES = [
  {
    id: 'get-email-availability',
    method: 'GET',
    path: '/api/email-availability',
    access: PUBLIC,
    handler: 'api/accounts/get-email-availability',
    uses: { tables: ['directory'], userPool: true },
    response: emailAvailabilityResponseSchema,
    summary: 'Whether an email is free to request access with (rate-limited per client and per email).',
  },
  {
    id: 'create-access-request',
    method: 'POST',
    path: '/api/access-requests',
    access: PUBLIC,
    handler: 'api/accounts/create-access-request',
    uses: { tables: ['directory', 'audit'], buckets: ['onboarding'], userPool: true },
    request: accessRequestBodySchema,
    response: accessRequestResponseSchema,
    summary: 'Stores the pending access request of the account just signed up and answers one presigned POST per onboarding document.',
  },
  {
    id: 'accept-team-invite',
    method: 'POST',
    path: '/api/team/accept-invite',
    access: SIGNED_IN,
    handler: 'api/accounts/accept-team-invite',
    uses: { tables: ['directory', 'audit'], userPool: true },
    request: acceptInviteRequestSchema,
    response: acceptInviteResponseSchema,
    summary: 'Approves the caller’s invited memberships and grants their roles (idempotent).',
  },
] as const satisfies readonly RouteDef[];
