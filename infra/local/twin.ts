import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BROWSER_UPLOAD_CORS, BUCKETS } from '#shared/stores.js';
import { STREAM_TRIGGERS } from '../definitions.js';
import { ensureFirstAdmin, type AdminCredentials } from './admin.js';
import { startCognito, provisionUserPool } from './cognito.js';
import { provisionTables, startDynamoDb } from './dynamodb.js';
import { provisionEmployeePool } from './employee-pool.js';
import { S3_PREFIX, startGateway } from './gateway.js';
import { loadHandler } from './handlers.js';
import { startLambdaInvokeServer } from './lambda-invoke.js';
import { Outbox } from './outbox.js';
import { freePort } from './ports.js';
import type { Child } from './processes.js';
import { wireS3Events } from './s3-events.js';
import { startS3 } from './s3.js';
import { startSchedules } from './schedules.js';
import { SES_PREFIX } from './ses-shim.js';
import { SNS_PREFIX } from './sns-shim.js';
import { startStreamMapping } from './streams.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REGION = 'af-south-1';

export interface TwinOptions {
  port: number;
  dataDir: string;
  /** DynamoDB's tables held in memory only, gone when the twin stops (the test twins'); on disk under dataDir otherwise. */
  inMemory?: boolean;
  host?: string;
  webDir?: string;
  adminEmail?: string;
  adminPassword?: string;
  log?: (line: string) => void;
}

export interface Twin {
  url: string;
  /** The environment the handlers run with: endpoints, credentials, table and bucket names. */
  env: Record<string, string>;
  admin: AdminCredentials & { generated: boolean };
  userPoolId: string;
  userPoolClientId: string;
  stop(): Promise<void>;
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Starts every emulator, provisions them from the stack's definitions, and serves the platform. */
export async function startTwin(opts: TwinOptions): Promise<Twin> {
  const log = opts.log ?? (() => {});
  const dataDir = path.resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const [dynamoPort, s3Port, cognitoPort, lambdaPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const host = opts.host ?? '127.0.0.1';
  const url = `http://localhost:${opts.port}`;
  const cognitoUrl = `http://127.0.0.1:${cognitoPort}`;

  const children: Child[] = [];
  const servers: Server[] = [];
  let s3Stop: (() => Promise<void>) | undefined;
  let schedules: ReturnType<typeof startSchedules> | undefined;
  const mappings: ReturnType<typeof startStreamMapping>[] = [];
  const stop = async () => {
    await schedules?.stop();
    await Promise.all(mappings.map((m) => m.stop()));
    await Promise.all(servers.map(closeServer));
    await s3Stop?.();
    await Promise.all(children.map((c) => c.stop()));
  };

  try {
    // The same variables the SDK reads in AWS: handlers never ask where they run.
    const env: Record<string, string> = {
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${dynamoPort}`,
      // S3 goes through the gateway's proxy, which enforces presigned POST policies as S3 does.
      AWS_ENDPOINT_URL_S3: `${url}${S3_PREFIX}`,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognitoUrl,
      // Notification emails: SESv2's SendEmail, served by the gateway into the outbox (ses-shim.ts).
      AWS_ENDPOINT_URL_SESV2: `${url}${SES_PREFIX}`,
      // Text messages: SNS Publish to a phone number, served by the gateway into the outbox (sns-shim.ts).
      AWS_ENDPOINT_URL_SNS: `${url}${SNS_PREFIX}`,
      SENDER_EMAIL: process.env.SENDER_EMAIL ?? 'notifications@payroll.local',
      AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
      AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
      APP_URL: url,
      // Webhooks may be registered to and delivered on this machine (lambdas/data/webhooks/signature.ts); never in AWS.
      WEBHOOK_LOOPBACK_ALLOWED: '1',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    };
    Object.assign(process.env, env);

    log('starting DynamoDB Local');
    children.push(await startDynamoDb(path.join(dataDir, 'dynamodb'), dynamoPort, { inMemory: opts.inMemory }));
    const dynamoClient = new DynamoDBClient({ endpoint: env.AWS_ENDPOINT_URL_DYNAMODB, region: REGION });
    Object.assign(env, await provisionTables(dynamoClient));

    log('starting s3rver');
    const s3 = await startS3(path.join(dataDir, 's3'), s3Port);
    s3Stop = s3.stop;
    const bucketNames = Object.fromEntries(Object.entries(BUCKETS).map(([key, def]) => [key, s3.env[def.envVar]!]));
    const events = wireS3Events({ server: s3.server, bucketNames, region: REGION, dlqFile: path.join(dataDir, 'dead-letters.jsonl') });
    // DynamoDB stream event source mappings, from the same definitions the stack reads.
    for (const trigger of STREAM_TRIGGERS) {
      mappings.push(
        startStreamMapping({
          endpoint: env.AWS_ENDPOINT_URL_DYNAMODB!,
          region: REGION,
          tableName: trigger.table,
          trigger,
          loadHandler: loadHandler as Parameters<typeof startStreamMapping>[0]['loadHandler'],
          checkpointFile: path.join(dataDir, `stream-${trigger.id}.json`),
          dlqFile: path.join(dataDir, 'dead-letters.jsonl'),
        }),
      );
    }
    // Settled: no S3 event and no stream record left to deliver (each may cause the other).
    const settled = async () => {
      for (;;) {
        await events.drain();
        const read = (await Promise.all(mappings.map((m) => m.drain()))).reduce((a, b) => a + b, 0);
        if (!read) return;
      }
    };
    const stopS3 = s3.stop;
    s3Stop = async () => {
      await settled();
      await stopS3();
    };
    Object.assign(env, s3.env);

    const outbox = new Outbox(path.join(dataDir, 'outbox.json'));
    // Known only to this process and the Cognito emulator it starts: nothing else may post to the outbox.
    const outboxKey = randomBytes(32).toString('hex');
    servers.push(await startLambdaInvokeServer(lambdaPort));
    log('starting cognito-local');
    children.push(
      await startCognito({
        dataDir: path.join(dataDir, 'cognito'),
        port: cognitoPort,
        lambdaPort,
        outboxUrl: `http://127.0.0.1:${opts.port}/_local/outbox`,
        outboxKey,
      }),
    );
    const cognitoClient = new CognitoIdentityProviderClient({ endpoint: cognitoUrl, region: REGION });
    const pool = await provisionUserPool(cognitoClient, path.join(dataDir, 'user-pool.json'));
    env.USER_POOL_ID = pool.userPoolId;
    env.USER_POOL_CLIENT_ID = pool.userPoolClientId;
    const employeePool = await provisionEmployeePool(cognitoClient, path.join(dataDir, 'employee-pool.json'));
    env.EMPLOYEE_POOL_ID = employeePool.userPoolId;
    env.EMPLOYEE_POOL_CLIENT_ID = employeePool.userPoolClientId;
    Object.assign(process.env, env);

    const admin = await ensureFirstAdmin(cognitoClient, pool.userPoolId, path.join(dataDir, 'admin.json'), {
      ADMIN_EMAIL: opts.adminEmail,
      ADMIN_PASSWORD: opts.adminPassword,
    });

    servers.push(
      await startGateway({
        port: opts.port,
        host,
        webDir: opts.webDir ?? path.join(ROOT, 'web', 'dist'),
        region: REGION,
        cognitoUrl,
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        employeePool,
        outbox,
        outboxKey,
        eventsSettled: settled,
        s3: {
          s3rverPort: s3Port,
          region: REGION,
          accessKeyId: env.AWS_ACCESS_KEY_ID!,
          secretAccessKey: env.AWS_SECRET_ACCESS_KEY!,
          cors: Object.fromEntries(
            Object.entries(BUCKETS)
              .filter(([, def]) => def.browserUpload)
              .map(([key]) => [bucketNames[key]!, [BROWSER_UPLOAD_CORS]]),
          ),
        },
      }),
    );
    schedules = startSchedules();
    return { url, env, admin: { ...admin.credentials, generated: admin.generated }, ...pool, stop };
  } catch (error) {
    const detail = children.map((c) => (c.process.exitCode !== null ? `\n--- ${c.name} output ---\n${c.output()}` : '')).join('');
    await stop();
    throw new Error(`${(error as Error).message}${detail}`);
  }
}
