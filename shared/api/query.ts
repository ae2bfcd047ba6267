import { z } from 'zod';

/** Refuses a query-string or path value with a sentence a person can act on and the API's error code. */
export type Refuse = (message: string, code: string) => never;

/**
 * A query-string (or path) field read by a small function that either answers its value or refuses
 * it. The refusal becomes the schema issue the handler chain answers with: 400, the sentence, the code.
 */
export function queryValue<T>(read: (raw: string | undefined, refuse: Refuse) => T) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const refused = Symbol('refused');
      try {
        return read(raw, (message, code) => {
          ctx.addIssue({ code: 'custom', message, params: { code }, input: raw });
          throw refused;
        });
      } catch (error) {
        if (error === refused) return z.NEVER;
        throw error;
      }
    });
}

/** Free text of a query string, absent as ''. */
export const queryText = z.string().optional();
