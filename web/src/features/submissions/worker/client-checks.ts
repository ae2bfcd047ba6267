import type { Issue } from '@shared/rules/issues';
import type { SubmissionKind } from '@shared/rules/submission-rules';

export interface ClientCheckRequest {
  data: ArrayBuffer;
  kind: SubmissionKind;
  month: string;
  payeeKey: string;
}

export interface ClientCheckResult {
  headers: string[];
  row_count: number;
  preview: Record<string, unknown>[];
  errors: Issue[];
  warnings: Issue[];
}

export type ClientCheckResponse = { ok: true; result: ClientCheckResult } | { ok: false; message: string };

export interface ClientCheckRun {
  result: Promise<ClientCheckResult>;
  /** Stops the worker (the file or the form changed). */
  cancel: () => void;
}

/** Runs the client checks in a Web Worker of their own; the buffer is handed over, not copied. */
export function runClientChecks(request: ClientCheckRequest): ClientCheckRun {
  const worker = new Worker(new URL('./client-checks.worker.ts', import.meta.url), { type: 'module' });
  const result = new Promise<ClientCheckResult>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<ClientCheckResponse>) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data.result);
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The file could not be checked in the browser.'));
    };
  });
  worker.postMessage(request, [request.data]);
  return { result, cancel: () => worker.terminate() };
}
