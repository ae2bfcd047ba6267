import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadAmplify, mayHoldSession, whenAmplifyLoads } from './amplify';

/** Session state of spec part 1 §4: unknown (checking) becomes signed in or signed out. */
export type Session = { status: 'checking' } | { status: 'signedOut' } | { status: 'signedIn'; userId: string; email: string };

export interface SessionContextValue {
  session: Session;
  /** Re-reads the Amplify session; `force` exchanges the refresh token for new tokens first. */
  refresh: (options?: { force?: boolean }) => Promise<Session>;
  /** Signs out of Cognito and forgets cached data; 401/403/404 from the sign-out call are ignored. */
  signOut: () => Promise<void>;
}

const CHECKING: Session = { status: 'checking' };
const SIGNED_OUT: Session = { status: 'signedOut' };

const SessionContext = createContext<SessionContextValue | null>(null);

async function readSession(forceRefresh: boolean): Promise<Session> {
  const { fetchAuthSession } = await loadAmplify();
  const { tokens } = await fetchAuthSession({ forceRefresh });
  const idToken = tokens?.idToken;
  if (!idToken) return SIGNED_OUT;
  const { sub, email } = idToken.payload;
  return {
    status: 'signedIn',
    userId: typeof sub === 'string' ? sub : '',
    email: typeof email === 'string' ? email : '',
  };
}

function sameSession(a: Session, b: Session): boolean {
  if (a.status !== b.status) return false;
  if (a.status === 'signedIn' && b.status === 'signedIn') return a.userId === b.userId && a.email === b.email;
  return true;
}

function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as { $metadata?: { httpStatusCode?: number }; underlyingError?: unknown; status?: number };
  return candidate.$metadata?.httpStatusCode ?? candidate.status ?? httpStatusOf(candidate.underlyingError);
}

const IGNORED_SIGN_OUT_ERRORS = new Set(['NotAuthorizedException', 'UserNotFoundException', 'ResourceNotFoundException']);

/** Spec part 1 §8: 404, 401 and 403 on sign-out are ignored. */
function isIgnorableSignOutError(error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status === 401 || status === 403 || status === 404) return true;
  return error instanceof Error && IGNORED_SIGN_OUT_ERRORS.has(error.name);
}

/** Holds the Cognito session, kept current through Amplify's Hub 'auth' events. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session>(CHECKING);
  const sessionRef = useRef<Session>(CHECKING);

  const apply = useCallback(
    (next: Session) => {
      if (sameSession(sessionRef.current, next)) return sessionRef.current;
      const previous = sessionRef.current;
      sessionRef.current = next;
      // A different person (or nobody) must never see the previous user's cached data.
      if (previous.status === 'signedIn' && (next.status !== 'signedIn' || next.userId !== previous.userId)) {
        queryClient.clear();
      }
      setSession(next);
      return next;
    },
    [queryClient],
  );

  const refresh = useCallback(
    async (options?: { force?: boolean }) => {
      return apply(await readSession(options?.force ?? false));
    },
    [apply],
  );

  const signOut = useCallback(async () => {
    try {
      await (await loadAmplify()).signOut();
    } catch (error) {
      if (!isIgnorableSignOutError(error)) throw error;
    }
    queryClient.clear();
    apply(SIGNED_OUT);
  }, [apply, queryClient]);

  useEffect(() => {
    let active = true;
    // Without a stored session, a visitor is signed out at once, before Amplify loads.
    (mayHoldSession() ? readSession(false) : Promise.resolve(SIGNED_OUT))
      .catch(() => SIGNED_OUT)
      .then((next) => {
        if (active) apply(next);
      });
    let stop = () => {};
    const cancel = whenAmplifyLoads(({ Hub }) => {
      stop = Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn':
          case 'tokenRefresh':
          case 'tokenRefresh_failure':
            // Amplify removes the tokens itself when a refresh fails for good.
            readSession(false)
              .catch(() => SIGNED_OUT)
              .then(apply);
            break;
          case 'signedOut':
            apply(SIGNED_OUT);
            break;
          default:
            break;
        }
      });
    });
    return () => {
      active = false;
      cancel();
      stop();
    };
  }, [apply]);

  const value = useMemo(() => ({ session, refresh, signOut }), [session, refresh, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>.');
  return value;
}

/** Signs out, then goes to /signin (spec part 2 §2: Logout goes to /signin). */
export function useLogout(): { logout: () => Promise<void>; loggingOut: boolean } {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = useCallback(async () => {
    setLoggingOut(true);
    try {
      await signOut();
      navigate('/signin', { replace: true });
    } finally {
      setLoggingOut(false);
    }
  }, [navigate, signOut]);
  return { logout, loggingOut };
}
