/**
 * DynamoDB update and condition expressions built from an entity's record type, never written by hand:
 * a field is one of the record's (the compiler checks its name and its value's type), each name and value
 * gets its placeholder, and only the names an expression uses are sent (DynamoDB refuses the others).
 *
 *   const when = conditionsOf<UploadRecord>();
 *   updateOf({ status: 'validating', etag }, when.or(when.is('status', 'awaiting_file'), when.is('etag', etag)))
 *   updateOf<RateWindow>({ count: change.add(1), expires_at: change.ifMissing(at) }, when.atMost('count', most))
 *
 * A field is a top-level attribute of the record, or one attribute of a map attribute (`value.org_id`); an
 * update may also move the item's index keys (`gsi1pk`…), which live beside the record, not in it.
 */
/** A top-level attribute of T. */
type Attribute<T> = keyof T & string;
/** `map.field` for each attribute of each (non-list) map attribute of T. */
type MapField<T> = {
  [K in Attribute<T>]: NonNullable<T[K]> extends readonly unknown[] ? never : NonNullable<T[K]> extends object ? `${K}.${Attribute<NonNullable<T[K]>>}` : never;
}[Attribute<T>];
type Path<T> = Attribute<T> | MapField<T>;
/** The value type at a path of T. */
type At<T, P extends string> = P extends Attribute<T> ? T[P] : P extends `${infer K}.${infer R}` ? (K extends Attribute<T> ? (R extends Attribute<NonNullable<T[K]>> ? NonNullable<T[K]>[R] : never) : never) : never;
/** An item's index keys (shared/stores.ts): set by an update that moves the item in an index. */
type IndexKey = `gsi${number}${'pk' | 'sk'}`;

type Comparison = '=' | '<>' | '<' | '<=' | '>' | '>=';
export type Condition<T> =
  | { op: Comparison; field: Path<T>; value: unknown }
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
    exists: (field: Path<T> | 'pk'): Condition<T> => ({ op: 'exists', field }),
    missing: (field: Path<T> | 'pk'): Condition<T> => ({ op: 'missing', field }),
    not: (part: Condition<T>): Condition<T> => ({ op: 'not', part }),
    and: (...parts: Condition<T>[]): Condition<T> => ({ op: 'and', parts }),
    or: (...parts: Condition<T>[]): Condition<T> => ({ op: 'or', parts }),
  };
}

/** A change to one field other than setting its value; `V` is the field type it fits. */
class FieldChange<V> {
  declare readonly fits: V;
  constructor(
    readonly kind: 'add' | 'subtract' | 'ifMissing' | 'remove',
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
  /** REMOVE: only an optional field may be removed. */
  remove: () => new FieldChange<undefined>('remove'),
};

/** What an update writes: a value (undefined: left alone) or a change, per field (and the index keys, unless any name is a field). */
export type Updates<T> = { [K in Attribute<T>]?: T[K] | FieldChange<T[K]> } & (string extends keyof T ? unknown : { [K in IndexKey]?: string });

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

/** Placeholders for the names and values one request's expressions use. */
function placeholders() {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const name = (attribute: string) => {
    const base = `#${attribute.replace(/\W/g, '_')}`;
    let placeholder = base;
    for (let i = 1; placeholder in names && names[placeholder] !== attribute; i++) placeholder = `${base}_${i}`;
    names[placeholder] = attribute;
    return placeholder;
  };
  /** A path's placeholder: each of its attributes named apart (`#value.#org_id`). */
  const path = (field: string) => field.split('.').map(name).join('.');
  const value = (v: unknown) => {
    const placeholder = `:v${Object.keys(values).length}`;
    values[placeholder] = v;
    return placeholder;
  };
  const render = <T>(c: Condition<T>): string => {
    switch (c.op) {
      case 'in':
        return `${path(c.field)} IN (${c.values.map(value).join(', ')})`;
      case 'exists':
        return `attribute_exists(${path(c.field)})`;
      case 'missing':
        return `attribute_not_exists(${path(c.field)})`;
      case 'not':
        return `NOT (${render(c.part)})`;
      case 'and':
      case 'or':
        return c.parts.map((part) => (part.op === 'and' || part.op === 'or' ? `(${render(part)})` : render(part))).join(` ${c.op.toUpperCase()} `);
      default:
        return `${path(c.field)} ${c.op} ${value(c.value)}`;
    }
  };
  const done = () => ({
    ExpressionAttributeNames: names,
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  });
  return { path, value, render, done };
}

/** A condition alone (a Put's, a Delete's, a ConditionCheck's). */
export function conditionOf<T>(condition: Condition<T>): ConditionExpressions {
  const p = placeholders();
  const ConditionExpression = p.render(condition);
  return { ConditionExpression, ...p.done() };
}

/** The update of every defined field of `updates` (SET, ADD, REMOVE as each asks), on the condition given if any. */
export function updateOf<T>(updates: NoInfer<Updates<T>>, condition?: Condition<T>): UpdateExpressions {
  const p = placeholders();
  const clauses = { SET: [] as string[], ADD: [] as string[], REMOVE: [] as string[] };
  for (const [field, u] of Object.entries(updates as Record<string, unknown>)) {
    if (u === undefined) continue;
    const name = p.path(field);
    if (!(u instanceof FieldChange)) clauses.SET.push(`${name} = ${p.value(u)}`);
    else if (u.kind === 'add') clauses.ADD.push(`${name} ${p.value(u.value)}`);
    else if (u.kind === 'subtract') clauses.SET.push(`${name} = ${name} - ${p.value(u.value)}`);
    else if (u.kind === 'ifMissing') clauses.SET.push(`${name} = if_not_exists(${name}, ${p.value(u.value)})`);
    else clauses.REMOVE.push(name);
  }
  const UpdateExpression = Object.entries(clauses)
    .filter(([, parts]) => parts.length > 0)
    .map(([clause, parts]) => `${clause} ${parts.join(', ')}`)
    .join(' ');
  if (!UpdateExpression) throw new Error('An update sets at least one field.');
  return { UpdateExpression, ...(condition ? { ConditionExpression: p.render(condition) } : {}), ...p.done() };
}
