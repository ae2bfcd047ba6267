import type { z } from 'zod';
import { logger } from '#lib/powertools.js';

/**
 * How an entity's items are read and written: one zod schema per entity, kept beside its keys. Reading
 * parses (an item that does not hold the record is logged with its key and skipped, so one bad row costs
 * that row, never a whole list); writing builds the item from the record and its keys, refusing a record
 * its own readers would skip. Attributes outside the schema (the keys, index keys) are dropped on read.
 */
export type Item = Record<string, unknown>;

export interface Codec<T, In = T> {
  readonly entity: string;
  /** The record an item holds; null when there is no item, or (logged with its key and issues) when it is malformed. */
  parse(item: Item | null | undefined): T | null;
  /** The records these items hold, malformed items skipped (each logged). */
  parseAll(items: readonly Item[] | null | undefined): T[];
  /** The record of an item that must be there (what a successful update returns): throws when it is missing or malformed. */
  parseExisting(item: Item | null | undefined): T;
  /**
   * The item to store: the record's attributes as given and its keys. The record is the schema's input, so
   * what a reader defaults may be left out; throws when the record would not parse back.
   */
  build(value: In): Item;
}

/** Attributes that name an item in its table and indexes (shared/stores.ts): what the log shows of a malformed one. */
const KEY_NAME = /^(pk|sk|gsi\d+(pk|sk))$/;
const keyOf = (item: Item) => Object.fromEntries(Object.entries(item).filter(([name]) => KEY_NAME.test(name)));
const issuesOf = (error: z.ZodError) => error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

/** A record a writer gives that its readers would not read back, or a stored item that must hold one and does not. */
export class MalformedItemError extends Error {
  constructor(
    readonly entity: string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(`A malformed ${entity}: ${issues.map((i) => `${i.path || '(item)'} ${i.message}`).join('; ')}`);
  }
}

/**
 * The codec of one entity. `keys` gives the key attributes (table and index keys) an item of this
 * record is stored under; build adds them.
 */
export function defineCodec<S extends z.ZodType<Item, Item>>(
  entity: string,
  schema: S,
  keys: (value: z.input<S>) => Item = () => ({}),
): Codec<z.output<S>, z.input<S>> {
  const parse = (item: Item | null | undefined): z.output<S> | null => {
    if (!item) return null;
    const result = schema.safeParse(item);
    if (result.success) return result.data;
    logger.error('Malformed item skipped', { entity, key: keyOf(item), issues: issuesOf(result.error) });
    return null;
  };
  return {
    entity,
    parse,
    parseAll: (items) =>
      (items ?? []).flatMap((item) => {
        const record = parse(item);
        return record === null ? [] : [record];
      }),
    parseExisting: (item) => {
      const record = parse(item);
      if (record === null)
        throw new MalformedItemError(entity, item ? [{ path: '', message: 'does not hold the record (logged)' }] : [{ path: '', message: 'missing' }]);
      return record;
    },
    build: (value) => {
      // The record is stored as given (a default or transform of the schema never rewrites what is written).
      const result = schema.safeParse(value);
      if (!result.success) throw new MalformedItemError(entity, issuesOf(result.error));
      return { ...value, ...keys(value) };
    },
  };
}
