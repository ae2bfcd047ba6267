import { Entity, type Attribute } from 'electrodb';
import { dynamo } from '#adapters/aws-clients.js';
import type { SummaryUpdate } from '#data/history/summary-attributes.js';
import { COMPACTED, VERSION } from '#data/history/summary-items.js';
import { namesOf, summaryKind, versioned, type EntityLayer, type HistoryItem } from './layer.js';

/**
 * electrodb: the summary entities and the history entity, with custom key templates that reproduce
 * today's `pk`/`sk` exactly (`casing: 'none'`, else the keys are lower-cased). What it adds to every item it
 * writes: its identifiers `__edb_e__`/`__edb_v__` (ownership, checked on reads unless `ignoreOwnership`)
 * and each template's composite attribute that is not already a field (`digits`, `employeeKey`). Like
 * dynamodb-toolbox it writes only declared attributes (others are dropped without a word), so an entity
 * is declared for the names a summary update uses, once per set of names.
 */
export const ELECTRODB_OWN = ['__edb_e__', '__edb_v__', 'digits', 'employeeKey'] as const;

const model = (entity: string) => ({ entity, version: '1', service: 'history' });
const KEYS = {
  record: { id: 'digits', pk: 'NRC#${digits}', sk: 'RECORD' },
  employee: { id: 'employeeKey', pk: 'SUMMARY#EMP#${employeeKey}', sk: 'SUMMARY' },
} as const;

function summaryEntity(kind: keyof typeof KEYS, names: readonly string[]) {
  const key = KEYS[kind];
  const attributes: Record<string, Attribute> = { [key.id]: { type: 'string', required: true }, [VERSION]: { type: 'number' }, [COMPACTED]: { type: 'any' } };
  for (const name of names) if (!(name in attributes)) attributes[name] = { type: 'any' };
  return new Entity(
    {
      model: model(`summary-${kind}`),
      attributes,
      indexes: {
        item: {
          pk: { field: 'pk', composite: [key.id], template: key.pk, casing: 'none' },
          sk: { field: 'sk', composite: [], template: key.sk, casing: 'none' },
        },
      },
    },
    { client: dynamo, table: 'history' },
  );
}

const entities = new Map<string, ReturnType<typeof summaryEntity>>();
function entityFor(kind: keyof typeof KEYS, names: readonly string[]) {
  const id = `${kind}|${names.join('|')}`;
  let entity = entities.get(id);
  if (!entity) entities.set(id, (entity = summaryEntity(kind, names)));
  return entity;
}

function updateOperation(summary: SummaryUpdate) {
  const parts = summaryKind(summary.key.pk);
  const { set, condition } = versioned(summary);
  const entity = entityFor(parts.kind, namesOf(summary));
  const identity = parts.kind === 'record' ? { digits: parts.digits } : { employeeKey: parts.employeeKey };
  // A name both removed and set is set (as the builder's update has it): DynamoDB refuses one path twice.
  const remove = summary.remove.filter((name) => !(name in set));
  let operation = entity.update(identity as never).set(set as never);
  if (remove.length) operation = operation.remove(remove as never);
  if (!condition) return operation;
  return operation.where((attributes, op) =>
    'missing' in condition ? op.notExists(attributes[VERSION] as never) : op.eq(attributes[VERSION] as never, condition.is as never),
  );
}

const text = { type: 'string' } as const;
const history = new Entity(
  {
    model: model('history-item'),
    attributes: {
      digits: { type: 'string', required: true },
      month: { type: 'string', required: true },
      payee_key: { type: 'string', required: true },
      kind: { type: 'string', required: true },
      nrc: text,
      employee_no: text,
      first_name: text,
      last_name: text,
      start_date: text,
      end_date: text,
      installment: { type: 'number' },
      loans: { type: 'any' },
      org_id: text,
      org_name: text,
      submission_id: text,
      submitted_at: text,
      ingest_prior: text,
    },
    indexes: {
      item: {
        pk: { field: 'pk', composite: ['digits'], template: 'NRC#${digits}', casing: 'none' },
        sk: { field: 'sk', composite: ['month', 'payee_key', 'kind'], template: '${month}#${payee_key}#${kind}', casing: 'none' },
      },
    },
  },
  { client: dynamo, table: 'history' },
);

function putOperation(item: HistoryItem) {
  const { pk, sk: _sk, ...fields } = item;
  const parts = summaryKind(pk);
  return history.put({ ...fields, digits: parts.kind === 'record' ? parts.digits : pk } as never);
}

export const electrodbLayer: EntityLayer = {
  name: 'electrodb',
  update: (table, summary) => updateOperation(summary).params({ table }),
  put: (table, item) => putOperation(item).params({ table }),
  sendUpdate: (table, summary) => updateOperation(summary).go({ table, response: 'none' }),
  sendPut: (table, item) => putOperation(item).go({ table, response: 'none' }),
};
