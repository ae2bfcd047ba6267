import type { z, ZodType } from 'zod';
import type { apiErrorSchema } from '#shared/api/errors.js';
import type { RouteDef } from '#shared/routes/define.js';

/**
 * What a handler may answer, held to its route by the compiler. Nothing checks an answer at run
 * time: that would cost every request what the type check and the tests already prove.
 */

/** The body a route answers with: what its response schema reads (`z.input`: the JSON before the client's parse). */
export type RouteAnswer<R extends RouteDef> = R extends { response: infer S extends ZodType } ? z.input<S> : never;

/** The body of every refusal (shared/api/errors.ts), with the state it ran into where there is one. */
export type ApiErrorBody = z.input<typeof apiErrorSchema>;

/** An answer with a status of its own (201, 503, ...): the route's body or an error body. */
export interface StatusResult<R extends RouteDef> {
  statusCode: number;
  body?: RouteAnswer<R> | ApiErrorBody;
  headers?: Record<string, string>;
}

/** A body (200) or a status with a body. */
export type HandlerResult<R extends RouteDef> = RouteAnswer<R> | StatusResult<R>;

type KeysOf<S> = S extends unknown ? keyof S : never;
type FieldOf<S, K extends PropertyKey> = S extends unknown ? (K extends keyof S ? S[K] : never) : never;

/**
 * The paths of the fields of `T` that `S` has no place for ('.items[].note'), at any depth, and of
 * values typed `any` (' (any)'); never when there is none. Assignability alone lets a value carry
 * fields its type does not name, so a handler could answer a field its route does not declare. A
 * field that is always undefined is never sent.
 */
type ExtraPaths<T, S, P extends string = ''> = unknown extends S
  ? never
  : 0 extends 1 & T
    ? `${P} (any)`
    : T extends readonly (infer E)[]
      ? ExtraPaths<E, Extract<S, readonly unknown[]>[number], `${P}[]`>
      : T extends object
        ? {
            [K in keyof T & string]-?: K extends KeysOf<Extract<S, object>>
              ? ExtraPaths<T[K], FieldOf<Extract<S, object>, K>, `${P}.${K}`>
              : [T[K]] extends [undefined]
                ? never
                : `${P}.${K}`;
          }[keyof T & string]
        : never;

type AnswerExtras<T, R extends RouteDef> = T extends { statusCode: number } ? ExtraPaths<T, StatusResult<R>> : ExtraPaths<T, RouteAnswer<R>>;

/**
 * Refuses a domain function whose answer carries a field outside its route's response schema: the
 * compiler then names the fields (`fieldsOutsideTheResponseSchema: ".secret"`).
 */
export type ExactAnswer<F extends (...args: never[]) => unknown, R extends RouteDef> = [AnswerExtras<Awaited<ReturnType<F>>, R>] extends [never]
  ? unknown
  : { fieldsOutsideTheResponseSchema: AnswerExtras<Awaited<ReturnType<F>>, R> };
