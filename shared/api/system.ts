import { z } from 'zod';

export const healthResponseSchema = z.object({
  ok: z.literal(true),
  checks: z.record(z.string(), z.literal('ok')),
});
