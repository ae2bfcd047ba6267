import type { Condition, Path } from './expressions.js';
import { Placeholders } from './placeholders.js';

/**
 * A Query's, a Scan's or a read's expressions built from the entity's record type, never written by hand
 * (the neighbour of ./expressions.ts, through the same ./placeholders.ts): the key condition on the table
 * or one of its indexes, a filter (a condition of ./expressions.ts's conditionsOf), the attributes to read.
 *
 *   queryOf({ pk: `ORG#${org}`, sk: sortKey.beginsWith('MEMBER#') })
 *   queryOf<StoredDispute>({ IndexName: 'gsi2', pk: `DISPUTE#ORG#${org}`, filter: when.is('status', status) })
 *   queryOf<StoredReport>({ IndexName: 'gsi1', pk: 'REPORT', sk: sortKey.between(after, before), project: ['nrc_key', 'sk'] })
 *
 * Every table keys on pk/sk and its index gsiN on gsiNpk/gsiNsk (shared/stores.ts). IndexName is given as
 * DynamoDB names it and comes back in the fragment: the IAM check (test/infra/handler-calls.ts) reads each
 * query's index from the literal at its call.
 */

/** The global secondary indexes of shared/stores.ts. */
export type IndexName = `gsi${1 | 2 | 3}`;
/** An item's keys beside its record: a filter or a projection may name them. */
type Keys = { pk: string; sk: string } & { [K in `${IndexName}${'pk' | 'sk'}`]?: string };
/** The item a table holds: the record and its keys. */
export type Stored<T> = T & Keys;

type KeyValue = string | number;
type SortKeyCondition =
  { op: '=' | '<' | '<=' | '>' | '>='; value: KeyValue } | { op: 'between'; from: KeyValue; to: KeyValue } | { op: 'beginsWith'; prefix: string };

/** The conditions a key condition may put on the sort key (DynamoDB allows no other). */
export const sortKey = {
  is: (value: KeyValue): SortKeyCondition => ({ op: '=', value }),
  below: (value: KeyValue): SortKeyCondition => ({ op: '<', value }),
  atMost: (value: KeyValue): SortKeyCondition => ({ op: '<=', value }),
  above: (value: KeyValue): SortKeyCondition => ({ op: '>', value }),
  atLeast: (value: KeyValue): SortKeyCondition => ({ op: '>=', value }),
  /** From `from` to `to`, both included. */
  between: (from: KeyValue, to: KeyValue): SortKeyCondition => ({ op: 'between', from, to }),
  beginsWith: (prefix: string): SortKeyCondition => ({ op: 'beginsWith', prefix }),
};

export interface Read<T> {
  /** Applied by DynamoDB after the key condition (a Query's) or to every item (a Scan's). */
  filter?: Condition<Stored<T>>;
  /** The attributes read (all when absent). */
  project?: readonly Path<Stored<T>>[];
}
export interface KeyQuery<T> extends Read<T> {
  IndexName?: IndexName;
  /** The partition key's value (pk's, or the index's gsiNpk's). */
  pk: KeyValue;
  /** A condition on the sort key (sk, or the index's gsiNsk). */
  sk?: SortKeyCondition;
}

interface Names {
  ExpressionAttributeNames: Record<string, string>;
  /** Absent when the expressions use no value (DynamoDB refuses an empty map). */
  ExpressionAttributeValues?: Record<string, unknown>;
}
export interface QueryExpressions extends Names {
  IndexName?: IndexName;
  KeyConditionExpression: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
}
export type ReadExpressions = Partial<Names> & { FilterExpression?: string; ProjectionExpression?: string };

function sortCondition(p: Placeholders, name: string, c: SortKeyCondition): string {
  if (c.op === 'between') return `${name} BETWEEN ${p.value(c.from)} AND ${p.value(c.to)}`;
  if (c.op === 'beginsWith') return `begins_with(${name}, ${p.value(c.prefix)})`;
  return `${name} ${c.op} ${p.value(c.value)}`;
}

function clausesOf<T>(p: Placeholders, read: Read<T>): { FilterExpression?: string; ProjectionExpression?: string } {
  return {
    ...(read.filter ? { FilterExpression: p.render(read.filter) } : {}),
    ...(read.project?.length ? { ProjectionExpression: read.project.map((field) => p.path(field)).join(', ') } : {}),
  };
}

/** The fragment of a QueryInput that says which items to read: its index, key condition, filter and projection. */
export function queryOf<T = Record<string, unknown>>(query: KeyQuery<T>): QueryExpressions {
  const p = new Placeholders();
  const { IndexName } = query;
  const [pk, sk] = IndexName ? [`${IndexName}pk`, `${IndexName}sk`] : ['pk', 'sk'];
  let KeyConditionExpression = `${p.name(pk)} = ${p.value(query.pk)}`;
  if (query.sk) KeyConditionExpression += ` AND ${sortCondition(p, p.name(sk), query.sk)}`;
  return p.done({ ...(IndexName ? { IndexName } : {}), KeyConditionExpression, ...clausesOf(p, query) });
}

/** A Scan's filter and projection, or a Get's projection (nothing at all when neither is given). */
export function readOf<T = Record<string, unknown>>(read: Read<T>): ReadExpressions {
  const p = new Placeholders();
  const expressions = clausesOf(p, read);
  return Object.keys(expressions).length ? p.done(expressions) : {};
}
