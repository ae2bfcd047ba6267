import type { SubmissionRecord } from '#data/submissions/submissions.js';
import type { UploadRecord } from '#data/uploads/upload.js';
import type { SubmissionResponse, UploadResponse } from '#shared/api/submissions.js';
import { displayFileName } from '#shared/rules/display-name.js';
import type { Signal } from '#shared/rules/signals.js';
import { reviewFields, submissionFields } from '../common/submission.js';

/** Each preview row with its keys in the sheet's column order (then any others). */
function inColumnOrder(rows: Record<string, unknown>[], columns: string[]): Record<string, unknown>[] {
  return rows.map((row) => {
    const ordered: Record<string, unknown> = {};
    for (const column of columns) if (Object.hasOwn(row, column)) ordered[column] = row[column];
    return Object.assign(ordered, row);
  });
}

/** GET /api/uploads/{id}: the record as the screen reads it (the lists are already capped when stored). */
export function uploadView(record: UploadRecord, signals: Signal[] = []): UploadResponse {
  const errors = record.errors ?? [];
  const warnings = record.warnings ?? [];
  const fraud = record.fraud ?? [];
  return {
    id: record.id,
    status: record.status,
    stage: record.stage,
    doc_kind: record.doc_kind,
    month: record.month,
    payee_key: record.payee_key,
    // Records stored before names were cleaned are cleaned as they are shown.
    file_name: displayFileName(record.file_name),
    created_at: record.created_at,
    headers: record.headers ?? [],
    row_count: record.row_count ?? 0,
    preview: inColumnOrder(record.preview ?? [], record.preview_columns ?? []),
    errors,
    warnings,
    fraud,
    totals: record.totals ?? { errors: errors.length, warnings: warnings.length, fraud: fraud.length },
    submission_id: record.submission_id ?? null,
    signal_counts: record.signal_counts ?? null,
    signal_baseline: record.signal_baseline ?? null,
    register_difference: record.register_difference ?? null,
    signals,
  };
}

export function submissionView(record: SubmissionRecord): SubmissionResponse {
  return {
    ...submissionFields(record),
    ...reviewFields(record),
    ingestion: { status: record.ingestion_status, message: record.ingestion_message ?? null },
    counts: record.counts ?? null,
  };
}
