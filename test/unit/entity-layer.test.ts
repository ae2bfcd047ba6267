import { describe, expect, it } from 'vitest';
import { applied, type SummaryUpdate } from '#data/history/summary-attributes.js';
import { builderLayer } from '../../bench/entity-layer/builder.js';
import { ELECTRODB_OWN, electrodbLayer } from '../../bench/entity-layer/electrodb.js';
import type { EntityLayer, HistoryItem } from '../../bench/entity-layer/layer.js';
import { toolboxLayer } from '../../bench/entity-layer/toolbox.js';

type Item = Record<string, unknown>;
interface Input {
  TableName?: string;
  Key?: Item;
  Item?: Item;
  UpdateExpression?: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/**
 * What DynamoDB does with the forms these writes use (SET a = :v, REMOVE a; conditions a = :v,
 * attribute_exists/attribute_not_exists joined by AND, bracketed or not): anything else throws, so a library
 * that sends another form fails the test rather than pass unread.
 */
function name(input: Input, token: string): string {
  const found = input.ExpressionAttributeNames?.[token.trim()];
  if (!found) throw new Error(`Not one attribute name: '${token}'`);
  return found;
}
function value(input: Input, token: string): unknown {
  const key = token.trim();
  if (!input.ExpressionAttributeValues || !(key in input.ExpressionAttributeValues)) throw new Error(`Not one value: '${token}'`);
  return input.ExpressionAttributeValues[key];
}
function holds(input: Input, item: Item | undefined): boolean {
  const expression = input.ConditionExpression;
  if (!expression) return true;
  return expression.split(' AND ').every((raw) => {
    const part = raw.trim().replace(/^\((.*)\)$/, '$1');
    const fn = /^attribute_(not_)?exists\((#\w+)\)$/.exec(part);
    if (fn) return (fn[1] ? (x: boolean) => !x : (x: boolean) => x)(item !== undefined && name(input, fn[2]!) in item);
    const eq = /^(#\w+) = (:\w+)$/.exec(part);
    if (eq) return item !== undefined && JSON.stringify(item[name(input, eq[1]!)]) === JSON.stringify(value(input, eq[2]!));
    throw new Error(`A condition this test does not read: '${part}'`);
  });
}
function apply(input: Input, item: Item | undefined): Item | 'refused' {
  if (!holds(input, item)) return 'refused';
  if (input.Item) return { ...input.Item };
  const after: Item = { ...(item ?? input.Key) };
  const clauses = input.UpdateExpression!.split(/\b(SET|REMOVE)\b/).filter((part) => part.trim());
  for (let i = 0; i < clauses.length; i += 2) {
    for (const action of clauses[i + 1]!.split(',')) {
      if (clauses[i] === 'REMOVE') delete after[name(input, action)];
      else {
        const [left, right] = action.split(' = ');
        if (!left || !right) throw new Error(`An update this test does not read: '${action}'`);
        after[name(input, left)] = value(input, right);
      }
    }
  }
  return after;
}

/** The item a layer leaves, electrodb's own attributes aside (each checked present, so none goes missing unseen). */
function outcome(layer: EntityLayer, request: Input, before: Item | undefined): Item | 'refused' {
  const after = apply(request, before);
  if (after === 'refused' || layer.name !== 'electrodb') return after;
  const rest = { ...after };
  expect(rest.__edb_e__).toBeTypeOf('string');
  for (const own of ELECTRODB_OWN) delete rest[own];
  return rest;
}

const key = { pk: 'NRC#300000101', sk: 'RECORD' };
const entry = (month: string) => ({
  p: 'H001',
  m: month,
  k: 'input',
  i: 100,
  e: '2030-12-31',
  n: 'EH0',
  nm: 'Chileshe Mulenga0',
  t: `${month}-02T08:00:00.000Z`,
});
const compacted = { e: { EH0: '2026-01' }, n: { 'chileshe mulenga0': { n: 'Chileshe Mulenga0', o: '2026-02#2026-02-02T08:00:00.000Z' } } };
const record = { ...key, 's_bench-H001-2026-01': entry('2026-01'), 's_bench-H001-2026-02': entry('2026-02') };
const employeeKey = { pk: 'SUMMARY#EMP#EH0', sk: 'SUMMARY' };

const cases: [string, Item | undefined, SummaryUpdate][] = [
  ['a first entry on a missing record', undefined, { key, set: { 's_bench-H001-2026-01': entry('2026-01') }, remove: [] }],
  [
    'an entry beside others, the oldest removed by the bounds',
    record,
    { key, set: { 's_bench-H001-2026-03': entry('2026-03') }, remove: ['s_bench-H001-2026-01'] },
  ],
  ['a first compaction (no version yet)', record, { key, set: { s_x: entry('2026-06'), c: compacted }, remove: ['s_bench-H001-2026-01'], version: null }],
  ['a first compaction that lost its race', { ...record, v: 1 }, { key, set: { s_x: entry('2026-06'), c: compacted }, remove: [], version: null }],
  ['a compaction on the version read', { ...record, c: compacted, v: 3 }, { key, set: { c: compacted }, remove: ['s_bench-H001-2026-02'], version: 3 }],
  ['a compaction on a stale version', { ...record, v: 4 }, { key, set: { c: compacted }, remove: ['s_bench-H001-2026-02'], version: 3 }],
  ['names alike once cleaned', undefined, { key, set: { 's_a-b': entry('2026-01'), s_a_b: entry('2026-02') }, remove: [] }],
  ['a name both removed and set is set', record, { key, set: { 's_bench-H001-2026-01': entry('2026-05') }, remove: ['s_bench-H001-2026-01'] }],
  [
    'an employee number summary entry',
    undefined,
    { key: employeeKey, set: { 's_bench-H001-2026-01': { d: '300000101', nrc: '300000/11/2', p: 'H001', m: '2026-01', t: null } }, remove: [] },
  ],
  ['a mark on an employee number summary', { ...employeeKey }, { key: employeeKey, set: { rows_without_nrc: true }, remove: [] }],
];

const history: HistoryItem = {
  pk: 'NRC#300000101',
  sk: '2026-01#H001#input',
  nrc: '300000/11/2',
  employee_no: 'EH0',
  first_name: 'Chileshe',
  last_name: 'Mulenga0',
  start_date: '2026-01-01',
  end_date: '2030-12-31',
  installment: 100,
  loans: [
    { employee_no: 'EH0', installment: 100 },
    { employee_no: 'EH0', installment: 50 },
  ],
  payee_key: 'H001',
  kind: 'input',
  month: '2026-01',
  org_id: 'bench',
  org_name: 'Bench Lender 1',
  submission_id: 'bench-H001-2026-01',
  submitted_at: '2026-01-02T08:00:00.000Z',
  ingest_prior: 'new',
};

describe('the entity layers write the history seed alike', () => {
  it.each(cases)('%s', (_, before, update) => {
    const expected = builderLayer.update('history', update) as Input;
    // The builder against the planners' own model of the write.
    const outcomeOfBuilder = apply(expected, before);
    if (outcomeOfBuilder !== 'refused') expect(outcomeOfBuilder).toEqual(applied(before, update));
    for (const layer of [electrodbLayer, toolboxLayer]) {
      const request = layer.update('history', update) as Input;
      expect({ layer: layer.name, table: request.TableName, key: request.Key }).toEqual({ layer: layer.name, table: 'history', key: update.key });
      expect({ layer: layer.name, item: outcome(layer, request, before) }).toEqual({ layer: layer.name, item: outcomeOfBuilder });
    }
  });

  it('puts the same history item under the same key', () => {
    const expected = apply(builderLayer.put('history', history) as Input, undefined);
    for (const layer of [electrodbLayer, toolboxLayer]) {
      const request = layer.put('history', history) as Input;
      expect({ layer: layer.name, table: request.TableName, item: outcome(layer, request, undefined) }).toEqual({
        layer: layer.name,
        table: 'history',
        item: expected,
      });
    }
  });
});
