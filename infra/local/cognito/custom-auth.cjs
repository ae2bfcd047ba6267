// Cognito's custom authentication flow, which cognito-local 5.3 lacks: InitiateAuth with CUSTOM_AUTH and
// RespondToAuthChallenge with CUSTOM_CHALLENGE run the pool's own Define/Create/VerifyAuthChallenge
// triggers (its LambdaConfig, as Cognito reads it per pool) through the twin's Lambda-invoke endpoint,
// as the other triggers run. As Cognito does it:
// - the client must allow ALLOW_CUSTOM_AUTH; the pool must have the three triggers;
// - a Session is good for one answer and for 3 minutes, and names its client and user;
// - with PreventUserExistenceErrors an unknown user is not refused: the triggers run with userNotFound
//   true and the challenge they set can never be passed (no tokens are issued for no user);
// - a Define answer of failAuthentication is NotAuthorizedException; issueTokens signs the user in;
// - a user who never confirmed their sign-up (UNCONFIRMED) is refused at once (UserNotConfirmedException),
//   and one an administrator made whose password was never set (FORCE_CHANGE_PASSWORD) is answered the
//   new-password challenge where tokens would be: only a CONFIRMED user is ever given tokens.
const { randomUUID } = require('node:crypto');
const { Targets } = require('cognito-local/lib/targets/targets');
const {
  InvalidParameterError,
  NotAuthorizedError,
  UserLambdaValidationError,
  UserNotConfirmedException,
  UserNotFoundError,
} = require('cognito-local/lib/errors');
const { attributesToRecord } = require('cognito-local/lib/services/userPoolService');
const { createChallengeSessions } = require('./challenge-sessions.cjs');

const lambdaUrl = process.env.LAMBDA_URL || '';
const sessions = createChallengeSessions();
const TRIGGERS = ['DefineAuthChallenge', 'CreateAuthChallenge', 'VerifyAuthChallengeResponse'];

/** Runs a trigger as Lambda would and answers its `response`; a thrown error fails the sign-in as Cognito says. */
async function invoke(functionName, trigger, event) {
  const res = await fetch(`${lambdaUrl}/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`, { method: 'POST', body: JSON.stringify(event) });
  const payload = await res.json().catch(() => null);
  if (!res.ok || res.headers.get('x-amz-function-error') || !payload) {
    throw new UserLambdaValidationError(`${trigger} failed with error ${payload?.errorMessage ?? res.status}.`);
  }
  return payload.response ?? {};
}

/** Replaces a target for the requests `handle` answers (anything else goes on to the target as before). */
function intercept(name, handle) {
  const original = Targets[name];
  Targets[name] = (services) => {
    const inner = original(services);
    return async (ctx, req) => (await handle(services, ctx, req)) ?? inner(ctx, req);
  };
}

async function clientAndPool(services, ctx, clientId) {
  const client = await services.cognito.getAppClient(ctx, clientId);
  if (!client) throw new NotAuthorizedError('Client does not exist.');
  const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  return { client, pool };
}

function triggerEvent(pool, client, state, user, triggerSource, request) {
  return {
    version: '1',
    region: 'local',
    userPoolId: pool.options.Id,
    userName: state.username,
    callerContext: { awsSdkVersion: 'cognito-local', clientId: client.ClientId },
    triggerSource,
    request: {
      userAttributes: user ? attributesToRecord(user.Attributes) : {},
      clientMetadata: state.clientMetadata ?? {},
      userNotFound: state.userNotFound,
      ...request,
    },
    response: {},
  };
}

/** Define decides; then tokens, the end, or Create's next challenge with a new Session. */
async function nextStep(services, ctx, pool, client, user, state) {
  const lambdas = pool.options.LambdaConfig ?? {};
  const define = await invoke(
    lambdas.DefineAuthChallenge,
    'DefineAuthChallenge',
    triggerEvent(pool, client, state, user, 'DefineAuthChallenge_Authentication', { session: state.history }),
  );
  if (define.issueTokens && !define.failAuthentication && user && !state.userNotFound && user.UserStatus !== 'CONFIRMED') {
    // No answer this twin takes leads on from here: the employees' client has no password to set.
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: randomUUID(),
      ChallengeParameters: { USER_ID_FOR_SRP: user.Username, requiredAttributes: '[]', userAttributes: '{}' },
    };
  }
  if (define.issueTokens && !define.failAuthentication && user && !state.userNotFound) {
    const groups = await pool.listUserGroupMembership(ctx, user);
    const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, state.clientMetadata, 'Authentication');
    await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
    return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, TokenType: 'Bearer', ExpiresIn: 60 * (client.AccessTokenValidity ?? 60) } };
  }
  if (define.failAuthentication || define.issueTokens || define.challengeName !== 'CUSTOM_CHALLENGE')
    throw new NotAuthorizedError('Incorrect username or password.');
  const created = await invoke(
    lambdas.CreateAuthChallenge,
    'CreateAuthChallenge',
    triggerEvent(pool, client, state, user, 'CreateAuthChallenge_Authentication', { challengeName: 'CUSTOM_CHALLENGE', session: state.history }),
  );
  const next = { ...state, privateParameters: created.privateChallengeParameters ?? {}, metadata: created.challengeMetadata };
  return {
    ChallengeName: 'CUSTOM_CHALLENGE',
    Session: sessions.open(next),
    ChallengeParameters: { ...(created.publicChallengeParameters ?? {}), USERNAME: state.username },
  };
}

intercept('InitiateAuth', async (services, ctx, req) => {
  if (req.AuthFlow !== 'CUSTOM_AUTH') return undefined;
  const { client, pool } = await clientAndPool(services, ctx, req.ClientId);
  if (!(client.ExplicitAuthFlows ?? []).includes('ALLOW_CUSTOM_AUTH')) throw new InvalidParameterError('Auth flow not enabled for this client');
  if (!TRIGGERS.every((t) => pool.options.LambdaConfig?.[t]))
    throw new InvalidParameterError('Custom auth lambda trigger is not configured for the user pool.');
  const username = req.AuthParameters?.USERNAME;
  if (!username) throw new InvalidParameterError('Missing required parameter USERNAME');
  const user = await pool.getUserByUsername(ctx, username);
  if (!user && client.PreventUserExistenceErrors !== 'ENABLED') throw new UserNotFoundError('User does not exist.');
  if (user && user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
  if (user && user.UserStatus === 'UNCONFIRMED') throw new UserNotConfirmedException('User is not confirmed.');
  const state = {
    id: randomUUID(),
    clientId: client.ClientId,
    username: user?.Username ?? username,
    userNotFound: !user,
    clientMetadata: req.ClientMetadata,
    history: [],
  };
  return nextStep(services, ctx, pool, client, user, state);
});

intercept('RespondToAuthChallenge', async (services, ctx, req) => {
  if (req.ChallengeName !== 'CUSTOM_CHALLENGE') return undefined;
  const { client, pool } = await clientAndPool(services, ctx, req.ClientId);
  const answers = req.ChallengeResponses ?? {};
  const state = sessions.take(req.Session, client.ClientId, answers.USERNAME);
  if (!state) throw new NotAuthorizedError('Invalid session for the user, session is expired.');
  const user = state.userNotFound ? null : await pool.getUserByUsername(ctx, state.username);
  if (!state.userNotFound && (!user || user.Enabled === false)) throw new NotAuthorizedError('Incorrect username or password.');
  const verify = await invoke(
    pool.options.LambdaConfig.VerifyAuthChallengeResponse,
    'VerifyAuthChallengeResponse',
    triggerEvent(pool, client, state, user, 'VerifyAuthChallengeResponse_Authentication', {
      privateChallengeParameters: state.privateParameters,
      challengeAnswer: String(answers.ANSWER ?? ''),
    }),
  );
  const result = verify.answerCorrect === true && !state.userNotFound;
  const history = [...state.history, { challengeName: 'CUSTOM_CHALLENGE', challengeResult: result, challengeMetadata: state.metadata }];
  return nextStep(services, ctx, pool, client, user, { ...state, history });
});
