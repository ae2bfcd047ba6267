import { describe, expect, it } from 'vitest';
import { conditionsOf } from '#adapters/dynamo/expressions.js';
import { queryOf, readOf, sortKey, type Stored } from '#adapters/dynamo/queries.js';

interface Member {
  status: 'pending' | 'approved';
  role: string;
  value: { org_id: string };
}
const when = conditionsOf<Stored<Member>>();

describe('a key condition on the table or an index', () => {
  it.each([
    ['the partition alone', queryOf({ pk: 'ORG#1' }), '#pk = :v0', { ':v0': 'ORG#1' }],
    ['an equal sort key', queryOf({ pk: 'A', sk: sortKey.is('B') }), '#pk = :v0 AND #sk = :v1', { ':v0': 'A', ':v1': 'B' }],
    ['below', queryOf({ pk: 'A', sk: sortKey.below('B') }), '#pk = :v0 AND #sk < :v1', { ':v0': 'A', ':v1': 'B' }],
    ['at most', queryOf({ pk: 'A', sk: sortKey.atMost('B') }), '#pk = :v0 AND #sk <= :v1', { ':v0': 'A', ':v1': 'B' }],
    ['above', queryOf({ pk: 'A', sk: sortKey.above('B') }), '#pk = :v0 AND #sk > :v1', { ':v0': 'A', ':v1': 'B' }],
    ['at least', queryOf({ pk: 'A', sk: sortKey.atLeast('B') }), '#pk = :v0 AND #sk >= :v1', { ':v0': 'A', ':v1': 'B' }],
    ['between', queryOf({ pk: 'A', sk: sortKey.between('B', 'C') }), '#pk = :v0 AND #sk BETWEEN :v1 AND :v2', { ':v0': 'A', ':v1': 'B', ':v2': 'C' }],
    ['begins with', queryOf({ pk: 'A', sk: sortKey.beginsWith('M#') }), '#pk = :v0 AND begins_with(#sk, :v1)', { ':v0': 'A', ':v1': 'M#' }],
  ])('%s', (_, out, expression, values) => {
    expect(out).toEqual({
      KeyConditionExpression: expression,
      ExpressionAttributeNames: { '#pk': 'pk', ...(/#sk/.test(expression) ? { '#sk': 'sk' } : {}) },
      ExpressionAttributeValues: values,
    });
  });

  it.each(['gsi1', 'gsi2', 'gsi3'] as const)("on %s, the index's keys, and the index named in the fragment", (index) => {
    expect(queryOf({ IndexName: index, pk: 'P', sk: sortKey.below('S') })).toEqual({
      IndexName: index,
      KeyConditionExpression: `#${index}pk = :v0 AND #${index}sk < :v1`,
      ExpressionAttributeNames: { [`#${index}pk`]: `${index}pk`, [`#${index}sk`]: `${index}sk` },
      ExpressionAttributeValues: { ':v0': 'P', ':v1': 'S' },
    });
  });
});

describe('a filter and a projection beside the key condition, their names and values merged', () => {
  it('one placeholder per name, shared by the filter and the projection', () => {
    const out = queryOf<Member>({
      IndexName: 'gsi2',
      pk: 'REQUEST',
      filter: when.and(when.beginsWith('sk', 'MEMBER#'), when.isIn('status', ['pending', 'approved'])),
      project: ['sk', 'status', 'value.org_id'],
    });
    expect(out).toEqual({
      IndexName: 'gsi2',
      KeyConditionExpression: '#gsi2pk = :v0',
      FilterExpression: 'begins_with(#sk, :v1) AND #status IN (:v2, :v3)',
      ProjectionExpression: '#sk, #status, #value.#org_id',
      ExpressionAttributeNames: { '#gsi2pk': 'gsi2pk', '#sk': 'sk', '#status': 'status', '#value': 'value', '#org_id': 'org_id' },
      ExpressionAttributeValues: { ':v0': 'REQUEST', ':v1': 'MEMBER#', ':v2': 'pending', ':v3': 'approved' },
    });
  });
});

describe("a Scan's or a Get's expressions", () => {
  it.each([
    [
      'a projection alone sends no values',
      readOf<Member>({ project: ['pk', 'role'] }),
      { ProjectionExpression: '#pk, #role', ExpressionAttributeNames: { '#pk': 'pk', '#role': 'role' } },
    ],
    [
      'a filter with OR bracketed',
      readOf<Member>({ filter: when.and(when.beginsWith('pk', 'ORG#'), when.or(when.is('sk', 'META'), when.is('status', 'approved'))) }),
      {
        FilterExpression: 'begins_with(#pk, :v0) AND (#sk = :v1 OR #status = :v2)',
        ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk', '#status': 'status' },
        ExpressionAttributeValues: { ':v0': 'ORG#', ':v1': 'META', ':v2': 'approved' },
      },
    ],
    ['nothing asked, nothing sent (DynamoDB refuses empty maps)', readOf({}), {}],
  ])('%s', (_, out, expected) => {
    expect(out).toEqual(expected);
  });
});
