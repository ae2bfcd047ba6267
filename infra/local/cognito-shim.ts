import type { IncomingMessage, ServerResponse } from 'node:http';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * Sits in front of cognito-local so the web code is identical in both runtimes: it answers the
 * calls cognito-local lacks (GetTokensFromRefreshToken, GlobalSignOut) and forwards the rest.
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
  return send(r.status, operation === 'InitiateAuth' ? asCognitoSignInError(r.json) : r.json);
}

/**
 * Cognito answers a wrong password or an unknown user on sign-in with NotAuthorizedException
 * (user-existence errors are prevented); cognito-local says InvalidPasswordException. Answer as Cognito.
 */
function asCognitoSignInError(body: Record<string, unknown>): Record<string, unknown> {
  const type = String(body.__type ?? body.code ?? '');
  if (type.endsWith('InvalidPasswordException') || type.endsWith('UserNotFoundException')) {
    return { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
  }
  return body;
}
