import { describe, expect, it } from 'vitest';
import { change, conditionOf, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';

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

interface Counted {
  count: number;
  expires_at: number;
  removing_by?: string;
  value: { org_id: string; name: string };
}
const on = conditionsOf<Counted>();

describe('the operations besides SET and equality', () => {
  it.each([
    ['<>', on.isNot('count', 1), '#count <> :v0'],
    ['<', on.below('count', 1), '#count < :v0'],
    ['<=', on.atMost('count', 1), '#count <= :v0'],
    ['>', on.above('count', 1), '#count > :v0'],
    ['>=', on.atLeast('count', 1), '#count >= :v0'],
  ])('compares with %s', (_, condition, expression) => {
    expect(conditionOf(condition)).toEqual({
      ConditionExpression: expression,
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':v0': 1 },
    });
  });

  it('NOT brackets what it negates, inside an OR', () => {
    const out = conditionOf(on.or(on.missing('pk'), on.not(on.isIn('count', [1, 2]))));
    expect(out.ConditionExpression).toBe('attribute_not_exists(#pk) OR NOT (#count IN (:v0, :v1))');
  });

  it("a map attribute's field is a path of two names", () => {
    expect(conditionOf(on.is('value.org_id', 'o1'))).toEqual({
      ConditionExpression: '#value.#org_id = :v0',
      ExpressionAttributeNames: { '#value': 'value', '#org_id': 'org_id' },
      ExpressionAttributeValues: { ':v0': 'o1' },
    });
    expect(conditionOf(on.missing('value.org_id')).ConditionExpression).toBe('attribute_not_exists(#value.#org_id)');
  });

  it('ADD a counter and SET if_not_exists, each in its clause, without a condition', () => {
    expect(updateOf<Counted>({ count: change.add(1), expires_at: change.ifMissing(99) })).toEqual({
      UpdateExpression: 'SET #expires_at = if_not_exists(#expires_at, :v1) ADD #count :v0',
      ExpressionAttributeNames: { '#count': 'count', '#expires_at': 'expires_at' },
      ExpressionAttributeValues: { ':v0': 1, ':v1': 99 },
    });
  });

  it('SET a field less a number, on a condition of the same field', () => {
    expect(updateOf<Counted>({ count: change.subtract(1) }, on.above('count', 1))).toEqual({
      UpdateExpression: 'SET #count = #count - :v0',
      ConditionExpression: '#count > :v1',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':v0': 1, ':v1': 1 },
    });
  });

  it('REMOVE with SET, and an index key moved', () => {
    const out = updateOf<Counted>({ expires_at: 5, removing_by: change.remove(), gsi1pk: 'STATUS#x' });
    expect(out.UpdateExpression).toBe('SET #expires_at = :v0, #gsi1pk = :v1 REMOVE #removing_by');
    expect(out.ExpressionAttributeNames).toEqual({ '#expires_at': 'expires_at', '#removing_by': 'removing_by', '#gsi1pk': 'gsi1pk' });
  });

  it('names that differ only by punctuation get placeholders of their own', () => {
    const out = updateOf<Record<'a-b' | 'a_b', number>>({ 'a-b': 1, a_b: 2 });
    expect(out.UpdateExpression).toBe('SET #a_b = :v0, #a_b_1 = :v1');
    expect(out.ExpressionAttributeNames).toEqual({ '#a_b': 'a-b', '#a_b_1': 'a_b' });
  });

  it('the compiler refuses a change that does not fit the field', () => {
    // @ts-expect-error a counter's ADD on a text field
    updateOf<Counted>({ removing_by: change.add(1) });
    // @ts-expect-error a required field is never removed
    updateOf<Counted>({ count: change.remove() });
    // @ts-expect-error a field the record does not have
    on.is('counted', 1);
    // @ts-expect-error a value of the wrong type at a path
    on.is('value.org_id', 3);
  });
});

describe('entries named at run time', () => {
  it('a record of named entries takes any name, each value typed', () => {
    const name = `u_${'d1'}`;
    expect(updateOf<Record<string, { p: string }>>({ [name]: { p: 'X' } })).toEqual({
      UpdateExpression: 'SET #u_d1 = :v0',
      ExpressionAttributeNames: { '#u_d1': 'u_d1' },
      ExpressionAttributeValues: { ':v0': { p: 'X' } },
    });
  });
});

interface Account {
  state: 'open' | 'closed';
  tries?: number;
  due: string;
  tags?: ReadonlySet<string>;
  log?: string[];
  terms?: { s: string; u: string | null };
  e_a_b?: number;
}
const check = conditionsOf<Account>();

describe('members of sets and lists, NOT, and every clause of an update', () => {
  it.each([
    [
      'NOT contains a set member',
      check.and(check.exists('pk'), check.not(check.contains('tags', 'x'))),
      'attribute_exists(#pk) AND NOT (contains(#tags, :v0))',
      { ':v0': 'x' },
    ],
    ['contains a list member', check.contains('log', 'x'), 'contains(#log, :v0)', { ':v0': 'x' }],
    [
      'NOT of an OR, bracketed',
      check.not(check.or(check.is('state', 'open'), check.missing('due'))),
      'NOT (#state = :v0 OR attribute_not_exists(#due))',
      { ':v0': 'open' },
    ],
    [
      'absent or below, bracketed inside an AND',
      check.and(check.is('state', 'open'), check.or(check.missing('tries'), check.below('tries', 3))),
      '#state = :v0 AND (attribute_not_exists(#tries) OR #tries < :v1)',
      { ':v0': 'open', ':v1': 3 },
    ],
  ])('%s', (_, condition, expression, values) => {
    const out = conditionOf<Account>(condition);
    expect(out.ConditionExpression).toBe(expression);
    expect(out.ExpressionAttributeValues).toEqual(values);
    const used = new Set(out.ConditionExpression.match(/#\w+/g));
    expect(new Set(Object.keys(out.ExpressionAttributeNames))).toEqual(used);
  });

  it('writes every clause of an update, each name once', () => {
    const out = updateOf<Account>(
      {
        state: 'closed',
        due: change.ifMissing('d1'),
        log: change.append(['x']),
        'terms.s': 'used',
        'terms.u': '2026-01',
        tries: change.add(1),
        tags: change.deleteMembers(new Set(['t'])),
        e_a_b: change.remove(),
      },
      check.is('state', 'open'),
    );
    expect(out).toEqual({
      UpdateExpression:
        'SET #state = :v0, #due = if_not_exists(#due, :v1), #log = list_append(if_not_exists(#log, :v2), :v3), #terms.#s = :v4, #terms.#u = :v5 REMOVE #e_a_b ADD #tries :v6 DELETE #tags :v7',
      ConditionExpression: '#state = :v8',
      ExpressionAttributeNames: {
        '#state': 'state',
        '#due': 'due',
        '#log': 'log',
        '#terms': 'terms',
        '#s': 's',
        '#u': 'u',
        '#tries': 'tries',
        '#tags': 'tags',
        '#e_a_b': 'e_a_b',
      },
      ExpressionAttributeValues: {
        ':v0': 'closed',
        ':v1': 'd1',
        ':v2': [],
        ':v3': ['x'],
        ':v4': 'used',
        ':v5': '2026-01',
        ':v6': 1,
        ':v7': new Set(['t']),
        ':v8': 'open',
      },
    });
  });

  it('ADD members to a set field, and an unconditional update sends no values when it uses none', () => {
    expect(updateOf<Account>({ tags: change.addMembers(new Set(['a'])) })).toEqual({
      UpdateExpression: 'ADD #tags :v0',
      ExpressionAttributeNames: { '#tags': 'tags' },
      ExpressionAttributeValues: { ':v0': new Set(['a']) },
    });
    expect(updateOf<Account>({ tries: change.remove() })).toEqual({ UpdateExpression: 'REMOVE #tries', ExpressionAttributeNames: { '#tries': 'tries' } });
  });

  it('names chosen at run time are taken whole when asked, a dot and all', () => {
    const out = updateOf<Record<string, unknown>>({ 's_EMP.1': true, v: change.remove() }, undefined, { wholeNames: true });
    expect(out).toEqual({
      UpdateExpression: 'SET #s_EMP_1 = :v0 REMOVE #v',
      ExpressionAttributeNames: { '#s_EMP_1': 's_EMP.1', '#v': 'v' },
      ExpressionAttributeValues: { ':v0': true },
    });
  });

  it('the compiler refuses a member or a member change that does not fit the field', () => {
    // @ts-expect-error a number is no member of a set of text
    check.contains('tags', 1);
    // @ts-expect-error a list appended onto a text field
    updateOf<Account>({ due: change.append(['x']) });
    // @ts-expect-error set members added to a counter
    updateOf<Account>({ tries: change.addMembers(new Set([1])) });
    // @ts-expect-error a map member of the wrong type
    updateOf<Account>({ 'terms.s': 1 });
  });
});
