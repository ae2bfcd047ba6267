import { z } from 'zod';

/** A presigned POST as every upload route answers it: the URL and the policy fields to send before the file. */
export const presignedPostSchema = z.object({ url: z.string(), fields: z.record(z.string(), z.string()) });
export type PresignedPost = z.infer<typeof presignedPostSchema>;
