import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteResponse } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import { fileFields, useUpload } from '@/lib/use-upload';
import type { PortalDeduction, ReportDeductionRequest } from '@shared/api/portal';
import { listMyMandates } from '@shared/routes/mandates';
import { listMyDeductions, listMyDisputes, listMyLookups, reportMyDeduction } from '@shared/routes/portal';
import { mandateCovering } from '@shared/rules/mandate';

/**
 * The employee portal's reads: always the signed-in employee's own record, read again each time a screen
 * opens (what was cached shows meanwhile): a lender's file or a lookup may have landed a moment ago.
 */
const FRESH = { staleTime: 0 } as const;
export const useMyDeductions = () => useQuery({ ...routeQuery(listMyDeductions), ...FRESH });
export const useMyLookups = () => useQuery({ ...routeQuery(listMyLookups), ...FRESH });
export const useMyDisputes = () => useQuery({ ...routeQuery(listMyDisputes), ...FRESH });

/** The number of the employee's mandate each deduction is made under, or null (shared/rules/mandate.ts). */
export function useMandateOf(): (d: Pick<PortalDeduction, 'payee_key' | 'month'>) => string | null {
  const mandates = useQuery({ ...routeQuery(listMyMandates), ...FRESH }).data?.mandates ?? [];
  return (d) => mandateCovering(d, mandates)?.number ?? null;
}

type Report = Pick<ReportDeductionRequest, 'payee_key' | 'month' | 'reason'>;
type Reported = RouteResponse<typeof reportMyDeduction> & { fileFailed?: string };

/**
 * "This is not mine": the report, and its photo or PDF through the one uploader (the report's answer
 * holds the file's upload). A file that fails after the report was made leaves the report standing:
 * the answer then says why in `fileFailed`. The deductions and the reports are read again either way.
 */
export function useReportDeduction() {
  const client = useQueryClient();
  const withFile = useUpload(
    (body: ReportDeductionRequest, signal) => callRoute(reportMyDeduction, { body, signal }),
    (answer) => ({ file: answer.upload }),
  );
  return useMutation({
    mutationFn: async ({ body, file }: { body: Report; file: File | null }): Promise<Reported> => {
      if (!file) return callRoute(reportMyDeduction, { body });
      const granted: { answer?: Reported } = {};
      try {
        return await withFile.mutateAsync({ request: { ...body, ...fileFields(file) }, files: { file }, onGrant: (answer) => (granted.answer = answer) });
      } catch (error) {
        if (!granted.answer) throw error;
        return { ...granted.answer, fileFailed: error instanceof Error ? error.message : 'upload failed' };
      }
    },
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: routeKey(listMyDeductions) }), client.invalidateQueries({ queryKey: routeKey(listMyDisputes) })]),
  });
}
