// Sign-out, refresh-token revocation and access-token checks inside the cognito-local process, as Cognito does them.
// cognito-local keeps each user's refresh tokens but has no GlobalSignOut or
// AdminUserGlobalSignOut, so a signed-out (or removed) person could keep refreshing; and it answers
// a revoked token like a made-up one. Here both sign-outs drop every refresh token the user holds,
// and a token this emulator issued but no user holds any longer answers "Refresh Token has been
// revoked". cognito-local also reads the access token of a person's own calls without checking
// its signature, so a made-up token could change anyone's email: those calls verify it first, as
// Cognito does. Living here (not in the gateway's shim) covers both doors: the SPA's calls through the
// shim and the handlers' admin calls on the emulator's own port.
const { createPublicKey, verify } = require('node:crypto');
const { Targets } = require('cognito-local/lib/targets/targets');
const { NotAuthorizedError, UserNotFoundError } = require('cognito-local/lib/errors');
const { jwk } = require('cognito-local/lib/keys/cognitoLocal.public.json');
const { wrap, poolOfClient } = require('./fidelity.cjs');

const publicKey = createPublicKey({ key: jwk, format: 'jwk' });

/** The claims of a token this emulator signed (RS256) and that has not expired, or null. */
function verifiedClaims(token) {
  const parts = String(token ?? '').split('.');
  if (parts.length !== 3) return null;
  try {
    const signed = verify('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), publicKey, Buffer.from(parts[2], 'base64url'));
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return signed && (typeof claims.exp !== 'number' || claims.exp * 1000 > Date.now()) ? claims : null;
  } catch {
    return null;
  }
}

const signOut = (services, ctx, pool, user) => pool.saveUser(ctx, { ...user, RefreshTokens: [], UserLastModifiedDate: services.clock.get() });

Targets.GlobalSignOut = (services) => async (ctx, req) => {
  const claims = verifiedClaims(req.AccessToken);
  if (!claims || claims.token_use !== 'access') throw new NotAuthorizedError('Invalid Access Token');
  const pool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
  const user = await pool.getUserByUsername(ctx, claims.sub);
  if (!user) throw new NotAuthorizedError('Invalid Access Token');
  await signOut(services, ctx, pool, user);
  return {};
};

Targets.AdminUserGlobalSignOut = (services) => async (ctx, req) => {
  const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
  const user = await pool.getUserByUsername(ctx, req.Username);
  if (!user) throw new UserNotFoundError('User does not exist.');
  await signOut(services, ctx, pool, user);
  return {};
};

wrap('InitiateAuth', async (services, ctx, req) => {
  if (req.AuthFlow !== 'REFRESH_TOKEN_AUTH' && req.AuthFlow !== 'REFRESH_TOKEN') return;
  const token = req.AuthParameters?.REFRESH_TOKEN;
  if (!token) return; // cognito-local answers the missing parameter itself
  const pool = await poolOfClient(services, ctx, req);
  if (await pool.getUserByRefreshToken(ctx, token)) return;
  throw new NotAuthorizedError(verifiedClaims(token) ? 'Refresh Token has been revoked' : 'Invalid Refresh Token');
});

// The calls a person makes with their access token: refused unless the token is this emulator's own.
for (const name of [
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
]) {
  wrap(name, async (_services, _ctx, req) => {
    if (req.AccessToken === undefined && name === 'AssociateSoftwareToken') return; // it may use a Session instead
    if (verifiedClaims(req.AccessToken)?.token_use !== 'access') throw new NotAuthorizedError('Invalid Access Token');
  });
}
