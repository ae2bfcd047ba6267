import type { SignalsViewProps } from '@/components/ui/signals-view';
import type { RegisterDifferenceView } from '@shared/api/register';
import { ISSUE_LIST_LIMIT, type UploadResponse } from '@shared/api/submissions';
import type { Issue } from '@shared/rules/issues';
import type { ClientCheckResult } from '../worker/client-checks';

/** What the panels show: the server's result once it has one (the authority, with fraud flags), else the browser's. */
export interface ValidationView {
  source: 'server' | 'client';
  headers: string[];
  rowCount: number;
  preview: Record<string, unknown>[];
  errors: Issue[];
  warnings: Issue[];
  fraud: Issue[];
  totals: { errors: number; warnings: number; fraud: number };
  /** Warnings about the check itself, e.g. 'Server validation unavailable: …'. */
  notes: string[];
  /** The deduction signals: the server's only, once it has them. */
  signals: SignalsViewProps | null;
  /** A payroll register's difference from the current register: the server's only. */
  registerDifference: RegisterDifferenceView | null;
}

export function fromServer(upload: UploadResponse): ValidationView {
  return {
    source: 'server',
    headers: upload.headers,
    rowCount: upload.row_count,
    preview: upload.preview,
    errors: upload.errors,
    warnings: upload.warnings,
    fraud: upload.fraud,
    totals: upload.totals,
    notes: [],
    signals: upload.signal_counts
      ? { uploadId: upload.id, payeeKey: upload.payee_key, counts: upload.signal_counts, baseline: upload.signal_baseline, head: upload.signals }
      : null,
    registerDifference: upload.register_difference,
  };
}

export function fromClient(result: ClientCheckResult, notes: string[] = []): ValidationView {
  return {
    source: 'client',
    headers: result.headers,
    rowCount: result.row_count,
    preview: result.preview,
    errors: result.errors.slice(0, ISSUE_LIST_LIMIT),
    warnings: result.warnings.slice(0, ISSUE_LIST_LIMIT),
    fraud: [],
    totals: { errors: result.errors.length, warnings: result.warnings.length, fraud: 0 },
    notes,
    signals: null,
    registerDifference: null,
  };
}

/** Spec §2: Download CSV report is enabled when any preview, errors, warnings or fraud flags exist. */
export function hasReportContent(view: ValidationView | null): boolean {
  if (!view) return false;
  return view.preview.length > 0 || view.totals.errors > 0 || view.totals.warnings > 0 || view.totals.fraud > 0 || view.notes.length > 0;
}
