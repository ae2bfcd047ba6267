import { randomBytes } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  type AttributeType,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from '#adapters/aws-clients.js';
import { normaliseRoles, type Role } from '#shared/roles.js';

/**
 * Cognito user lookups and role-group changes for the administration routes. Cognito's username
 * is the sub (email is the sign-in alias), and groups are found only by that username, so a user
 * named by email is always resolved with AdminGetUser first.
 */
export interface CognitoUser {
  /** Cognito's username: the sub. */
  username: string;
  sub: string;
  email: string;
  /** UNCONFIRMED, CONFIRMED, FORCE_CHANGE_PASSWORD, RESET_REQUIRED, ... */
  status: string;
  enabled: boolean;
  emailVerified: boolean;
  createdAt: string | null;
  updatedAt: string | null;
  identitiesCount: number;
  factorsCount: number;
}

const isNamed = (error: unknown, name: string) => (error as { name?: string } | null)?.name === name;

function toUser(
  u: { Username?: string; UserStatus?: string; Enabled?: boolean; UserCreateDate?: Date; UserLastModifiedDate?: Date },
  attributes: AttributeType[] | undefined,
  mfa?: string[],
): CognitoUser {
  const attr = (name: string) => attributes?.find((a) => a.Name === name)?.Value ?? '';
  let identities = 0;
  try {
    const parsed: unknown = JSON.parse(attr('identities') || '[]');
    identities = Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    identities = 0;
  }
  return {
    username: u.Username ?? '',
    sub: attr('sub') || (u.Username ?? ''),
    email: attr('email').toLowerCase(),
    status: u.UserStatus ?? '',
    enabled: u.Enabled ?? true,
    emailVerified: attr('email_verified') === 'true',
    createdAt: u.UserCreateDate ? new Date(u.UserCreateDate).toISOString() : null,
    updatedAt: u.UserLastModifiedDate ? new Date(u.UserLastModifiedDate).toISOString() : null,
    identitiesCount: identities,
    factorsCount: mfa?.length ?? 0,
  };
}

/** The user signing in with this email, or null. */
export async function findUserByEmail(email: string): Promise<CognitoUser | null> {
  try {
    const out = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }));
    return toUser(out, out.UserAttributes, out.UserMFASettingList);
  } catch (error) {
    if (isNamed(error, 'UserNotFoundException')) return null;
    throw error;
  }
}

/** The roles (Cognito groups) a user holds. */
/** When Cognito created the account (its user name is the sub), or null if it is gone. */
export async function accountCreatedAt(username: string): Promise<string | null> {
  try {
    const out = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
    return out.UserCreateDate ? new Date(out.UserCreateDate).toISOString() : null;
  } catch (error) {
    if (isNamed(error, 'UserNotFoundException')) return null;
    throw error;
  }
}

export async function rolesOfUser(username: string): Promise<Role[]> {
  const names: string[] = [];
  let NextToken: string | undefined;
  do {
    const out = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: userPoolId(), Username: username, NextToken }));
    names.push(...(out.Groups ?? []).map((g) => g.GroupName ?? ''));
    NextToken = out.NextToken;
  } while (NextToken);
  return normaliseRoles(names);
}

export async function addToRole(username: string, role: Role): Promise<void> {
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username: username, GroupName: role }));
}

/** Removing a role the user does not hold (or a user that is gone) changes nothing. */
export async function removeFromRole(username: string, role: Role): Promise<void> {
  try {
    await cognito.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId(), Username: username, GroupName: role }));
  } catch (error) {
    if (!isNamed(error, 'UserNotFoundException')) throw error;
  }
}

/**
 * Ends every session of the user: their refresh tokens stop working, so no new ID token is issued.
 * An ID token already held stays valid until it expires, which is why a decision never rests on it.
 * A user that is gone changes nothing.
 */
export async function signOutEverywhere(username: string): Promise<void> {
  try {
    await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: username }));
  } catch (error) {
    if (!isNamed(error, 'UserNotFoundException')) throw error;
  }
}

/** Members of a role's group, every page. */
export async function usersInRole(role: Role): Promise<CognitoUser[]> {
  const users: CognitoUser[] = [];
  let NextToken: string | undefined;
  do {
    const out = await cognito.send(new ListUsersInGroupCommand({ UserPoolId: userPoolId(), GroupName: role, NextToken, Limit: 60 }));
    users.push(...(out.Users ?? []).map((u: UserType) => toUser(u, u.Attributes, undefined)));
    NextToken = out.NextToken;
  } while (NextToken);
  return users;
}

/** How many users the pool holds (every page of ListUsers; fine at the scale of a user pool of staff). */
export async function countUsers(): Promise<number> {
  let count = 0;
  let PaginationToken: string | undefined;
  do {
    const out = await cognito.send(new ListUsersCommand({ UserPoolId: userPoolId(), PaginationToken, Limit: 60, AttributesToGet: ['email'] }));
    count += out.Users?.length ?? 0;
    PaginationToken = out.PaginationToken;
  } while (PaginationToken);
  return count;
}

/**
 * A temporary password a person types from the invite email (the link carries only the email):
 * base64url has no characters easily misread in HTML, and 'A1!' meets any sensible policy.
 */
export function inviteTemporaryPassword(): string {
  return `${randomBytes(12).toString('base64url')}A1!`;
}

export class UserExistsError extends Error {}

/**
 * Creates the user and has Cognito email the invite (CustomMessage_AdminCreateUser links to
 * /invite-accept). Throws UserExistsError when the email is taken meanwhile.
 */
export async function inviteUser(email: string): Promise<CognitoUser> {
  try {
    const out = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId(),
        Username: email,
        TemporaryPassword: inviteTemporaryPassword(),
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [
          { Name: 'email', Value: email },
          // The invite link proves the address: the user can reset a forgotten password later.
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    if (!out.User) throw new Error('AdminCreateUser answered no user');
    return toUser(out.User, out.User.Attributes, undefined);
  } catch (error) {
    if (isNamed(error, 'UsernameExistsException') || isNamed(error, 'AliasExistsException')) throw new UserExistsError(email);
    throw error;
  }
}

export async function deleteUser(username: string): Promise<void> {
  await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: username }));
}
