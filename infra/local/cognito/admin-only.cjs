// A pool whose users only administrators make (AdminCreateUserConfig.AllowAdminCreateUserOnly, the CDK's
// selfSignUpEnabled: false, as the employees' pool is) refuses SignUp as Cognito does:
// NotAuthorizedException "SignUp is not permitted for this user pool". cognito-local 5.3 stores the
// setting and signs anyone up regardless.
const { Targets } = require('cognito-local/lib/targets/targets');
const { NotAuthorizedError } = require('cognito-local/lib/errors');

const original = Targets.SignUp;
Targets.SignUp = (services) => {
  const inner = original(services);
  return async (ctx, req) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    if (pool?.options.AdminCreateUserConfig?.AllowAdminCreateUserOnly) throw new NotAuthorizedError('SignUp is not permitted for this user pool');
    return inner(ctx, req);
  };
};
