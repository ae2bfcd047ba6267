import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { RuntimeConfig } from './config';

/*
 * Amplify, configured: loaded by loadAmplify (./amplify) with the first need for it, never
 * imported directly. What the session needs of it is here.
 */

export { Hub, fetchAuthSession, signOut };

/** Points Amplify Auth at the user pool; `userPoolEndpoint` is set only for the local emulator. */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}
