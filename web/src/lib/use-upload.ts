import { useMutation } from '@tanstack/react-query';
import type { PresignedPost } from '@shared/api/presigned-post';
import { postToStorage } from './presigned-post';

/*
 * Every file the browser sends goes the same way: ask the route that grants uploads for presigned POSTs,
 * then send each file straight to storage with its POST (lib/presigned-post.ts). One shape for every
 * grant route: the hook is given how to ask for the grant and where its answer holds each file's POST
 * (`{ file: answer.upload }` for a route told about one file, `answer.uploads` for the access request's
 * named documents); each upload is given the grant's request and the files by the same names.
 */

/** Where an upload is: asking for the grant, or sending one file of `total` (`fraction` of it sent). */
export type UploadProgress = { stage: 'grant' } | { stage: 'post'; name: string; index: number; total: number; fraction: number };

/** What a grant route for one file is told about it: its name, size and type. */
export const fileFields = (file: File) => ({ file_name: file.name, size: file.size, content_type: file.type || undefined });

/** One upload: the grant's request, the files to post by name, and what follows it. */
export interface UploadVariables<V, A> {
  request: V;
  /** Each file under the name the grant's answer gives its POST (a file left undefined is skipped). */
  files: Partial<Record<string, File>>;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** The grant's answer, as soon as it comes: what it created stays even when a file then fails. */
  onGrant?: (answer: A) => void;
}

/** Asks for the grant, then posts each file with its POST; resolves with the grant's answer (an upload's id, a staged key). */
async function upload<V, A>(grant: Grant<V, A>, postsOf: PostsOf<A>, variables: UploadVariables<V, A>): Promise<A> {
  const { signal, onProgress } = variables;
  onProgress?.({ stage: 'grant' });
  const answer = await grant(variables.request, signal);
  variables.onGrant?.(answer);
  const posts = postsOf(answer);
  const named = Object.entries(variables.files).filter((entry): entry is [string, File] => entry[1] !== undefined);
  for (const [index, [name, file]] of named.entries()) {
    const post = posts[name];
    if (!post) throw new Error(`The server gave no upload link for ${file.name}.`);
    const report = (fraction: number) => onProgress?.({ stage: 'post', name, index, total: named.length, fraction });
    report(0);
    await postToStorage(post, file, { onProgress: report, signal });
    report(1);
  }
  return answer;
}

/** Asks the grant route (`callRoute(route, { body, signal })`) with the upload's request. */
type Grant<V, A> = (request: V, signal: AbortSignal | undefined) => Promise<A>;
/** The presigned POSTs in the grant's answer, by the name of the file each is for. */
type PostsOf<A> = (answer: A) => Partial<Record<string, PresignedPost>>;

/**
 * The uploads through one grant route, as a TanStack mutation: its state holds the last upload's error;
 * progress goes to each call's `onProgress`. Calls may run side by side (one per attachment), each
 * cancelled by its own `signal`.
 */
export function useUpload<V, A>(grant: Grant<V, A>, postsOf: PostsOf<A>) {
  return useMutation({ mutationFn: (variables: UploadVariables<V, A>) => upload(grant, postsOf, variables) });
}
