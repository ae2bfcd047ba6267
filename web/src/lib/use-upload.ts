import { useMutation } from '@tanstack/react-query';
import type { PresignedPost } from '@shared/api/presigned-post';
import { type CallRouteArgs, type ClientRoute, type ParamsOption, type RouteRequest, type RouteResponse, callRoute } from './api-client';
import { postToStorage } from './presigned-post';

/*
 * Every file the browser sends goes the same way: ask the route that grants uploads for a presigned
 * POST, then send the file straight to storage with it (lib/presigned-post.ts). A grant route answers
 * either one POST for the file it was told about (`upload`), or one POST per named file (`uploads`:
 * the access request's documents).
 */

/** Where an upload is: asking for the grant, or sending one file of `total` (`fraction` of it sent). */
export type UploadProgress = { stage: 'grant' } | { stage: 'post'; name: string; index: number; total: number; fraction: number };

/** The fields a single-file grant route reads from the file itself. */
type FileFields = 'file_name' | 'size' | 'content_type';
type NamedPosts = { uploads: Partial<Record<string, PresignedPost>> };
type GrantRoute = ClientRoute & { response: NonNullable<ClientRoute['response']> };

type Common<R extends GrantRoute> = ParamsOption<R> & {
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** The grant's answer, as soon as it comes: what it created stays even when a file then fails. */
  onGrant?: (answer: RouteResponse<R>) => void;
};
/** The rest of the request besides the file's own fields: optional when there is none. */
type Rest<R extends GrantRoute> = Omit<RouteRequest<R>, FileFields>;
type OneFile<R extends GrantRoute> = { file: File } & (Record<string, never> extends Rest<R> ? { body?: Rest<R> } : { body: Rest<R> });
type NamedFiles<R extends GrantRoute> = { body: RouteRequest<R>; files: Partial<Record<keyof (RouteResponse<R> & NamedPosts)['uploads'] & string, File>> };

/** What one upload is given: the file (the route is told its name, size and type) or the named files, and the rest of the grant's request. */
export type UploadVariables<R extends GrantRoute> = Common<R> & (RouteResponse<R> extends NamedPosts ? NamedFiles<R> : OneFile<R>);

/** Asks `route` for the grant, then posts each file with it; resolves with the grant's answer (an upload's id, a staged key). */
async function upload<R extends GrantRoute>(route: R, variables: UploadVariables<R>): Promise<RouteResponse<R>> {
  const { signal, onProgress } = variables;
  const params = (variables as { params?: Record<string, string> }).params;
  const one = 'file' in variables ? (variables as OneFile<R>) : null;
  const body = one ? { ...one.body, file_name: one.file.name, size: one.file.size, content_type: one.file.type || undefined } : (variables as NamedFiles<R>).body;
  onProgress?.({ stage: 'grant' });
  const answer = await callRoute(route, ...([{ params, body, signal }] as CallRouteArgs<R>));
  variables.onGrant?.(answer);
  const posts = one ? { file: (answer as { upload: PresignedPost }).upload } : (answer as NamedPosts).uploads;
  const files = one ? { file: one.file } : ((variables as NamedFiles<R>).files as Record<string, File | undefined>);
  const named = Object.entries(files).filter((entry): entry is [string, File] => entry[1] !== undefined);
  for (const [index, [name, file]] of named.entries()) {
    const post = posts[name];
    if (!post) throw new Error(`The server gave no upload link for ${file.name}.`);
    const report = (fraction: number) => onProgress?.({ stage: 'post', name, index, total: named.length, fraction });
    report(0);
    await postToStorage(post, file, { onProgress: report, signal });
    report(1);
  }
  return answer as RouteResponse<R>;
}

/**
 * The upload of a file (or of named files) through `grantRoute`, as a TanStack mutation: its state
 * holds the last upload's error; progress goes to each call's `onProgress`. Calls may run side by side
 * (one per attachment), each cancelled by its own `signal`.
 */
export function useUpload<R extends GrantRoute>(grantRoute: R) {
  return useMutation({ mutationFn: (variables: UploadVariables<R>) => upload(grantRoute, variables) });
}
