import type { Condition } from './expressions.js';

const isGroup = (c: { op: string }) => c.op === 'and' || c.op === 'or';

/**
 * The placeholders one request's expressions use (lambdas/adapters/dynamo/expressions.ts renders through it):
 * each attribute name gets one (two names that read alike once cleaned, `a-b` and `a_b`, get distinct
 * ones), each value its own, and only those used are sent. Methods, not closures made per call: the
 * history's summary writes build one update per item (decision 0149).
 */
export class Placeholders {
  private readonly names: Record<string, string> = {};
  private readonly values: Record<string, unknown> = {};
  private readonly byName = new Map<string, string>();
  private count = 0;

  /** One attribute's placeholder, the name taken whole. */
  name(attribute: string): string {
    let placeholder = this.byName.get(attribute);
    if (placeholder) return placeholder;
    const base = `#${attribute.replace(/\W/g, '_')}`;
    placeholder = base;
    for (let n = 1; placeholder in this.names; n++) placeholder = `${base}_${n}`;
    this.names[placeholder] = attribute;
    this.byName.set(attribute, placeholder);
    return placeholder;
  }

  /** A path's placeholder: each of its attributes named apart (`#value.#org_id`). */
  path(field: string): string {
    return field.includes('.')
      ? field
          .split('.')
          .map((part) => this.name(part))
          .join('.')
      : this.name(field);
  }

  value(v: unknown): string {
    const placeholder = `:v${this.count++}`;
    this.values[placeholder] = v;
    return placeholder;
  }

  render<T>(c: Condition<T>): string {
    switch (c.op) {
      case 'in':
        return `${this.path(c.field)} IN (${c.values.map((v) => this.value(v)).join(', ')})`;
      case 'exists':
        return `attribute_exists(${this.path(c.field)})`;
      case 'missing':
        return `attribute_not_exists(${this.path(c.field)})`;
      case 'contains':
        return `contains(${this.path(c.field)}, ${this.value(c.value)})`;
      case 'beginsWith':
        return `begins_with(${this.path(c.field)}, ${this.value(c.value)})`;
      case 'not':
        return `NOT (${this.render(c.part)})`;
      case 'and':
      case 'or': {
        const parts: string[] = [];
        for (const part of c.parts) parts.push(isGroup(part) ? `(${this.render(part)})` : this.render(part));
        return parts.join(` ${c.op.toUpperCase()} `);
      }
      default:
        return `${this.path(c.field)} ${c.op} ${this.value(c.value)}`;
    }
  }

  /** The maps to send: the values only when there are some (DynamoDB refuses an empty map). */
  done<E extends object>(expressions: E): E & { ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> } {
    return Object.assign(expressions, { ExpressionAttributeNames: this.names }, this.count ? { ExpressionAttributeValues: this.values } : {});
  }
}
