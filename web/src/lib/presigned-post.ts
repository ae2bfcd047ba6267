/**
 * The one way the browser sends a file straight to S3: a presigned POST (url + policy fields, the file
 * last), through XMLHttpRequest because fetch reports no upload progress. Features word their own
 * messages from the UploadError's status and S3 code.
 */

/** A POST S3 refused (its HTTP status and XML error code), or one that never reached it (status 0). */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export const CONNECTION_LOST = 'Upload failed: the connection to storage was lost. Check your connection and try again.';

/** S3 answers a refused POST with `<Error><Code>…</Code><Message>…</Message></Error>`. */
export function storageRefusal(status: number, body: string): UploadError {
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? '';
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
  return new UploadError(status, code, `Upload failed: ${message || `storage answered ${status}`}`);
}

export interface PostOptions {
  /** Called as bytes go out, with the fraction sent (0–1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function postToStorage(post: { url: string; fields: Record<string, string> }, file: Blob, { onProgress, signal }: PostOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Upload cancelled.', 'AbortError'));
    const form = new FormData();
    for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', post.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(storageRefusal(xhr.status, xhr.responseText ?? '')));
    xhr.onerror = () => reject(new UploadError(0, 'network_error', CONNECTION_LOST));
    xhr.onabort = () => reject(new DOMException('Upload cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
