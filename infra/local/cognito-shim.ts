import type { IncomingMessage, ServerResponse } from 'node:http';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * Sits in front of cognito-local so the web code is identical in both runtimes: it answers the
 * calls cognito-local lacks (GetTokensFromRefreshToken, GlobalSignOut), forwards the rest, and
 * words errors as the web client's Cognito would. What must change inside cognito-local itself
 * (ResendConfirmationCode, the password policy, the invite challenge) is in cognito/fidelity.cjs.
 */
export async function handleCognito(req: IncomingMessage, res: ServerResponse, body: Buffer, cognitoUrl: string): Promise<void> {
  const target = String(req.headers['x-amz-target'] ?? '');
  const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  const send = (status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(JSON.stringify(payload));
  };
  const forward = async (op: string, payload: unknown) => {
    const r = await fetch(cognitoUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}${op}` },
      body: JSON.stringify(payload),
    });
    return { status: r.status, json: (await r.json().catch(() => ({}))) as Record<string, unknown> };
  };

  let input: Record<string, unknown> = {};
  try {
    input = body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {};
  } catch {
    return send(400, { __type: 'InvalidParameterException', message: 'Request body must be valid JSON.' });
  }

  if (operation === 'GetTokensFromRefreshToken') {
    const r = await forward('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: input.ClientId,
      AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
    });
    return send(r.status, r.json);
  }
  if (operation === 'GlobalSignOut') {
    // cognito-local keeps no server-side sessions to end; tokens simply expire.
    return send(200, {});
  }
  const r = await forward(operation, input);
  if (operation === 'InitiateAuth') return send(r.status, asCognitoSignInError(r.json));
  const hidden = hideUnknownUser(operation, r.json, input);
  return hidden ? send(hidden.status, hidden.body) : send(r.status, r.json);
}

const errorType = (body: Record<string, unknown>) => String(body.__type ?? body.code ?? '');

/**
 * The web client is created with preventUserExistenceErrors (infra/constructs/auth.ts), so Cognito
 * never says "no such user" to the browser: code requests answer as if a code was sent, and code
 * checks answer as a wrong code. cognito-local has no such setting; answer as Cognito does.
 */
function hideUnknownUser(operation: string, body: Record<string, unknown>, input: Record<string, unknown>): { status: number; body: unknown } | null {
  if (!errorType(body).endsWith('UserNotFoundException')) return null;
  if (operation === 'ForgotPassword' || operation === 'ResendConfirmationCode') {
    const username = String(input.Username ?? '');
    const destination = username.includes('@') ? `${username[0]}***@${username.split('@')[1]?.[0] ?? ''}***` : '***';
    return { status: 200, body: { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: destination } } };
  }
  if (operation === 'ConfirmForgotPassword' || operation === 'ConfirmSignUp') {
    return { status: 400, body: { __type: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' } };
  }
  return null;
}

/**
 * Cognito answers a wrong password or an unknown user on sign-in with NotAuthorizedException
 * (user-existence errors are prevented); cognito-local says InvalidPasswordException. Answer as Cognito.
 */
function asCognitoSignInError(body: Record<string, unknown>): Record<string, unknown> {
  const type = errorType(body);
  if (type.endsWith('InvalidPasswordException') || type.endsWith('UserNotFoundException')) {
    return { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
  }
  return body;
}
