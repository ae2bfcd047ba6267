import { getRuntimeConfig } from './config';

/*
 * Amplify loads with the first need for it (a stored session to read, someone signing in or up),
 * not before the first screen: a signed-out visitor's sign-in form does not wait for it.
 */

type AmplifySession = Pick<typeof import('./amplify-session'), 'Hub' | 'fetchAuthSession' | 'signOut'>;

let loading: Promise<AmplifySession> | undefined;
const listeners: ((amplify: AmplifySession) => void)[] = [];

/** Amplify's session calls, configured from config.json; call before any Amplify call. */
export function loadAmplify(): Promise<AmplifySession> {
  loading ??= import('./amplify-session').then(({ configureAmplify, Hub, fetchAuthSession, signOut }) => {
    configureAmplify(getRuntimeConfig());
    const amplify = { Hub, fetchAuthSession, signOut };
    for (const listener of listeners.splice(0)) listener(amplify);
    return amplify;
  });
  return loading;
}

/** Runs `listener` once Amplify has loaded (at once if it has); answers a function that cancels it. */
export function whenAmplifyLoads(listener: (amplify: AmplifySession) => void): () => void {
  let cancelled = false;
  const once = (amplify: AmplifySession) => {
    if (!cancelled) listener(amplify);
  };
  if (loading) void loading.then(once);
  else listeners.push(once);
  return () => {
    cancelled = true;
  };
}

/** Amplify keeps its tokens in localStorage under `CognitoIdentityServiceProvider.<clientId>.…`. */
const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * Whether this browser may hold a session: without any of Amplify's keys for this app client there
 * is none to read, and Amplify need not load to say so. When storage cannot be read, it may.
 */
export function mayHoldSession(): boolean {
  try {
    const prefix = `${TOKEN_KEY_PREFIX}${getRuntimeConfig().userPoolClientId}.`;
    for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith(prefix)) return true;
    return false;
  } catch {
    return true;
  }
}
