import { useQueries } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
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

/** A chosen file; `attempt` grows with each Retry, so a retry is a new upload. */
interface Picked {
  id: string;
  file: File;
  attempt: number;
}

/**
 * The report's attachments: each file goes straight to S3 as soon as it is chosen, with its own
 * progress. Each upload is a TanStack query keyed by the file and attempt: removing a file, clearing
 * the form or leaving the page cancels its upload. The report can be submitted once every attachment
 * is uploaded.
 */
export function useAttachments() {
  const [picked, setPicked] = useState<Picked[]>([]);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [rejected, setRejected] = useState<string[]>([]);

  const uploads = useQueries({
    queries: picked.map((p) => ({
      queryKey: ['fraud', 'attachment', p.id, p.attempt],
      queryFn: ({ signal }: { signal: AbortSignal }) => uploadAttachment(p.file, (fraction) => setProgress((all) => ({ ...all, [p.id]: fraction })), signal),
      // One upload per attempt: never repeated behind the person's back.
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    })),
  });

  const items: Attachment[] = picked.map((p, i) => {
    const upload = uploads[i];
    if (upload?.isSuccess) return { id: p.id, file: p.file, status: 'done', progress: 1, key: upload.data };
    if (upload?.isError) return { id: p.id, file: p.file, status: 'failed', progress: progress[p.id] ?? 0, error: errorMessage(upload.error) };
    return { id: p.id, file: p.file, status: 'uploading', progress: progress[p.id] ?? 0 };
  });

  const add = useCallback(
    (files: File[]) => {
      const problems: string[] = [];
      const accepted: Picked[] = [];
      for (const file of files) {
        const problem = attachmentProblem(file);
        if (problem) problems.push(problem);
        else if (picked.length + accepted.length >= EVIDENCE_MAX_FILES) problems.push(FRAUD_MESSAGES.tooManyFiles);
        else accepted.push({ id: crypto.randomUUID(), file, attempt: 0 });
      }
      setRejected([...new Set(problems)]);
      setPicked((list) => [...list, ...accepted]);
    },
    [picked.length],
  );

  const remove = useCallback((id: string) => setPicked((list) => list.filter((p) => p.id !== id)), []);

  const retry = useCallback((id: string) => {
    setProgress((all) => ({ ...all, [id]: 0 }));
    setPicked((list) => list.map((p) => (p.id === id ? { ...p, attempt: p.attempt + 1 } : p)));
  }, []);

  const clear = useCallback(() => {
    setPicked([]);
    setProgress({});
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
