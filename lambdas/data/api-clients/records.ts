import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { queryOf, sortKey } from '#adapters/dynamo/queries.js';
import { isConditionFailure, queryAll } from '#adapters/dynamo/toolkit.js';
import { ROLES } from '#shared/roles.js';

/**
 * API clients in the directory table, in their organisation's partition:
 * - record: pk=ORG#{org_id} sk=API_CLIENT#{client_id}; gsi1pk=API_CLIENT#{client_id} gsi1sk=API_CLIENT
 *   Access patterns: "an organisation's clients" Query pk begins_with API_CLIENT#; "the client of a token"
 *   Query gsi1 API_CLIENT#{client_id} (what every request of a client reads: the index every route's
 *   caller read already queries).
 * - name guard: pk=ORG#{org_id} sk=API_CLIENT_NAME#{lower-case name}: one client of a name an organisation.
 * The client id is the Cognito app client's: a rotation replaces the record (new app client, new id).
 */
const apiClientRecordSchema = z.object({
  client_id: z.string(),
  org_id: z.string(),
  org_name: z.string(),
  client_type: z.enum(['fi', 'pmec']),
  payee_key: z.string().nullable().default(null),
  name: z.string(),
  role: z.enum(ROLES),
  created_at: z.string(),
  created_by: z.string(),
  rotated_at: z.string().nullable().default(null),
});
export type ApiClientRecord = z.output<typeof apiClientRecordSchema>;

const recordKey = (orgId: string, clientId: string) => ({ pk: `ORG#${orgId}`, sk: `API_CLIENT#${clientId}` });
const nameKey = (orgId: string, name: string) => ({ pk: `ORG#${orgId}`, sk: `API_CLIENT_NAME#${name.toLowerCase()}` });
const codec = defineCodec('API client', apiClientRecordSchema, (c) => ({
  ...recordKey(c.org_id, c.client_id),
  gsi1pk: `API_CLIENT#${c.client_id}`,
  gsi1sk: 'API_CLIENT',
}));

/** The name guard's item: which client holds the name. */
interface NameGuard {
  client_id: string;
}
const clientIs = conditionsOf<ApiClientRecord>();
const guardIs = conditionsOf<NameGuard>();

export class ApiClientNameTakenError extends Error {}

/** Every API client of an organisation, oldest first. */
export async function listApiClientRecords(orgId: string): Promise<ApiClientRecord[]> {
  const items = await queryAll({
    TableName: tableName('directory'),
    ...queryOf({ pk: `ORG#${orgId}`, sk: sortKey.beginsWith('API_CLIENT#') }),
  });
  return codec.parseAll(items).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** The client a token names, or null when it was deleted or rotated away. */
export async function findApiClient(clientId: string): Promise<ApiClientRecord | null> {
  const items = await queryAll({
    TableName: tableName('directory'),
    ...queryOf({ IndexName: 'gsi1', pk: `API_CLIENT#${clientId}`, sk: sortKey.is('API_CLIENT') }),
  });
  return codec.parseAll(items)[0] ?? null;
}

/** Writes a new client with its name guard (ApiClientNameTakenError when the organisation has the name). */
export async function putApiClientRecord(record: ApiClientRecord): Promise<void> {
  const TableName = tableName('directory');
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: { ...nameKey(record.org_id, record.name), client_id: record.client_id }, ...conditionOf(guardIs.missing('pk')) } },
          { Put: { TableName, Item: codec.build(record), ...conditionOf(clientIs.missing('pk')) } },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error, 0)) throw new ApiClientNameTakenError(record.name);
    throw error;
  }
}

/** Replaces a client's record by its successor's (a rotation): the old id stops being found at once. */
export async function replaceApiClientRecord(old: ApiClientRecord, next: ApiClientRecord): Promise<void> {
  const TableName = tableName('directory');
  await dynamo.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName, Key: recordKey(old.org_id, old.client_id), ...conditionOf(clientIs.exists('pk')) } },
        { Put: { TableName, Item: codec.build(next), ...conditionOf(clientIs.missing('pk')) } },
        { Put: { TableName, Item: { ...nameKey(next.org_id, next.name), client_id: next.client_id } } },
      ],
    }),
  );
}

/** Deletes a client's record and its name guard. */
export async function deleteApiClientRecord(record: ApiClientRecord): Promise<void> {
  const TableName = tableName('directory');
  await dynamo.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName, Key: recordKey(record.org_id, record.client_id) } },
        { Delete: { TableName, Key: nameKey(record.org_id, record.name) } },
      ],
    }),
  );
}
