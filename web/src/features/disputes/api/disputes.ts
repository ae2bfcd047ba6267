import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisputeDecision, DisputeStatus, OpenDisputeRequest } from '@shared/api/disputes';
import { createDisputeEvidenceUpload, decideDispute, getDispute, listDisputes, openDispute, respondToDispute } from '@shared/routes/disputes';
import { callRoute, isApiError } from '@/lib/api-client';
import { postToStorage } from '@/lib/presigned-post';

/** Issue 16 §1: the disputes API as the /disputes screen uses it. Every change reads the list and the dispute again. */
const KEY = ['disputes'] as const;

export function useDisputes(status: DisputeStatus | 'all') {
  return useQuery({
    queryKey: [...KEY, 'list', status],
    queryFn: ({ signal }) => callRoute(listDisputes, { query: { status: status === 'all' ? undefined : status }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDispute(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => callRoute(getDispute, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** One PDF to the dispute's evidence: a presigned POST, then the file straight to storage. */
export async function uploadEvidence(id: string, file: File): Promise<void> {
  const grant = await callRoute(createDisputeEvidenceUpload, { params: { id }, body: { file_name: file.name, size: file.size, content_type: file.type || undefined } });
  await postToStorage(grant.upload, file);
}

/** Uploads each file; the names of those that failed, with why. */
async function uploadAll(id: string, files: readonly File[]): Promise<string[]> {
  const results = await Promise.allSettled(files.map((file) => uploadEvidence(id, file)));
  return results.flatMap((r, i) => (r.status === 'rejected' ? [`${files[i]!.name}: ${r.reason instanceof Error ? r.reason.message : 'upload failed'}`] : []));
}

function useDisputeChange<V, R extends { message?: string; failed?: string[] }>(change: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: ({ message, failed = [] }) => {
      if (message) notifications.show({ color: 'green', message });
      if (failed.length) notifications.show({ color: 'orange', title: 'Some evidence was not added', message: `${failed.join('; ')}. Add it again from the dispute.`, autoClose: 10_000 });
    },
    // A change that lost to another (409) is re-read, which closes its form: say so where it stays visible.
    onError: (error) => {
      if (isApiError(error, 409)) notifications.show({ color: 'orange', title: 'The dispute changed', message: error.message, autoClose: 10_000 });
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Opens the dispute, then uploads its evidence: a file that fails leaves the dispute open and says which. */
export const useOpenDispute = () =>
  useDisputeChange(async ({ body, files }: { body: OpenDisputeRequest; files: readonly File[] }) => {
    const answer = await callRoute(openDispute, { body });
    return { ...answer, id: answer.dispute.id, failed: await uploadAll(answer.dispute.id, files) };
  });

/** Uploads the lender's evidence, then sends the response. */
export const useRespond = () =>
  useDisputeChange(async ({ id, message, files }: { id: string; message: string; files: readonly File[] }) => {
    const failed = await uploadAll(id, files);
    return { ...(await callRoute(respondToDispute, { params: { id }, body: { message } })), failed };
  });

export const useDecide = () =>
  useDisputeChange(({ id, decision, note }: { id: string; decision: DisputeDecision; note: string }) => callRoute(decideDispute, { params: { id }, body: { decision, note } }));

export const useAddEvidence = () =>
  useDisputeChange(async ({ id, files }: { id: string; files: readonly File[] }) => {
    const failed = await uploadAll(id, files);
    return { failed, message: failed.length < files.length ? 'Evidence added.' : undefined };
  });
