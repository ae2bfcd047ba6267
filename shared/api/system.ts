import { z } from 'zod';

export const healthResponseSchema = z.object({
  ok: z.literal(true),
  checks: z.record(z.string(), z.literal('ok')),
});

/** The runtime configuration served as /config.json beside the SPA. */
export const runtimeConfigSchema = z.object({
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  userPoolEndpoint: z.string().optional(),
  apiUrl: z.string(),
  outboxUrl: z.string().optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
