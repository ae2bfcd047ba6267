import { ORG_ADMINS } from '../access.js';
import {
  changeMemberRoleRequestSchema,
  addTeamMemberRequestSchema,
  addTeamMemberResponseSchema,
  removeTeamMemberResponseSchema,
  teamQuerySchema,
  teamResponseSchema,
} from '../api/team.js';
import { featureRoutes } from './define.js';

/** Team management (spec part 2 §2 "Team Management"): route access is the first check; each handler then checks the organisation. */
const route = featureRoutes('team');

export const getTeam = route({
  id: 'get-team',
  method: 'GET',
  path: '/api/team',
  access: ORG_ADMINS,
  uses: { tables: { directory: 'r' }, userPool: '' },
  query: teamQuerySchema,
  response: teamResponseSchema,
  summary: 'Members of an organisation: the one the caller acts for, or ?org_id= for platform admins acting as the platform.',
});

export const addTeamMember = route({
  id: 'add-team-member',
  method: 'POST',
  path: '/api/team/members',
  access: ORG_ADMINS,
  uses: { tables: { directory: 'ra' }, buckets: { uploads: {} }, userPool: 'uc' },
  request: addTeamMemberRequestSchema,
  response: addTeamMemberResponseSchema,
  summary: 'Invites a new user (Cognito invite email) or adds an existing one, with a role the caller may grant.',
});

export const removeTeamMember = route({
  id: 'remove-team-member',
  method: 'DELETE',
  path: '/api/team/members/{id}',
  access: ORG_ADMINS,
  uses: { tables: { directory: 'rw' }, userPool: 'xo' },
  query: teamQuerySchema,
  response: removeTeamMemberResponseSchema,
  summary: 'Removes a member (by user id or email) from the organisation and withdraws the role it gave.',
});

export const changeMemberRole = route({
  id: 'change-member-role',
  method: 'PATCH',
  path: '/api/team/members/{id}',
  access: ORG_ADMINS,
  uses: { tables: { directory: 'rw' }, userPool: 'ax' },
  query: teamQuerySchema,
  request: changeMemberRoleRequestSchema,
  response: removeTeamMemberResponseSchema,
  summary: "Changes an approved member's role to one the caller may grant in this organisation (its kind's roles only).",
});

export const TEAM_ROUTES = [getTeam, addTeamMember, removeTeamMember, changeMemberRole] as const;
