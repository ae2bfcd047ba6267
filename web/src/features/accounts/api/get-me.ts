import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@shared/api/accounts';
import { callRoute } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { getMe as getMeRoute } from '@shared/routes/accounts';

/** Every `me` query starts with this key; invalidate it to refetch for whoever is signed in. */
export const ME_QUERY_KEY = ['me'] as const;

/** Spec part 2 §7 and §9: the roles call times out after 5 s. */
const ME_TIMEOUT_MS = 5_000;

export function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<MeResponse> {
  return callRoute(getMeRoute, { signal, timeoutMs: ME_TIMEOUT_MS });
}

export function getMeQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...ME_QUERY_KEY, userId],
    queryFn: ({ signal }) => getMe({ signal }),
  });
}

/** GET /api/me for the signed-in user: roles, approval and memberships. Idle while signed out. */
export function useMe() {
  const { session } = useSession();
  const userId = session.status === 'signedIn' ? session.userId : '';
  return useQuery({ ...getMeQueryOptions(userId), enabled: session.status === 'signedIn' });
}
