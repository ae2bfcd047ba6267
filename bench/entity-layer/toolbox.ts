import { $remove, $set, any, Entity, item, number, prefix, PutItemCommand, string, Table, UpdateItemCommand } from 'dynamodb-toolbox';
import { dynamo } from '#adapters/aws-clients.js';
import type { SummaryUpdate } from '#data/history/summary-attributes.js';
import { COMPACTED, VERSION } from '#data/history/summary-items.js';
import { namesOf, summaryKind, versioned, type EntityLayer, type HistoryItem } from './layer.js';

/**
 * dynamodb-toolbox v2: one Table, the summary entities and the history entity. Keys reproduce today's
 * exactly through `prefix` transforms saved as `pk` (no extra attribute); `entityAttribute` and
 * `timestamps` are off so the items hold what they hold today. The library writes only declared root
 * attributes (undeclared ones are dropped without a word), and a summary item's entries are named by data
 * (`s_{submission id}`), so an entity is declared for the names an update uses, once per set of names.
 * Entries are `any()` set whole with `$set` (a plain map value is merged field by field, which fails on a
 * missing entry).
 */
const table = new Table({ name: 'history', partitionKey: { name: 'pk', type: 'string' }, sortKey: { name: 'sk', type: 'string' }, documentClient: dynamo });

const KEYS = {
  record: { prefix: 'NRC', sk: 'RECORD' },
  employee: { prefix: 'SUMMARY#EMP', sk: 'SUMMARY' },
} as const;

function summaryEntity(kind: keyof typeof KEYS, names: readonly string[]) {
  const key = KEYS[kind];
  const declared = {
    id: string().key().transform(prefix(key.prefix)).savedAs('pk'),
    sk: string().key().const(key.sk),
    [VERSION]: number().optional(),
    [COMPACTED]: any().optional(),
  };
  const attributes: Record<string, unknown> = { ...declared };
  for (const name of names) if (!(name in attributes)) attributes[name] = any().optional();
  // The names chosen at run time are not in the type; the keys are.
  return new Entity({ name: `summary-${kind}`, table, entityAttribute: false, timestamps: false, schema: item(attributes as typeof declared) });
}

const entities = new Map<string, ReturnType<typeof summaryEntity>>();
function entityFor(kind: keyof typeof KEYS, names: readonly string[]) {
  const id = `${kind}|${names.join('|')}`;
  let entity = entities.get(id);
  if (!entity) entities.set(id, (entity = summaryEntity(kind, names)));
  return entity;
}

function updateCommand(tableName: string, summary: SummaryUpdate) {
  const parts = summaryKind(summary.key.pk);
  const { set, condition } = versioned(summary);
  const values: Record<string, unknown> = { id: parts.kind === 'record' ? parts.digits : parts.employeeKey };
  values.sk = summary.key.sk;
  for (const name of summary.remove) values[name] = $remove();
  for (const [name, value] of Object.entries(set)) values[name] = name === VERSION ? value : $set(value);
  const check = !condition ? undefined : 'missing' in condition ? { attr: VERSION, exists: false } : { attr: VERSION, eq: condition.is };
  return entityFor(parts.kind, namesOf(summary))
    .build(UpdateItemCommand)
    .item(values as never)
    .options({ tableName, ...(check ? { condition: check as never } : {}) });
}

const history = new Entity({
  name: 'history-item',
  table,
  entityAttribute: false,
  timestamps: false,
  schema: item({
    digits: string().key().transform(prefix('NRC')).savedAs('pk'),
    month: string().key(),
    payee_key: string().key(),
    kind: string().key(),
    nrc: string().optional(),
    employee_no: string().optional(),
    first_name: string().optional(),
    last_name: string().optional(),
    start_date: string(),
    end_date: string(),
    installment: number(),
    loans: any().optional(),
    org_id: string().optional(),
    org_name: string().optional(),
    submission_id: string(),
    submitted_at: string(),
    ingest_prior: string().optional(),
  }).and((_schema) => ({
    sk: string()
      .key()
      .link<typeof _schema>(({ month, payee_key, kind }) => `${month}#${payee_key}#${kind}`),
  })),
});

function putCommand(tableName: string, stored: HistoryItem) {
  const { pk, sk: _sk, ...fields } = stored;
  return history
    .build(PutItemCommand)
    .item({ ...fields, digits: pk.slice(summaryKind(pk).kind === 'record' ? 4 : 0) } as never)
    .options({ tableName });
}

/** The input the library sends (without its own `ToolboxItem`, which it keeps beside for its return value). */
const input = (params: object) => Object.fromEntries(Object.entries(params).filter(([field]) => field !== 'ToolboxItem'));

export const toolboxLayer: EntityLayer = {
  name: 'toolbox',
  update: (tableName, summary) => input(updateCommand(tableName, summary).params()),
  put: (tableName, item) => input(putCommand(tableName, item).params()),
  sendUpdate: (tableName, summary) => updateCommand(tableName, summary).send(),
  sendPut: (tableName, item) => putCommand(tableName, item).send(),
};
