/**
 * DynamoDB update and condition expressions built from an entity's record type, never written by hand:
 * a field is one of the record's (the compiler checks its name and its value's type), each name and value
 * gets its placeholder, and only the names an expression uses are sent (DynamoDB refuses the others).
 *
 *   const when = conditionsOf<UploadRecord>();
 *   updateOf({ status: 'validating', etag }, when.or(when.is('status', 'awaiting_file'), when.is('etag', etag)))
 */
export type Condition<T> =
  | { op: '='; field: keyof T & string; value: unknown }
  | { op: 'in'; field: keyof T & string; values: readonly unknown[] }
  | { op: 'exists' | 'missing'; field: (keyof T & string) | 'pk' }
  | { op: 'and' | 'or'; parts: readonly Condition<T>[] };

/** The conditions on one entity's fields (`pk` for the item itself: "it exists"). */
export function conditionsOf<T>() {
  return {
    is: <K extends keyof T & string>(field: K, value: T[K]): Condition<T> => ({ op: '=', field, value }),
    isIn: <K extends keyof T & string>(field: K, values: readonly T[K][]): Condition<T> => ({ op: 'in', field, values }),
    exists: (field: (keyof T & string) | 'pk'): Condition<T> => ({ op: 'exists', field }),
    missing: (field: (keyof T & string) | 'pk'): Condition<T> => ({ op: 'missing', field }),
    and: (...parts: Condition<T>[]): Condition<T> => ({ op: 'and', parts }),
    or: (...parts: Condition<T>[]): Condition<T> => ({ op: 'or', parts }),
  };
}

export interface ConditionExpressions {
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  /** Absent when the expressions use no value (DynamoDB refuses an empty map). */
  ExpressionAttributeValues?: Record<string, unknown>;
}
export interface UpdateExpressions extends ConditionExpressions {
  UpdateExpression: string;
}

/** Placeholders for the names and values one request's expressions use. */
function placeholders() {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const name = (field: string) => {
    const placeholder = `#${field.replace(/\W/g, '_')}`;
    names[placeholder] = field;
    return placeholder;
  };
  const value = (v: unknown) => {
    const placeholder = `:v${Object.keys(values).length}`;
    values[placeholder] = v;
    return placeholder;
  };
  const render = <T>(c: Condition<T>): string => {
    switch (c.op) {
      case '=':
        return `${name(c.field)} = ${value(c.value)}`;
      case 'in':
        return `${name(c.field)} IN (${c.values.map(value).join(', ')})`;
      case 'exists':
        return `attribute_exists(${name(c.field)})`;
      case 'missing':
        return `attribute_not_exists(${name(c.field)})`;
      default:
        return c.parts.map((part) => (part.op === 'and' || part.op === 'or' ? `(${render(part)})` : render(part))).join(` ${c.op.toUpperCase()} `);
    }
  };
  const done = () => ({ ExpressionAttributeNames: names, ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}) });
  return { name, value, render, done };
}

/** A condition alone (a Put's, a Delete's). */
export function conditionOf<T>(condition: Condition<T>): ConditionExpressions {
  const p = placeholders();
  const ConditionExpression = p.render(condition);
  return { ConditionExpression, ...p.done() };
}

/** SET of every defined field of `set`, on the condition given. */
export function updateOf<T>(set: Partial<T>, condition: Condition<T>): UpdateExpressions {
  const p = placeholders();
  const assignments = Object.entries(set)
    .filter(([, v]) => v !== undefined)
    .map(([field, v]) => `${p.name(field)} = ${p.value(v)}`);
  if (assignments.length === 0) throw new Error('An update sets at least one field.');
  const ConditionExpression = p.render(condition);
  return { UpdateExpression: `SET ${assignments.join(', ')}`, ConditionExpression, ...p.done() };
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
  for (const [f, v] of Object.entries(change.append ?? {})) if (v !== undefined) sets.push(`${p.name(f)} = list_append(if_not_exists(${p.name(f)}, ${p.value([])}), ${p.value(v)})`);
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
