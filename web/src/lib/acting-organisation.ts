import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from './auth';

/**
 * The organisation a member of several acts for, chosen in the header's switcher and remembered per
 * browser and per user (localStorage). The API client sends it as `X-Acting-Org` with every staff
 * request; the server checks the caller is an approved member there and decides for it alone.
 */
const storageKey = (userId: string) => `acting-org:${userId}`;

export function storedActingOrg(userId: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(userId)) || null;
  } catch {
    return null;
  }
}

function storeActingOrg(userId: string, orgId: string | null): void {
  try {
    if (orgId) window.localStorage.setItem(storageKey(userId), orgId);
    else window.localStorage.removeItem(storageKey(userId));
  } catch {
    // Storage refused: the choice is not remembered, and the screens ask for it again.
  }
}

/** The subject of an ID token (its payload is base64url JSON); null for anything else. */
function subjectOf(idToken: string): string | null {
  try {
    const part = idToken.split('.')[1] ?? '';
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/** The `X-Acting-Org` value for a request with this staff token: its user's stored choice. */
export function actingOrgForToken(idToken: string): string | null {
  const sub = subjectOf(idToken);
  return sub ? storedActingOrg(sub) : null;
}

/**
 * Chooses the organisation to act for (null: the platform, or none) and refetches everything: every
 * answer in the cache was given for the previous choice.
 */
export function useChooseOrganisation(): (orgId: string | null) => Promise<void> {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const userId = session.status === 'signedIn' ? session.userId : '';
  return useCallback(
    async (orgId: string | null) => {
      if (!userId) return;
      if (storedActingOrg(userId) === orgId) return;
      storeActingOrg(userId, orgId);
      await queryClient.resetQueries();
    },
    [queryClient, userId],
  );
}
