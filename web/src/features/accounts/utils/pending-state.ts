import type { MeResponse } from '@shared/api/accounts';

/** What /pending tells the signed-in person: their own state, never "waiting" unless a request waits. */
export type PendingState =
  | { kind: 'approved' }
  | { kind: 'waiting' }
  | { kind: 'invited' }
  | { kind: 'rejected'; at: string | null; note: string | null }
  | { kind: 'removed'; orgName: string; at: string }
  | { kind: 'none' };

/** The latest of a rejection and a removal wins: each is the last thing that happened to the account. */
export function pendingState(me: MeResponse): PendingState {
  if (me.approved) return { kind: 'approved' };
  const request = me.access_request;
  if (request?.status === 'pending') return { kind: 'waiting' };
  if (me.memberships.some((m) => m.status === 'invited') || me.platform_invitations.length > 0) return { kind: 'invited' };
  const removal = me.memberships
    .filter((m) => m.status === 'removed' && m.decided_at)
    .sort((a, b) => (b.decided_at ?? '').localeCompare(a.decided_at ?? ''))[0];
  const rejected = request?.status === 'rejected' ? request : null;
  if (removal && (!rejected || (rejected.decided_at ?? '') < removal.decided_at!))
    return { kind: 'removed', orgName: removal.org_name || 'your organisation', at: removal.decided_at! };
  if (rejected) return { kind: 'rejected', at: rejected.decided_at, note: rejected.decision_note };
  return { kind: 'none' };
}
