// Runs inside the cognito-local process (required by launcher.cjs) and makes it answer as Cognito
// does where the web flows depend on it. Each change below was found by trying cognito-local 5.3:
// - ResendConfirmationCode is missing: added, with a fresh code delivered through the same
//   CustomMessage trigger (CustomMessage_ResendCode), so it reaches the outbox like the first one.
// - The password policy is not enforced: SignUp, ConfirmForgotPassword, the new-password challenge,
//   AdminCreateUser and AdminSetUserPassword check the pool's policy (InvalidPasswordException).
// - An invited user (FORCE_CHANGE_PASSWORD) got the new-password challenge whatever password was
//   sent, and the challenge accepted any Session: both are checked, as Cognito checks them. The
//   refresh token the challenge answers with was not kept, so refreshing signed the user out.
// - ConfirmSignUp left email_verified unset and answered a second confirmation as an expired code;
//   Cognito marks the email verified and answers NotAuthorizedException naming the status.
// - ForgotPassword sent a reset code to an address that was never verified; Cognito refuses.
// - UpdateUserPool forgot UserAttributeUpdateSettings (keep the original email until verified).
// - The CustomMessage trigger's answer had only its first {####} and {username} filled; Cognito
//   fills every one, so a message naming the code twice (a link and its text) reached people broken.
const { Targets } = require('cognito-local/lib/targets/targets');
const { CognitoError, InvalidParameterError, NotAuthorizedError, UserNotFoundError } = require('cognito-local/lib/errors');
const { selectAppropriateDeliveryMethod } = require('cognito-local/lib/services/messageDelivery/deliveryMethod');
const { MessagesService } = require('cognito-local/lib/services/messages');

const CHALLENGE_TTL_MS = 3 * 60 * 1000; // Cognito's sessions for auth challenges last 3 minutes
const challengeSessions = new Map(); // Session -> { username, expires }

const attributeValue = (user, name) => (user.Attributes || []).find((a) => a.Name === name)?.Value;

function passwordProblem(pool, password) {
  const policy = pool.options.Policies?.PasswordPolicy ?? {};
  const value = String(password ?? '');
  if (value.length < (policy.MinimumLength ?? 8)) return 'Password not long enough';
  if (policy.RequireUppercase && !/[A-Z]/.test(value)) return 'Password must have uppercase characters';
  if (policy.RequireLowercase && !/[a-z]/.test(value)) return 'Password must have lowercase characters';
  if (policy.RequireNumbers && !/[0-9]/.test(value)) return 'Password must have numeric characters';
  if (policy.RequireSymbols && !/[^A-Za-z0-9]/.test(value)) return 'Password must have symbol characters';
  return null;
}

function enforcePolicy(pool, password) {
  const problem = passwordProblem(pool, password);
  if (problem) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${problem}`);
}

/** Replaces a target with one that runs `before` (which may throw) and can post-process the answer. */
function wrap(name, before, after) {
  const original = Targets[name];
  Targets[name] = (services) => {
    const inner = original(services);
    return async (ctx, req) => {
      const state = await before(services, ctx, req);
      const result = await inner(ctx, req);
      return after ? after(services, ctx, req, result, state) : result;
    };
  };
}

const poolOfClient = (services, ctx, req) => services.cognito.getUserPoolForClientId(ctx, req.ClientId);

wrap('SignUp', async (services, ctx, req) => enforcePolicy(await poolOfClient(services, ctx, req), req.Password));
wrap('AdminSetUserPassword', async (services, ctx, req) => enforcePolicy(await services.cognito.getUserPool(ctx, req.UserPoolId), req.Password));
wrap('AdminCreateUser', async (services, ctx, req) => {
  if (req.TemporaryPassword !== undefined) enforcePolicy(await services.cognito.getUserPool(ctx, req.UserPoolId), req.TemporaryPassword);
});
wrap('ConfirmForgotPassword', async (services, ctx, req) => enforcePolicy(await poolOfClient(services, ctx, req), req.Password));

wrap('ForgotPassword', async (services, ctx, req) => {
  const pool = await poolOfClient(services, ctx, req);
  const user = await pool.getUserByUsername(ctx, req.Username);
  if (user && user.UserStatus === 'FORCE_CHANGE_PASSWORD') throw new NotAuthorizedError('User password cannot be reset in the current state.');
  if (user && attributeValue(user, 'email_verified') !== 'true') {
    throw new InvalidParameterError('Cannot reset password for the user as there is no registered/verified email or phone_number');
  }
});

wrap(
  'ConfirmSignUp',
  async (services, ctx, req) => {
    const pool = await poolOfClient(services, ctx, req);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (user && user.UserStatus === 'CONFIRMED') throw new NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
    return pool;
  },
  async (services, ctx, req, result, pool) => {
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (user && attributeValue(user, 'email_verified') !== 'true') {
      const Attributes = [...(user.Attributes || []).filter((a) => a.Name !== 'email_verified'), { Name: 'email_verified', Value: 'true' }];
      await pool.saveUser(ctx, { ...user, Attributes, UserLastModifiedDate: services.clock.get() });
    }
    return result;
  },
);

wrap(
  'InitiateAuth',
  async (services, ctx, req) => {
    if (req.AuthFlow !== 'USER_PASSWORD_AUTH' || !req.AuthParameters) return null;
    const pool = await poolOfClient(services, ctx, req);
    const user = await pool.getUserByUsername(ctx, req.AuthParameters.USERNAME);
    if (user && user.UserStatus === 'FORCE_CHANGE_PASSWORD' && user.Password !== req.AuthParameters.PASSWORD) {
      throw new NotAuthorizedError('Incorrect username or password.');
    }
    return user;
  },
  async (_services, _ctx, _req, result, user) => {
    if (result && result.ChallengeName === 'NEW_PASSWORD_REQUIRED' && result.Session && user) {
      challengeSessions.set(result.Session, { username: user.Username, expires: Date.now() + CHALLENGE_TTL_MS });
    }
    return result;
  },
);

wrap(
  'RespondToAuthChallenge',
  async (services, ctx, req) => {
    const pool = await poolOfClient(services, ctx, req);
    if (req.ChallengeName !== 'NEW_PASSWORD_REQUIRED') return pool;
    const user = await pool.getUserByUsername(ctx, req.ChallengeResponses?.USERNAME ?? '');
    const session = challengeSessions.get(req.Session);
    if (!user || !session || session.expires < Date.now() || session.username !== user.Username || user.UserStatus !== 'FORCE_CHANGE_PASSWORD') {
      throw new NotAuthorizedError('Invalid session for the user, session is expired.');
    }
    enforcePolicy(pool, req.ChallengeResponses.NEW_PASSWORD);
    challengeSessions.delete(req.Session);
    return pool;
  },
  // cognito-local forgets the refresh token it issues here, so the first refresh signed the user out.
  async (_services, ctx, req, result, pool) => {
    const refreshToken = result?.AuthenticationResult?.RefreshToken;
    const user = refreshToken ? await pool.getUserByUsername(ctx, req.ChallengeResponses?.USERNAME ?? '') : null;
    if (user) await pool.storeRefreshToken(ctx, refreshToken, user);
    return result;
  },
);

Targets.ResendConfirmationCode =
  ({ cognito, messages, otp, clock }) =>
  async (ctx, req) => {
    const pool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('Username/client id combination not found.');
    if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const deliveryDetails = selectAppropriateDeliveryMethod(pool.options.AutoVerifiedAttributes ?? [], user);
    if (!deliveryDetails) throw new InvalidParameterError('User has no attribute matching desired auto verified attributes');
    const code = otp();
    await messages.deliver(ctx, 'ResendCode', req.ClientId, pool.options.Id, user, code, req.ClientMetadata, deliveryDetails);
    await pool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
    return { CodeDeliveryDetails: deliveryDetails };
  };

// UpdateUserPool drops UserAttributeUpdateSettings; Cognito keeps it (the twin sets it on old pools).
wrap(
  'UpdateUserPool',
  async () => null,
  async (services, ctx, req, result) => {
    if (!req.UserAttributeUpdateSettings) return result;
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    await pool.updateOptions(ctx, { ...pool.options, UserAttributeUpdateSettings: req.UserAttributeUpdateSettings });
    return result;
  },
);

// Every placeholder of the trigger's message is filled, as Cognito fills them (cognito-local fills the first).
const createMessage = MessagesService.prototype.create;
MessagesService.prototype.create = async function create(ctx, source, clientId, userPoolId, user, code, clientMetadata) {
  const message = await createMessage.call(this, ctx, source, clientId, userPoolId, user, code, clientMetadata);
  const fill = (text) => (typeof text === 'string' ? text.replaceAll('{####}', code ?? '').replaceAll('{username}', user.Username) : text);
  return { ...message, emailMessage: fill(message.emailMessage), smsMessage: fill(message.smsMessage) };
};

module.exports = { wrap, poolOfClient };
