import type { IncomingMessage, ServerResponse } from 'node:http';
import { HourlyLimit, SignInLockout } from './cognito-limits.js';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * What a browser may call on Cognito: the unauthenticated and token-authorised operations. The rest
 * (Admin*, ListUsers, pool and group management) need IAM credentials in AWS; on the twin only
 * server-side code and tests call them, on the emulator's own port, never through this front.
 */
const PUBLIC_OPERATIONS = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'GlobalSignOut',
  'GetUser',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'DeleteUserAttributes',
  'ChangePassword',
  'DeleteUser',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'ListDevices',
  'GetDevice',
  'ForgetDevice',
  'ConfirmDevice',
  'UpdateDeviceStatus',
]);

/** Attributes the stack's web client may write (infra/constructs/auth.ts writeAttributes); never *_verified. */
const WRITABLE_ATTRIBUTES = new Set(['email', 'name']);

/** Reset codes one account may ask for in an hour, as Cognito caps them. */
const RESET_CODES_PER_HOUR = 5;

type Json = Record<string, unknown>;

const cognitoError = (type: string, message: string) => ({ status: 400, body: { __type: type, message } });
const errorType = (body: Json) => String(body.__type ?? body.code ?? '');

/** Cognito's masked destination (a***@e***), the same whether or not the account exists. */
function codeSent(username: string) {
  const [local = '', domain = ''] = username.split('@');
  return { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: `${local[0] ?? ''}***@${domain[0] ?? ''}***` } };
}

/**
 * Sits in front of cognito-local so the web code is identical in both runtimes and the front
 * refuses what Cognito's refuses: IAM-only operations, sign-in during a lockout, reset codes past
 * the hourly cap, attributes the client may not write, and any answer that tells which accounts
 * exist. It renames GetTokensFromRefreshToken (which cognito-local lacks) and words errors as the
 * web client's Cognito would. What must change inside cognito-local itself is in cognito/*.cjs.
 */
export function createCognitoShim(cognitoUrl: string, limits = { lockout: new SignInLockout(), resets: new HourlyLimit(RESET_CODES_PER_HOUR) }) {
  const forward = async (op: string, payload: unknown) => {
    const r = await fetch(cognitoUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}${op}` },
      body: JSON.stringify(payload),
    });
    return { status: r.status, body: (await r.json().catch(() => ({}))) as Json };
  };

  const answer = async (operation: string, input: Json): Promise<{ status: number; body: unknown }> => {
    if (!PUBLIC_OPERATIONS.has(operation)) {
      const hint = `${operation || 'This operation'} needs IAM credentials: on the twin, server-side code and tests call it on the emulator's own port (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER), not through /_local/cognito.`;
      return { status: 400, body: { __type: 'MissingAuthenticationTokenException', message: hint } };
    }
    if (operation === 'GetTokensFromRefreshToken') {
      return forward('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: input.ClientId, AuthParameters: { REFRESH_TOKEN: input.RefreshToken } });
    }
    const username = String(input.Username ?? '');
    if (operation === 'InitiateAuth' && input.AuthFlow === 'USER_PASSWORD_AUTH') {
      const name = String((input.AuthParameters as Json | undefined)?.USERNAME ?? '');
      if (limits.lockout.locked(name)) return cognitoError('NotAuthorizedException', 'Password attempts exceeded');
      const r = await forward(operation, input);
      const body = asCognitoSignInError(r.body);
      if (body.__type === 'NotAuthorizedException' && body.message === INCORRECT) limits.lockout.failed(name);
      if (r.status === 200) limits.lockout.succeeded(name);
      return { status: r.status, body };
    }
    if (operation === 'ForgotPassword') {
      if (!limits.resets.take(username)) return cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
      const r = await forward(operation, input);
      return r.status === 200 || errorType(r.body).endsWith('UserNotFoundException') ? { status: 200, body: codeSent(username) } : r;
    }
    if (operation === 'UpdateUserAttributes') {
      const names = Array.isArray(input.UserAttributes) ? (input.UserAttributes as Json[]).map((a) => String(a?.Name)) : [];
      const refused = names.find((n) => !WRITABLE_ATTRIBUTES.has(n));
      if (refused) return cognitoError('NotAuthorizedException', `A client attempted to write unauthorized attribute: ${refused} (writable: email, name).`);
    }
    const r = await forward(operation, input);
    return hideUnknownUser(operation, r.body, username) ?? r;
  };

  return async function handleCognito(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    let input: Json | null = null;
    try {
      const parsed: unknown = body.length ? JSON.parse(body.toString('utf8')) : {};
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) input = parsed as Json;
    } catch {
      // answered below
    }
    const out = input ? await answer(operation, input) : cognitoError('InvalidParameterException', 'Request body must be a JSON object.');
    res.writeHead(out.status, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(JSON.stringify(out.body));
  };
}

/**
 * The web client is created with preventUserExistenceErrors (infra/constructs/auth.ts), so Cognito
 * never says "no such user" to the browser: code requests answer as if a code was sent, and code
 * checks answer as a wrong code. cognito-local has no such setting; answer as Cognito does.
 */
function hideUnknownUser(operation: string, body: Json, username: string): { status: number; body: unknown } | null {
  if (!errorType(body).endsWith('UserNotFoundException')) return null;
  if (operation === 'ResendConfirmationCode') return { status: 200, body: codeSent(username) };
  if (operation === 'ConfirmForgotPassword' || operation === 'ConfirmSignUp') {
    return cognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
  }
  return null;
}

const INCORRECT = 'Incorrect username or password.';

/**
 * Cognito answers a wrong password or an unknown user on sign-in with NotAuthorizedException
 * (user-existence errors are prevented); cognito-local says InvalidPasswordException. Answer as Cognito.
 */
function asCognitoSignInError(body: Json): Json {
  const type = errorType(body);
  // cognito-local's "User not authorized" is its answer for an unknown name.
  const refused = type === 'NotAuthorizedException' && (body.message === INCORRECT || body.message === 'User not authorized');
  if (type.endsWith('InvalidPasswordException') || type.endsWith('UserNotFoundException') || refused) {
    return { __type: 'NotAuthorizedException', message: INCORRECT };
  }
  return body;
}
