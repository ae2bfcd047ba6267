import { PUBLIC, SIGNED_IN } from '../access.js';
import {
  acceptInviteRequestSchema,
  acceptInviteResponseSchema,
  declineInviteRequestSchema,
  declineInviteResponseSchema,
  accessRequestBodySchema,
  accessRequestResponseSchema,
  emailAvailabilityQuerySchema,
  emailAvailabilityResponseSchema,
  meResponseSchema,
  renewAccessRequestBodySchema,
} from '../api/accounts.js';
import { featureRoutes } from './define.js';

/** Accounts and access (spec part 2): email availability, access requests, invites, the signed-in user. */
const route = featureRoutes('accounts');

export const getEmailAvailability = route({
  id: 'get-email-availability',
  method: 'GET',
  path: '/api/email-availability',
  access: PUBLIC,
  uses: { tables: { directory: 'rw' }, userPool: 'u' },
  query: emailAvailabilityQuerySchema,
  response: emailAvailabilityResponseSchema,
  summary: 'Whether an email is free to request access with (rate-limited per client and per email).',
});

export const createAccessRequest = route({
  id: 'create-access-request',
  method: 'POST',
  path: '/api/access-requests',
  access: PUBLIC,
  uses: { tables: { directory: 'rw' }, buckets: { onboarding: { requests: 'w' } }, userPool: 'u' },
  request: accessRequestBodySchema,
  response: accessRequestResponseSchema,
  summary: 'Stores the pending access request of the account just signed up and answers one presigned POST per onboarding document.',
});

export const acceptTeamInvite = route({
  id: 'accept-team-invite',
  actsForOrganisation: false,
  method: 'POST',
  path: '/api/team/accept-invite',
  access: SIGNED_IN,
  uses: { tables: { directory: 'w' }, userPool: 'ua' },
  request: acceptInviteRequestSchema,
  response: acceptInviteResponseSchema,
  summary: 'Approves the caller’s invited memberships (all, or one organisation’s) and grants their roles (idempotent).',
});

export const declineTeamInvite = route({
  id: 'decline-team-invite',
  actsForOrganisation: false,
  method: 'POST',
  path: '/api/team/decline-invite',
  access: SIGNED_IN,
  uses: { tables: { directory: 'rwd' } },
  request: declineInviteRequestSchema,
  response: declineInviteResponseSchema,
  summary: 'Declines the caller’s invitation to one organisation: nothing changes for them.',
});

export const getMe = route({
  id: 'get-me',
  actsForOrganisation: false,
  method: 'GET',
  path: '/api/me',
  access: SIGNED_IN,
  uses: {},
  response: meResponseSchema,
  summary: 'The signed-in user: roles, approval, memberships, the organisations they may act for and the one they act for.',
});

export const renewAccessRequest = route({
  id: 'renew-access-request',
  actsForOrganisation: false,
  method: 'POST',
  path: '/api/me/access-request',
  access: SIGNED_IN,
  uses: { tables: { directory: 'ra' }, buckets: { onboarding: { requests: 'w' } } },
  request: renewAccessRequestBodySchema,
  response: accessRequestResponseSchema,
  summary: 'A signed-in account without access (request rejected, membership removed, none filed) files a new access request with new documents.',
});

export const ACCOUNTS_ROUTES = [getEmailAvailability, createAccessRequest, acceptTeamInvite, declineTeamInvite, getMe, renewAccessRequest] as const;
