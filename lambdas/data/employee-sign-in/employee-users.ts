import { randomBytes } from 'node:crypto';
import { AdminCreateUserCommand, AdminGetUserCommand, AdminSetUserPasswordCommand, type AttributeType } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '#adapters/aws-clients.js';
import { requiredEnv } from '#lib/env.js';

/**
 * The employees' own user pool (EMPLOYEE_POOL_ID): its only sign-in is the custom challenge (a code to
 * the register's mobile), so a staff route's authorizer refuses its tokens and its users hold no email.
 * The username is the NRC's digits: the sign-in screen knows nothing else of the person. A user is made
 * the first time a code goes to them, confirmed with a random password nobody is told (the pool's client
 * allows no password sign-in), so the custom challenge can sign them in at once. A user made before whose
 * password was never set (a request that failed between the two calls) is confirmed on the next code:
 * Cognito signs in confirmed users only.
 */
export const employeePoolId = (): string => requiredEnv('EMPLOYEE_POOL_ID');

const subOf = (attributes: AttributeType[] | undefined) => attributes?.find((a) => a.Name === 'sub')?.Value ?? null;
const isNamed = (error: unknown, name: string) => (error as { name?: string } | null)?.name === name;

/** Confirms the user with a random password nobody is told. */
async function confirm(pool: string, nrcDigits: string): Promise<void> {
  const password = `${randomBytes(24).toString('base64url')}aA1!`;
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: pool, Username: nrcDigits, Password: password, Permanent: true }));
}

/** The sub of the employee user named by these NRC digits, made on first use. */
export async function ensureEmployeeUser(nrcDigits: string): Promise<string> {
  const pool = employeePoolId();
  try {
    const found = await cognito.send(new AdminGetUserCommand({ UserPoolId: pool, Username: nrcDigits }));
    const sub = subOf(found.UserAttributes);
    if (sub && found.UserStatus !== 'CONFIRMED') await confirm(pool, nrcDigits);
    if (sub) return sub;
  } catch (error) {
    if (!isNamed(error, 'UserNotFoundException')) throw error;
  }
  let sub: string | null = null;
  try {
    const created = await cognito.send(new AdminCreateUserCommand({ UserPoolId: pool, Username: nrcDigits, MessageAction: 'SUPPRESS' }));
    sub = subOf(created.User?.Attributes);
  } catch (error) {
    // Two code requests at once: the other one made the user.
    if (!isNamed(error, 'UsernameExistsException')) throw error;
    return ensureEmployeeUser(nrcDigits);
  }
  await confirm(pool, nrcDigits);
  if (!sub) throw new Error('Cognito made the employee user without a sub.');
  return sub;
}
