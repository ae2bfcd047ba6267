import { issuesCsv, type IssueReport } from '@shared/rules/csv';
import { getUploadReport } from '../api/uploads';
import type { ClientCheckResult } from '../worker/client-checks';
import type { ValidationView } from './validation-view';

/** Opens a download (a link the server signed, or a blob made here) without leaving the page. */
export function startDownload(href: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/** The CSV report made in the browser from its own lists (formula-looking cells neutralised). */
export function downloadIssuesCsv(report: IssueReport, fileName: string): void {
  // A BOM so that Excel reads the dashes and accents of the messages as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', issuesCsv(report)], { type: 'text/csv;charset=utf-8' }));
  startDownload(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'March inputs.xlsx' → 'March inputs-report.csv'. */
export function reportFileName(fileName: string): string {
  return `${fileName.replace(/\.[^.]*$/, '') || 'validation'}-report.csv`;
}

/** The server's full report for this upload when there is one; otherwise the lists this page holds. */
export async function downloadValidationReport(input: {
  uploadId: string | null;
  fileName: string;
  validation: ValidationView | null;
  clientResult: ClientCheckResult | null;
}): Promise<void> {
  const { uploadId, validation, clientResult } = input;
  if (uploadId) {
    try {
      const link = await getUploadReport(uploadId);
      return startDownload(link.url, link.file_name);
    } catch {
      // Fall back to the lists this page holds.
    }
  }
  downloadIssuesCsv(
    {
      errors: clientResult?.errors ?? validation?.errors ?? [],
      warnings: clientResult?.warnings ?? validation?.warnings ?? [],
      fraud: validation?.fraud ?? [],
    },
    reportFileName(input.fileName),
  );
}
