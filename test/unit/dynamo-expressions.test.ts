import { describe, expect, it } from 'vitest';
import { conditionOf, conditionsOf, updateOf } from '../../lambdas/adapters/dynamo/expressions.js';

interface Thing {
  status: 'new' | 'busy' | 'done';
  etag: string;
  stored_key?: string;
  row_count: number;
}
const when = conditionsOf<Thing>();

describe('expressions built from a record type', () => {
  it.each([
    ['one equality', when.is('status', 'new'), '#status = :v1', { ':v1': 'new' }],
    ['IN', when.isIn('status', ['new', 'done']), '#status IN (:v1, :v2)', { ':v1': 'new', ':v2': 'done' }],
    ['exists and missing', when.and(when.exists('pk'), when.missing('stored_key')), 'attribute_exists(#pk) AND attribute_not_exists(#stored_key)', {}],
    [
      'OR of an AND, bracketed',
      when.or(when.is('status', 'new'), when.and(when.is('status', 'busy'), when.is('etag', 'e1'))),
      '#status = :v1 OR (#status = :v2 AND #etag = :v3)',
      { ':v1': 'new', ':v2': 'busy', ':v3': 'e1' },
    ],
  ])('%s', (_, condition, expression, values) => {
    const out = updateOf<Thing>({ row_count: 3 }, condition);
    expect(out.UpdateExpression).toBe('SET #row_count = :v0');
    expect(out.ConditionExpression).toBe(expression);
    expect(out.ExpressionAttributeValues).toEqual({ ':v0': 3, ...values });
    // Only the names the expressions use: DynamoDB refuses the others.
    const used = new Set(`${out.UpdateExpression} ${out.ConditionExpression}`.match(/#\w+/g));
    expect(new Set(Object.keys(out.ExpressionAttributeNames))).toEqual(used);
  });

  it('sets each defined field once, and a field both set and conditioned shares its name', () => {
    const out = updateOf<Thing>({ status: 'busy', etag: 'e2', stored_key: undefined }, when.is('status', 'new'));
    expect(out).toEqual({
      UpdateExpression: 'SET #status = :v0, #etag = :v1',
      ConditionExpression: '#status = :v2',
      ExpressionAttributeNames: { '#status': 'status', '#etag': 'etag' },
      ExpressionAttributeValues: { ':v0': 'busy', ':v1': 'e2', ':v2': 'new' },
    });
  });

  it('refuses an update that sets nothing', () => {
    expect(() => updateOf<Thing>({ stored_key: undefined }, when.exists('pk'))).toThrow(/at least one field/);
  });

  it('a condition alone sends no empty map of values', () => {
    expect(conditionOf(when.missing('pk'))).toEqual({ ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': 'pk' } });
  });
});
