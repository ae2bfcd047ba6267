import type { CreateUploadRequest } from '#shared/api/submissions.js';
import { decideAppliedReplacement, getAppliedReplacement } from '#shared/routes/reconciliation.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call } from './api.js';
import type { TestTwinInfo } from './cognito.js';
import { appliedWorkbook, type scheduleLine } from './payroll-schedule.js';

type Line = ReturnType<typeof scheduleLine>;

/** An applied file's row for a schedule line: the amount the payroll deducted, and a reason. */
export const appliedRow = (line: Line, amount: number | string, reason?: string) => ({
  employee_no: line.employee_no,
  nrc: line.nrc,
  payee_key: line.payee_key,
  amount,
  reason,
});

/** The applied file's flow as the payroll authority's admins run it: upload and validate, Submit, decide a replacement. */
export function appliedFlow(twin: TestTwinInfo) {
  const api = submissionsApi(twin);
  return {
    /** Uploads and validates an applied file answering schedule version `version`; answers the upload. */
    async validate(token: string, month: string, rows: ReturnType<typeof appliedRow>[], version = 1) {
      const file = appliedWorkbook(rows);
      const request: CreateUploadRequest = {
        doc_kind: 'applied',
        month,
        file_name: 'Applied deductions.xlsx',
        size: file.length,
        content_type: XLSX_MIME,
        schedule_version: version,
      };
      return api.upload(token, request, file);
    },
    submit: (token: string, uploadId: string) => api.submit(token, uploadId),
    replacement: (token: string, month: string) => call(twin, getAppliedReplacement, { query: { month }, caller: token }),
    decide: (token: string, uploadId: string, decision: 'approve' | 'reject', note?: string) =>
      call(twin, decideAppliedReplacement, { params: { id: uploadId }, body: { decision, ...(note ? { note } : {}) }, caller: token }),
  };
}
