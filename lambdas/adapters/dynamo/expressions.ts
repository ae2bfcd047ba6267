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
