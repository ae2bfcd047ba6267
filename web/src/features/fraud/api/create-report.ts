import { useMutation } from '@tanstack/react-query';
import type { CreateFraudReportRequest } from '@shared/api/fraud';
import { callRoute } from '@/lib/api-client';

/** POST /api/fraud-reports: files the report with its uploaded attachments' keys. */
export function createFraudReport(body: CreateFraudReportRequest) {
  return callRoute('create-fraud-report', { body });
}

export function useCreateFraudReport() {
  return useMutation({ mutationFn: createFraudReport });
}
