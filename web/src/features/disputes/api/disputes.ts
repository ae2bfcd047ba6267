import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, isApiError } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import { fileFields, useUpload } from '@/lib/use-upload';
import type { DisputeDecision, DisputeStatus, OpenDisputeRequest } from '@shared/api/disputes';
import { createDisputeEvidenceUpload, decideDispute, getDispute, listDisputes, openDispute, respondToDispute } from '@shared/routes/disputes';

/** The disputes API as the /disputes screen uses it. Every change reads the list and the dispute again. */
export function useDisputes(status: DisputeStatus | 'all') {
  return useQuery({ ...routeQuery(listDisputes, { query: { status: status === 'all' ? undefined : status } }), placeholderData: keepPreviousData });
}

export function useDispute(id: string | null) {
  return useQuery({ ...routeQuery(getDispute, { params: { id: id ?? '' } }), enabled: id !== null });
}

/** Each file to the dispute's evidence, side by side; the names of those that failed, with why. */
function useEvidenceUploads() {
  const evidence = useUpload(
    ({ id, file }: { id: string; file: File }, signal) => callRoute(createDisputeEvidenceUpload, { params: { id }, body: fileFields(file), signal }),
    (answer) => ({ file: answer.upload }),
  );
  return async (id: string, files: readonly File[]): Promise<string[]> => {
    const results = await Promise.allSettled(files.map((file) => evidence.mutateAsync({ request: { id, file }, files: { file } })));
    return results.flatMap((r, i) => (r.status === 'rejected' ? [`${files[i]!.name}: ${r.reason instanceof Error ? r.reason.message : 'upload failed'}`] : []));
  };
}

function useDisputeChange<V, R extends { message?: string; failed?: string[] }>(change: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: ({ message, failed = [] }) => {
      if (message) notifications.show({ color: 'green', message });
      if (failed.length)
        notifications.show({
          color: 'orange',
          title: 'Some evidence was not added',
          message: `${failed.join('; ')}. Add it again from the dispute.`,
          autoClose: 10_000,
        });
    },
    // A change that lost to another (409) is re-read, which closes its form: say so where it stays visible.
    onError: (error) => {
      if (isApiError(error, 409)) notifications.show({ color: 'orange', title: 'The dispute changed', message: error.message, autoClose: 10_000 });
    },
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: routeKey(listDisputes) }), client.invalidateQueries({ queryKey: routeKey(getDispute) })]),
  });
}

/** Opens the dispute, then uploads its evidence: a file that fails leaves the dispute open and says which. */
export function useOpenDispute() {
  const uploadAll = useEvidenceUploads();
  return useDisputeChange(async ({ body, files }: { body: OpenDisputeRequest; files: readonly File[] }) => {
    const answer = await callRoute(openDispute, { body });
    return { ...answer, id: answer.dispute.id, failed: await uploadAll(answer.dispute.id, files) };
  });
}

/** Uploads the lender's evidence, then sends the response. */
export function useRespond() {
  const uploadAll = useEvidenceUploads();
  return useDisputeChange(async ({ id, message, files }: { id: string; message: string; files: readonly File[] }) => {
    const failed = await uploadAll(id, files);
    return { ...(await callRoute(respondToDispute, { params: { id }, body: { message } })), failed };
  });
}

export const useDecide = () =>
  useDisputeChange(({ id, decision, note }: { id: string; decision: DisputeDecision; note: string }) =>
    callRoute(decideDispute, { params: { id }, body: { decision, note } }),
  );

export function useAddEvidence() {
  const uploadAll = useEvidenceUploads();
  return useDisputeChange(async ({ id, files }: { id: string; files: readonly File[] }) => {
    const failed = await uploadAll(id, files);
    return { failed, message: failed.length < files.length ? 'Evidence added.' : undefined };
  });
}
