import type { CreateUploadRequest } from '#shared/api/submissions.js';
import { decideAppliedReplacement, getAppliedReplacement } from '#shared/routes/reconciliation.js';
import { createUpload } from '#shared/routes/submissions.js';
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

const appliedRequest = (month: string, size: number, version: number, part?: string[]): CreateUploadRequest => ({
  doc_kind: 'applied',
  month,
  file_name: 'Applied deductions.xlsx',
  size,
  content_type: XLSX_MIME,
  schedule_version: version,
  ...(part ? { part_payee_keys: part } : {}),
});

/** The applied file's flow as the payroll authority's admins run it: upload and validate, Submit, decide a replacement. */
export function appliedFlow(twin: TestTwinInfo) {
  const api = submissionsApi(twin);
  return {
    /** Uploads and validates an applied file answering schedule version `version` (a part of the month when `part` names its payee keys). */
    async validate(token: string, month: string, rows: ReturnType<typeof appliedRow>[], version = 1, part?: string[]) {
      const file = appliedWorkbook(rows);
      return api.upload(token, appliedRequest(month, file.length, version, part), file);
    },
    /** POST /api/uploads of an applied file, answered as it is (to see a refusal). */
    create: (token: string, month: string, version: number, part?: string[]) =>
      call(twin, createUpload, { body: appliedRequest(month, 1000, version, part), caller: token }),
    submit: (token: string, uploadId: string) => api.submit(token, uploadId),
    replacement: (token: string, month: string) => call(twin, getAppliedReplacement, { query: { month }, caller: token }),
    decide: (token: string, uploadId: string, decision: 'approve' | 'reject', note?: string) =>
      call(twin, decideAppliedReplacement, { params: { id: uploadId }, body: { decision, ...(note ? { note } : {}) }, caller: token }),
  };
}
