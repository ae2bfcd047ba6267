import { useCallback, useEffect, useRef, useState } from 'react';
import { callRoute } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { UploadError } from '@/lib/presigned-post';
import { fileFields, useUpload } from '@/lib/use-upload';
import { EVIDENCE_MAX_BYTES, EVIDENCE_MAX_FILES, FRAUD_MESSAGES, evidenceExtension } from '@shared/api/fraud';
import { createFraudAttachmentUpload } from '@shared/routes/fraud';

export interface Attachment {
  id: string;
  file: File;
  status: 'uploading' | 'done' | 'failed';
  /** 0–1 */
  progress: number;
  key?: string;
  error?: string;
}

/** Why a file cannot be attached at all (checked before any upload), or null. */
export function attachmentProblem(file: File): string | null {
  if (!evidenceExtension(file.name)) return `'${file.name}' cannot be attached. ${FRAUD_MESSAGES.fileTypeNotAllowed}`;
  if (file.size === 0) return `'${file.name}' is empty.`;
  if (file.size > EVIDENCE_MAX_BYTES) return `'${file.name}' is too large. ${FRAUD_MESSAGES.fileTooLarge}`;
  return null;
}

/** Storage's refusals a person can act on, in the fraud report form's words. */
function attachmentFailure(error: unknown): string {
  if (error instanceof UploadError && error.code === 'EntityTooLarge') return `Upload failed: ${FRAUD_MESSAGES.fileTooLarge}`;
  if (error instanceof UploadError && error.code === 'AccessDenied' && /expired/i.test(error.message)) {
    return 'Upload failed: the upload link expired. Remove the file and attach it again.';
  }
  return errorMessage(error);
}

/**
 * The report's attachments: each file goes straight to S3 as soon as it is chosen (the staging grant,
 * then the POST), with its own progress. Removing a file, clearing the form or leaving the page cancels
 * its upload; Retry is a new upload. The report can be submitted once every attachment is uploaded.
 */
export function useAttachments() {
  const upload = useUpload(
    (file: File, signal) => callRoute(createFraudAttachmentUpload, { body: fileFields(file), signal }),
    (answer) => ({ file: answer.upload }),
  );
  const [items, setItems] = useState<Attachment[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  const running = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const uploads = running.current;
    return () => uploads.forEach((controller) => controller.abort());
  }, []);

  const update = useCallback((id: string, change: Partial<Attachment>) => setItems((list) => list.map((a) => (a.id === id ? { ...a, ...change } : a))), []);

  const { mutateAsync } = upload;
  const start = useCallback(
    (id: string, file: File) => {
      const controller = new AbortController();
      running.current.set(id, controller);
      mutateAsync({ request: file, files: { file }, signal: controller.signal, onProgress: (p) => p.stage === 'post' && update(id, { progress: p.fraction }) })
        .then(
          (grant) => update(id, { status: 'done', progress: 1, key: grant.key }),
          (error: unknown) => {
            // A removed file's upload was cancelled on purpose: there is no row left to mark.
            if (!controller.signal.aborted) update(id, { status: 'failed', error: attachmentFailure(error) });
          },
        )
        .finally(() => {
          if (running.current.get(id) === controller) running.current.delete(id);
        });
    },
    [mutateAsync, update],
  );

  const add = useCallback(
    (files: File[]) => {
      const problems: string[] = [];
      const accepted: Attachment[] = [];
      for (const file of files) {
        const problem = attachmentProblem(file);
        if (problem) problems.push(problem);
        else if (items.length + accepted.length >= EVIDENCE_MAX_FILES) problems.push(FRAUD_MESSAGES.tooManyFiles);
        else accepted.push({ id: crypto.randomUUID(), file, status: 'uploading', progress: 0 });
      }
      setRejected([...new Set(problems)]);
      setItems((list) => [...list, ...accepted]);
      accepted.forEach((a) => start(a.id, a.file));
    },
    [items.length, start],
  );

  const remove = useCallback((id: string) => {
    running.current.get(id)?.abort();
    setItems((list) => list.filter((a) => a.id !== id));
  }, []);

  const retry = useCallback(
    (id: string) => {
      const item = items.find((a) => a.id === id);
      if (!item) return;
      update(id, { status: 'uploading', progress: 0, error: undefined });
      start(id, item.file);
    },
    [items, start, update],
  );

  const clear = useCallback(() => {
    running.current.forEach((controller) => controller.abort());
    setItems([]);
    setRejected([]);
  }, []);

  return {
    items,
    rejected,
    add,
    remove,
    retry,
    clear,
    uploading: items.some((a) => a.status === 'uploading'),
    failed: items.some((a) => a.status === 'failed'),
    keys: items.flatMap((a) => (a.key ? [a.key] : [])),
  };
}
