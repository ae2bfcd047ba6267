import { CreateUserPoolClientCommand, DeleteUserPoolClientCommand, ResourceNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from '#adapters/aws-clients.js';
import { API_CLIENT_SCOPE } from '#shared/api/api-clients.js';

/** How long a client's access token lasts (Cognito's default is an hour; a loan system asks again as it needs). */
const ACCESS_TOKEN_MINUTES = 60;

/**
 * A Cognito app client of the staff pool for one API client: a generated secret, the client-credentials
 * flow only, the API's one scope (the stack's resource server, infra/constructs/auth.ts). Answers its id
 * and secret; the secret is never stored by the platform.
 */
export async function createAppClient(name: string): Promise<{ clientId: string; clientSecret: string }> {
  const out = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId(),
      ClientName: `api-client-${name}`.slice(0, 128).replace(/[^\w\s+=,.@-]/g, '-'),
      GenerateSecret: true,
      AllowedOAuthFlows: ['client_credentials'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: [API_CLIENT_SCOPE],
      ExplicitAuthFlows: [],
      AccessTokenValidity: ACCESS_TOKEN_MINUTES,
      TokenValidityUnits: { AccessToken: 'minutes' },
      EnableTokenRevocation: true,
      PreventUserExistenceErrors: 'ENABLED',
    }),
  );
  const clientId = out.UserPoolClient?.ClientId;
  const clientSecret = out.UserPoolClient?.ClientSecret;
  if (!clientId || !clientSecret) throw new Error('Cognito created an app client without an id or a secret');
  return { clientId, clientSecret };
}

/** Deletes an app client: Cognito issues it no more tokens. One already gone is fine. */
export async function deleteAppClient(clientId: string): Promise<void> {
  try {
    await cognito.send(new DeleteUserPoolClientCommand({ UserPoolId: userPoolId(), ClientId: clientId }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException) && (error as Error).name !== 'ResourceNotFoundException') throw error;
  }
}
