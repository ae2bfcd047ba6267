import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { routeKey } from '@/lib/queries';
import type { MeResponse } from '@shared/api/accounts';
import { getMe as getMeRoute } from '@shared/routes/accounts';

/** Spec part 2 §7 and §9: the roles call times out after 5 s. */
const ME_TIMEOUT_MS = 5_000;

export function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<MeResponse> {
  return callRoute(getMeRoute, { signal, timeoutMs: ME_TIMEOUT_MS });
}

export function getMeQueryOptions(userId: string) {
  return queryOptions({
    // Per user, so that another account signing in on this browser never reads the last one's answer.
    queryKey: routeKey(getMeRoute, { user: userId }),
    queryFn: ({ signal }) => getMe({ signal }),
  });
}

/** GET /api/me for the signed-in user: roles, approval and memberships. Idle while signed out. */
export function useMe() {
  const { session } = useSession();
  const userId = session.status === 'signedIn' ? session.userId : '';
  return useQuery({ ...getMeQueryOptions(userId), enabled: session.status === 'signedIn' });
}
