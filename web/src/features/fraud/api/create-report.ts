import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import type { CreateFraudReportRequest } from '@shared/api/fraud';
import { createFraudReport as createFraudReportRoute } from '@shared/routes/fraud';

/** POST /api/fraud-reports: files the report with its uploaded attachments' keys. */
export function createFraudReport(body: CreateFraudReportRequest) {
  return callRoute(createFraudReportRoute, { body });
}

export function useCreateFraudReport() {
  return useMutation({ mutationFn: createFraudReport });
}
