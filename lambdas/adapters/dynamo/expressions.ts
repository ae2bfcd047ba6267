/**
 * DynamoDB update and condition expressions built from an entity's record type, never written by hand: the
 * one way to write them. A field is one of the record's (the compiler checks its name and its value's type),
 * each name and value gets its placeholder (./placeholders.ts), and only the names an expression uses are sent.
 *
 *   const when = conditionsOf<UploadRecord>();
 *   updateOf({ status: 'validating', etag }, when.or(when.is('status', 'awaiting_file'), when.is('etag', etag)))
 *   updateOf<RateWindow>({ count: change.add(1), expires_at: change.ifMissing(at) }, when.atMost('count', most))
 *   updateOf<Digest>({ nrcs: change.addMembers(new Set([nrc])) }, when.not(when.contains('nrcs', nrc)))
 *
 * A field is a top-level attribute of the record, or one attribute of a map attribute (`value.org_id`, in a
 * condition or as an update's key: the map must be there); an update may also move the item's index keys
 * (`gsi1pk`…), which live beside the record, not in it. Names chosen at run time that may hold a dot are
 * taken whole with `{ wholeNames: true }`.
 */
import { Placeholders } from './placeholders.js';

/** A top-level attribute of T. */
type Attribute<T> = keyof T & string;
/** Whether T names its attributes one by one (not by a pattern such as `m_${string}`, whose names may hold a dot). */
type Named<T> = Record<never, never> extends Record<keyof T, 1> ? false : true;
/** `map.field` for each attribute of each (non-list, non-set) map attribute of a T that names its attributes. */
type MapField<T> =
  Named<T> extends false
    ? never
    : {
        [K in Attribute<T>]: NonNullable<T[K]> extends readonly unknown[] | ReadonlySet<unknown>
          ? never
          : NonNullable<T[K]> extends object
            ? `${K}.${Attribute<NonNullable<T[K]>>}`
            : never;
      }[Attribute<T>];
export type Path<T> = Attribute<T> | MapField<T>;
/** The value type at a path of T. */
type At<T, P extends string> =
  P extends Attribute<T>
    ? T[P]
    : P extends `${infer K}.${infer R}`
      ? K extends Attribute<T>
        ? R extends Attribute<NonNullable<T[K]>>
          ? NonNullable<T[K]>[R]
          : never
        : never
      : never;
/** What `contains` looks for in a field: a member of its set or list (or a part of its string). */
type Member<V> = NonNullable<V> extends ReadonlySet<infer E> ? E : NonNullable<V> extends readonly (infer E)[] ? E : NonNullable<V>;
/** An item's index keys (shared/stores.ts): set by an update that moves the item in an index. */
type IndexKey = `gsi${number}${'pk' | 'sk'}`;

type Comparison = '=' | '<>' | '<' | '<=' | '>' | '>=';
export type Condition<T> =
  | { op: Comparison | 'contains' | 'beginsWith'; field: Path<T>; value: unknown }
  | { op: 'in'; field: Path<T>; values: readonly unknown[] }
  | { op: 'exists' | 'missing'; field: Path<T> | 'pk' }
  | { op: 'not'; part: Condition<T> }
  | { op: 'and' | 'or'; parts: readonly Condition<T>[] };

/** The conditions on one entity's fields (`pk` for the item itself: "it exists"). */
export function conditionsOf<T>() {
  const compare =
    (op: Comparison) =>
    <P extends Path<T>>(field: P, value: At<T, P>): Condition<T> => ({ op, field, value });
  return {
    is: compare('='),
    isNot: compare('<>'),
    below: compare('<'),
    atMost: compare('<='),
    above: compare('>'),
    atLeast: compare('>='),
    isIn: <P extends Path<T>>(field: P, values: readonly At<T, P>[]): Condition<T> => ({ op: 'in', field, values }),
    /** A member of a set or list field (or a part of a string field). */
    contains: <P extends Path<T>>(field: P, member: Member<At<T, P>>): Condition<T> => ({ op: 'contains', field, value: member }),
    /** A string field that starts with `prefix`. */
    beginsWith: (field: Path<T>, prefix: string): Condition<T> => ({ op: 'beginsWith', field, value: prefix }),
    exists: (field: Path<T> | 'pk'): Condition<T> => ({ op: 'exists', field }),
    missing: (field: Path<T> | 'pk'): Condition<T> => ({ op: 'missing', field }),
    not: (part: Condition<T>): Condition<T> => ({ op: 'not', part }),
    and: (...parts: Condition<T>[]): Condition<T> => ({ op: 'and', parts }),
    or: (...parts: Condition<T>[]): Condition<T> => ({ op: 'or', parts }),
  };
}

type Kind = 'add' | 'subtract' | 'ifMissing' | 'append' | 'addMembers' | 'deleteMembers' | 'remove';
/** A change to one field other than setting its value; `V` is the field type it fits. */
class FieldChange<V> {
  declare readonly fits: V;
  constructor(
    readonly kind: Kind,
    readonly value?: unknown,
  ) {}
}
/** The changes an update makes besides setting a value (`{ field: value }`). */
export const change = {
  /** ADD: a counter grows (or shrinks, by a negative); a missing counter counts from 0. */
  add: (n: number) => new FieldChange<number>('add', n),
  /** SET field = field - n: the field must be there (a condition on it says so). */
  subtract: (n: number) => new FieldChange<number>('subtract', n),
  /** SET field = if_not_exists(field, value): the first write's value stays. */
  ifMissing: <V>(value: V) => new FieldChange<V>('ifMissing', value),
  /** SET field = list_append(if_not_exists(field, []), list): the list grows by these, from none. */
  append: <E>(list: readonly E[]) => new FieldChange<E[]>('append', list),
  /** ADD members to a set field (made when missing). */
  addMembers: <E>(members: ReadonlySet<E>) => new FieldChange<Set<E>>('addMembers', members),
  /** DELETE members from a set field. */
  deleteMembers: <E>(members: ReadonlySet<E>) => new FieldChange<Set<E>>('deleteMembers', members),
  /** REMOVE: only an optional field may be removed. */
  remove: () => new FieldChange<undefined>('remove'),
};

type Write<V> = V | FieldChange<V>;
/** What an update writes: a value (undefined: left alone) or a change, per field or map member (and the index keys, when T names its attributes). */
export type Updates<T> = { [K in Attribute<T>]?: Write<T[K]> } & { [P in MapField<T>]?: Write<At<T, P>> } & (Named<T> extends true
    ? { [K in IndexKey]?: string }
    : unknown);

export interface ConditionExpressions {
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  /** Absent when the expressions use no value (DynamoDB refuses an empty map). */
  ExpressionAttributeValues?: Record<string, unknown>;
}
export interface UpdateExpressions {
  UpdateExpression: string;
  /** Absent for an unconditional update. */
  ConditionExpression?: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/** A condition alone (a Put's, a Delete's, a ConditionCheck's). */
export function conditionOf<T>(condition: Condition<T>): ConditionExpressions {
  const p = new Placeholders();
  return p.done({ ConditionExpression: p.render(condition) });
}

/**
 * The update of every defined field of `updates` (SET, REMOVE, ADD, DELETE as each asks), on the condition
 * given if any. `wholeNames`: the update's keys are attribute names chosen at run time, a dot in one is its own.
 */
export function updateOf<T>(updates: NoInfer<Updates<T>>, condition?: Condition<T>, options?: { wholeNames?: boolean }): UpdateExpressions {
  const p = new Placeholders();
  const clauses = { SET: [] as string[], REMOVE: [] as string[], ADD: [] as string[], DELETE: [] as string[] };
  for (const [field, u] of Object.entries(updates as Record<string, unknown>)) {
    if (u === undefined) continue;
    const name = options?.wholeNames ? p.name(field) : p.path(field);
    if (!(u instanceof FieldChange)) clauses.SET.push(`${name} = ${p.value(u)}`);
    else if (u.kind === 'add' || u.kind === 'addMembers') clauses.ADD.push(`${name} ${p.value(u.value)}`);
    else if (u.kind === 'deleteMembers') clauses.DELETE.push(`${name} ${p.value(u.value)}`);
    else if (u.kind === 'subtract') clauses.SET.push(`${name} = ${name} - ${p.value(u.value)}`);
    else if (u.kind === 'ifMissing') clauses.SET.push(`${name} = if_not_exists(${name}, ${p.value(u.value)})`);
    else if (u.kind === 'append') clauses.SET.push(`${name} = list_append(if_not_exists(${name}, ${p.value([])}), ${p.value(u.value)})`);
    else clauses.REMOVE.push(name);
  }
  let UpdateExpression = '';
  for (const [clause, parts] of Object.entries(clauses)) if (parts.length) UpdateExpression += `${UpdateExpression && ' '}${clause} ${parts.join(', ')}`;
  if (!UpdateExpression) throw new Error('An update sets at least one field.');
  return p.done(condition ? { UpdateExpression, ConditionExpression: p.render(condition) } : { UpdateExpression });
}
