import { z } from 'zod';

/** Every API error body: a machine code and a sentence a person can act on. */
export const apiErrorSchema = z.object({ error: z.string(), message: z.string() });
