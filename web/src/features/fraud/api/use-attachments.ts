import { useCallback, useEffect, useRef, useState } from 'react';
import { EVIDENCE_MAX_BYTES, EVIDENCE_MAX_FILES, FRAUD_MESSAGES, evidenceExtension } from '@shared/api/fraud';
import { errorMessage } from '@/lib/errors';
import { uploadAttachment } from './upload-attachment';

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

/**
 * The report's attachments: each file goes straight to S3 as soon as it is chosen, with its own
 * progress. The report can be submitted once every attachment is uploaded.
 */
export function useAttachments() {
  const [items, setItems] = useState<Attachment[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => () => controllers.current.forEach((c) => c.abort()), []);

  const patch = (id: string, change: Partial<Attachment>) => setItems((list) => list.map((a) => (a.id === id ? { ...a, ...change } : a)));

  const start = useCallback((attachment: Attachment) => {
    const controller = new AbortController();
    controllers.current.set(attachment.id, controller);
    patch(attachment.id, { status: 'uploading', progress: 0, error: undefined });
    uploadAttachment(attachment.file, (progress) => patch(attachment.id, { progress }), controller.signal).then(
      (key) => patch(attachment.id, { status: 'done', progress: 1, key }),
      (error: unknown) => {
        if (!controller.signal.aborted) patch(attachment.id, { status: 'failed', error: errorMessage(error) });
      },
    );
  }, []);

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
      accepted.forEach(start);
    },
    [items.length, start],
  );

  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    setItems((list) => list.filter((a) => a.id !== id));
  }, []);

  const retry = useCallback((id: string) => {
    const item = items.find((a) => a.id === id);
    if (item) start(item);
  }, [items, start]);

  const clear = useCallback(() => {
    controllers.current.forEach((c) => c.abort());
    controllers.current.clear();
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
