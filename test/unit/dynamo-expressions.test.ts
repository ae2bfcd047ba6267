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

// ── operations added for registry/register/mandates/ingestion/history ──
import { changeOf, checkOf, checksOf } from '../../lambdas/adapters/dynamo/expressions.js';

interface Account {
  state: 'open' | 'closed';
  tries?: number;
  due: string;
  tags?: ReadonlySet<string>;
  log?: string[];
  terms?: { s: string; u: string | null };
  'e_a-b'?: number;
  e_a_b?: number;
}
const check = checksOf<Account>();

describe('changes and checks built from a record type', () => {
  it.each([
    ['a comparison', check.lt('tries', 3), '#tries < :v0', { ':v0': 3 }],
    ['every comparison operator', check.and(check.isNot('state', 'open'), check.le('due', 'd'), check.gt('due', 'a'), check.ge('tries', 1)), '#state <> :v0 AND #due <= :v1 AND #due > :v2 AND #tries >= :v3', { ':v0': 'open', ':v1': 'd', ':v2': 'a', ':v3': 1 }],
    ['absent or below, bracketed inside an AND', check.and(check.is('state', 'open'), check.or(check.missing('tries'), check.lt('tries', 3))), '#state = :v0 AND (attribute_not_exists(#tries) OR #tries < :v1)', { ':v0': 'open', ':v1': 3 }],
    ['NOT contains a set member', check.and(check.exists('pk'), check.not(check.contains('tags', 'x'))), 'attribute_exists(#pk) AND NOT contains(#tags, :v0)', { ':v0': 'x' }],
    ['NOT of an OR, bracketed', check.not(check.or(check.is('state', 'open'), check.missing('due'))), 'NOT (#state = :v0 OR attribute_not_exists(#due))', { ':v0': 'open' }],
  ])('%s', (_, condition, expression, values) => {
    const out = checkOf<Account>(condition);
    expect(out.ConditionExpression).toBe(expression);
    expect(out.ExpressionAttributeValues).toEqual(values);
    const used = new Set(out.ConditionExpression.match(/#\w+/g));
    expect(new Set(Object.keys(out.ExpressionAttributeNames))).toEqual(used);
  });

  it('writes every clause of a change, each name once', () => {
    const out = changeOf<Account>(
      { set: { state: 'closed' }, setIfAbsent: { due: 'd1' }, append: { log: ['x'] }, within: { terms: { s: 'used', u: '2026-01' } }, add: { tries: 1 }, delete: { tags: new Set(['t']) }, remove: ['e_a_b'] },
      check.is('state', 'open'),
    );
    expect(out).toEqual({
      UpdateExpression:
        'SET #state = :v0, #due = if_not_exists(#due, :v1), #log = list_append(if_not_exists(#log, :v2), :v3), #terms.#s = :v4, #terms.#u = :v5 REMOVE #e_a_b ADD #tries :v6 DELETE #tags :v7',
      ConditionExpression: '#state = :v8',
      ExpressionAttributeNames: { '#state': 'state', '#due': 'due', '#log': 'log', '#terms': 'terms', '#s': 's', '#u': 'u', '#e_a_b': 'e_a_b', '#tries': 'tries', '#tags': 'tags' },
      ExpressionAttributeValues: { ':v0': 'closed', ':v1': 'd1', ':v2': [], ':v3': ['x'], ':v4': 'used', ':v5': '2026-01', ':v6': 1, ':v7': new Set(['t']), ':v8': 'open' },
    });
  });

  it('an unconditional change sends no condition, and no values when it uses none', () => {
    expect(changeOf<Account>({ remove: ['tries'] })).toEqual({ UpdateExpression: 'REMOVE #tries', ExpressionAttributeNames: { '#tries': 'tries' } });
  });

  it('names that read alike once cleaned keep distinct placeholders', () => {
    const out = changeOf<Account>({ set: { 'e_a-b': 1, e_a_b: 2 } });
    expect(out.UpdateExpression).toBe('SET #e_a_b = :v0, #e_a_b_1 = :v1');
    expect(out.ExpressionAttributeNames).toEqual({ '#e_a_b': 'e_a-b', '#e_a_b_1': 'e_a_b' });
  });

  it('refuses a change that changes nothing', () => {
    expect(() => changeOf<Account>({ set: { due: undefined }, remove: [] })).toThrow(/at least one field/);
  });
});
