import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { PollTimeoutError, pollUntil } from '@/lib/poll';
import { routeKey, routeQuery } from '@/lib/queries';
import type { RegisterResponse } from '@shared/api/register';
import { decideRegisterProposal, getRegister } from '@shared/routes/register';

/** How long the screen waits for a submitted register to become current before saying it is still being stored. */
const PATIENCE_MS = 5 * 60_000;

/** GET /api/register: the current payroll register and the proposal awaiting approval (PMEC's admins and platform admins). */
export function useCurrentRegister(enabled: boolean) {
  return useQuery({ ...routeQuery(getRegister), enabled });
}

/** Polls the register until the upload submitted is the current one; null when that takes too long to wait for. */
export async function waitForRegister(client: QueryClient, uploadId: string, signal: AbortSignal): Promise<RegisterResponse | null> {
  try {
    return await pollUntil(client, routeQuery(getRegister), {
      state: (register) => register.upload_id ?? '',
      done: (register) => register.upload_id === uploadId,
      patienceMs: PATIENCE_MS,
      signal,
    });
  } catch (error) {
    if (error instanceof PollTimeoutError) return null;
    throw error;
  }
}

/** POST /api/register/proposals/{upload_id}/decision, then the register read again (the proposal is gone). */
export function useRegisterDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uploadId, decision, note }: { uploadId: string; decision: 'approve' | 'reject'; note?: string }) =>
      callRoute(decideRegisterProposal, { params: { upload_id: uploadId }, body: { decision, ...(note ? { note } : {}) } }),
    onSettled: () => client.invalidateQueries({ queryKey: routeKey(getRegister) }),
  });
}
