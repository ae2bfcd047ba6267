import { z } from 'zod';

/**
 * Every API error body: a machine code and a sentence a person can act on; a conflict may add the state
 * the request ran into (`details`), for the screen to show.
 */
export const apiErrorSchema = z.object({ error: z.string(), message: z.string(), details: z.unknown().optional() });
