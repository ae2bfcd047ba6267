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

// ── operations added for registry/register/mandates/ingestion/history ──

type Field<T> = (keyof T & string) | 'pk';
/** What `contains` looks for in a field: a member of its set or list, or a part of its string. */
type Member<V> = NonNullable<V> extends ReadonlySet<infer E> ? E : NonNullable<V> extends readonly (infer E)[] ? E : NonNullable<V>;

/** A condition on one entity's fields: comparisons, `contains` and NOT besides equality and existence. */
export type Check<T> =
  | { op: '=' | '<>' | '<' | '<=' | '>' | '>='; field: Field<T>; value: unknown }
  | { op: 'contains'; field: Field<T>; value: unknown }
  | { op: 'exists' | 'missing'; field: Field<T> }
  | { op: 'not'; part: Check<T> }
  | { op: 'and' | 'or'; parts: readonly Check<T>[] };

/** The checks on one entity's fields (`pk` for the item itself: "it exists"). */
export function checksOf<T>() {
  const compare =
    (op: '=' | '<>' | '<' | '<=' | '>' | '>=') =>
    <K extends keyof T & string>(field: K, value: T[K]): Check<T> => ({ op, field, value });
  return {
    is: compare('='),
    isNot: compare('<>'),
    lt: compare('<'),
    le: compare('<='),
    gt: compare('>'),
    ge: compare('>='),
    contains: <K extends keyof T & string>(field: K, member: Member<T[K]>): Check<T> => ({ op: 'contains', field, value: member }),
    exists: (field: Field<T>): Check<T> => ({ op: 'exists', field }),
    missing: (field: Field<T>): Check<T> => ({ op: 'missing', field }),
    not: (part: Check<T>): Check<T> => ({ op: 'not', part }),
    and: (...parts: Check<T>[]): Check<T> => ({ op: 'and', parts }),
    or: (...parts: Check<T>[]): Check<T> => ({ op: 'or', parts }),
  };
}

/**
 * What one UpdateItem does to an entity's fields, clause by clause:
 * - set: `f = v`; setIfAbsent: `f = if_not_exists(f, v)` (kept when there); append: `f = list_append(if_not_exists(f, []), v)`;
 * - within: `f.k = v` for members of a map field (the map must be there);
 * - add: `ADD f v` (a number added, or members added to a set); delete: `DELETE f v` (members taken from a set);
 * - remove: `REMOVE f`.
 */
export interface Change<T> {
  set?: Partial<T>;
  setIfAbsent?: Partial<T>;
  append?: Partial<T>;
  within?: { [K in keyof T]?: Partial<NonNullable<T[K]>> };
  add?: Partial<T>;
  delete?: Partial<T>;
  remove?: readonly (keyof T & string)[];
}

export interface ChangeExpressions {
  UpdateExpression: string;
  /** Absent when the change is unconditional. */
  ConditionExpression?: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

const WORD = /^\w+$/;
const NOT_WORD = /\W/g;
const isGroup = <T>(c: Check<T>) => c.op === 'and' || c.op === 'or';

/**
 * Placeholders for any attribute name (two names that read alike once cleaned get distinct placeholders)
 * and every value. Methods, not closures: the history's summary writes build one per item.
 */
class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly byField = new Map<string, string>();
  private count = 0;

  name(field: string): string {
    let placeholder = this.byField.get(field);
    if (placeholder) return placeholder;
    const base = WORD.test(field) ? `#${field}` : `#${field.replace(NOT_WORD, '_')}`;
    placeholder = base;
    for (let n = 1; placeholder in this.names; n++) placeholder = `${base}_${n}`;
    this.names[placeholder] = field;
    this.byField.set(field, placeholder);
    return placeholder;
  }

  value(v: unknown): string {
    const placeholder = `:v${this.count++}`;
    this.values[placeholder] = v;
    return placeholder;
  }

  render<T>(c: Check<T>): string {
    switch (c.op) {
      case 'exists':
        return `attribute_exists(${this.name(c.field)})`;
      case 'missing':
        return `attribute_not_exists(${this.name(c.field)})`;
      case 'contains':
        return `contains(${this.name(c.field)}, ${this.value(c.value)})`;
      case 'not':
        return isGroup(c.part) ? `NOT (${this.render(c.part)})` : `NOT ${this.render(c.part)}`;
      case 'and':
      case 'or': {
        const parts: string[] = [];
        for (const part of c.parts) parts.push(isGroup(part) ? `(${this.render(part)})` : this.render(part));
        return parts.join(` ${c.op.toUpperCase()} `);
      }
      default:
        return `${this.name(c.field)} ${c.op} ${this.value(c.value)}`;
    }
  }

  /** The maps to send: the values only when there are some (DynamoDB refuses an empty map). */
  done<E extends object>(expressions: E): E & ConditionExpressionMaps {
    return Object.assign(expressions, { ExpressionAttributeNames: this.names }, this.count ? { ExpressionAttributeValues: this.values } : {});
  }
}
interface ConditionExpressionMaps {
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/** The expressions of one change, on the condition given (none: unconditional). */
export function changeOf<T>(change: Change<T>, condition?: Check<T>): ChangeExpressions {
  const p = new Placeholders();
  const sets: string[] = [];
  const removes: string[] = [];
  const adds: string[] = [];
  const deletes: string[] = [];
  for (const [f, v] of Object.entries(change.set ?? {})) if (v !== undefined) sets.push(`${p.name(f)} = ${p.value(v)}`);
  for (const [f, v] of Object.entries(change.setIfAbsent ?? {})) if (v !== undefined) sets.push(`${p.name(f)} = if_not_exists(${p.name(f)}, ${p.value(v)})`);
  for (const [f, v] of Object.entries(change.append ?? {}))
    if (v !== undefined) sets.push(`${p.name(f)} = list_append(if_not_exists(${p.name(f)}, ${p.value([])}), ${p.value(v)})`);
  for (const [f, members] of Object.entries(change.within ?? {}))
    for (const [k, v] of Object.entries((members ?? {}) as object)) if (v !== undefined) sets.push(`${p.name(f)}.${p.name(k)} = ${p.value(v)}`);
  for (const f of change.remove ?? []) removes.push(p.name(f));
  for (const [f, v] of Object.entries(change.add ?? {})) if (v !== undefined) adds.push(`${p.name(f)} ${p.value(v)}`);
  for (const [f, v] of Object.entries(change.delete ?? {})) if (v !== undefined) deletes.push(`${p.name(f)} ${p.value(v)}`);
  let UpdateExpression = sets.length ? `SET ${sets.join(', ')}` : '';
  if (removes.length) UpdateExpression += `${UpdateExpression && ' '}REMOVE ${removes.join(', ')}`;
  if (adds.length) UpdateExpression += `${UpdateExpression && ' '}ADD ${adds.join(', ')}`;
  if (deletes.length) UpdateExpression += `${UpdateExpression && ' '}DELETE ${deletes.join(', ')}`;
  if (!UpdateExpression) throw new Error('An update changes at least one field.');
  return p.done(condition ? { UpdateExpression, ConditionExpression: p.render(condition) } : { UpdateExpression });
}

/** A check alone (a Put's, a Delete's, a ConditionCheck's). */
export function checkOf<T>(condition: Check<T>): ConditionExpressions {
  const p = new Placeholders();
  return p.done({ ConditionExpression: p.render(condition) });
}
