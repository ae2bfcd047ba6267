import { getRuntimeConfig } from './config';

/*
 * The employee's session: Cognito's custom challenge on the employees' own user pool (a code texted to the
 * payroll register's mobile), called as the Cognito API is called, JSON over HTTPS. Not through Amplify:
 * Amplify holds one pool per app, and it holds the staff session. The tokens live under a key of their
 * own, so a staff session on the same browser is never an employee's and an employee's is never staff's.
 * They live in localStorage by default, so the session survives the SMS link opening a new tab for its
 * lifetime; on a shared phone (chosen at sign-in) in this tab's sessionStorage only, gone when it closes.
 */

const STORAGE_KEY = 'payroll.employee-session';
/** Tokens are refreshed this long before they expire. */
const EARLY_MS = 60_000;

interface StoredSession {
  idToken: string;
  refreshToken: string;
  /** When the ID token expires, in ms since the epoch. */
  expiresAt: number;
}

/** A refusal from Cognito: its exception name (NotAuthorizedException, …) and message. */
export class CognitoRefusal extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Calls `listener` whenever the employee signs in or out (for useSyncExternalStore). */
export function onEmployeeSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where a new session is kept: this tab only on a shared phone, else the browser's. */
const storeFor = (sharedPhone: boolean): Storage => (sharedPhone ? sessionStorage : localStorage);

/** The storage the current session is in (this tab's first), or null. */
function current(): { store: Storage; session: StoredSession } | null {
  for (const store of [sessionStorage, localStorage]) {
    try {
      const raw = store.getItem(STORAGE_KEY);
      if (raw) return { store, session: JSON.parse(raw) as StoredSession };
    } catch {
      // An unreadable entry counts as none.
    }
  }
  return null;
}

const read = (): StoredSession | null => current()?.session ?? null;

/** Keeps the session where it already is (or in `store`), or forgets it everywhere. */
function write(session: StoredSession | null, store: Storage = current()?.store ?? localStorage): void {
  try {
    if (session) store.setItem(STORAGE_KEY, JSON.stringify(session));
    else for (const each of [sessionStorage, localStorage]) each.removeItem(STORAGE_KEY);
  } finally {
    changed();
  }
}

// Another tab signing in or out changes this one too.
if (typeof window !== 'undefined') window.addEventListener('storage', (event) => event.key === STORAGE_KEY && changed());

/** Whether this tab holds an employee's session (its tokens may still need refreshing). */
export const hasEmployeeSession = (): boolean => read() !== null;

/** The Cognito API of the employees' pool: the twin's front (userPoolEndpoint) or the region's endpoint. */
async function cognito<T>(operation: string, body: Record<string, unknown>): Promise<T> {
  const config = getRuntimeConfig();
  const endpoint = config.userPoolEndpoint ?? `https://cognito-idp.${config.region}.amazonaws.com/`;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify({ ClientId: config.employeePoolClientId, ...body }),
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    throw new CognitoRefusal(
      String(data.__type ?? 'Error')
        .split('#')
        .pop()!,
      String(data.message ?? response.statusText),
    );
  return data as T;
}

interface AuthResult {
  ChallengeName?: string;
  Session?: string;
  AuthenticationResult?: { IdToken: string; RefreshToken?: string };
}

const expiryOf = (jwt: string): number => {
  const payload = JSON.parse(atob(jwt.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
  return (payload.exp ?? 0) * 1000;
};

function keep(result: AuthResult['AuthenticationResult'], refreshToken: string, store?: Storage): void {
  if (!result) return;
  write({ idToken: result.IdToken, refreshToken: result.RefreshToken ?? refreshToken, expiresAt: expiryOf(result.IdToken) }, store);
}

/** Starts a sign-in for the NRC's digits (the pool's username): the Session the code is answered with. */
export async function startEmployeeChallenge(username: string): Promise<string> {
  const out = await cognito<AuthResult>('InitiateAuth', { AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: username } });
  if (out.ChallengeName !== 'CUSTOM_CHALLENGE' || !out.Session) throw new CognitoRefusal('UnexpectedChallenge', 'The sign-in could not start.');
  return out.Session;
}

/**
 * Answers the challenge with the code: signed in (the tokens kept, in this tab only on a shared phone),
 * or a new Session after a wrong code.
 * Cognito refuses (NotAuthorizedException) once the sign-in is over: three wrong codes, or 3 minutes.
 */
export async function answerEmployeeChallenge(
  username: string,
  session: string,
  code: string,
  sharedPhone = false,
): Promise<{ signedIn: true } | { signedIn: false; session: string }> {
  const out = await cognito<AuthResult>('RespondToAuthChallenge', {
    ChallengeName: 'CUSTOM_CHALLENGE',
    Session: session,
    ChallengeResponses: { USERNAME: username, ANSWER: code },
  });
  if (out.AuthenticationResult) {
    write(null);
    keep(out.AuthenticationResult, '', storeFor(sharedPhone));
    return { signedIn: true };
  }
  if (!out.Session) throw new CognitoRefusal('UnexpectedChallenge', 'The sign-in could not go on.');
  return { signedIn: false, session: out.Session };
}

/** The employee's ID token, refreshed when it is about to expire (or when forced); null once there is none. */
export async function employeeIdToken(forceRefresh = false): Promise<string | null> {
  const stored = read();
  if (!stored) return null;
  if (!forceRefresh && stored.expiresAt - EARLY_MS > Date.now()) return stored.idToken;
  try {
    const out = await cognito<AuthResult>('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: stored.refreshToken } });
    keep(out.AuthenticationResult, stored.refreshToken);
    return read()?.idToken ?? null;
  } catch {
    write(null);
    return null;
  }
}

/** Signs the employee out: the refresh token revoked (as far as Cognito answers), the tokens dropped from every tab. */
export async function signOutEmployee(): Promise<void> {
  const stored = read();
  write(null);
  if (stored) await cognito('RevokeToken', { Token: stored.refreshToken }).catch(() => undefined);
}
