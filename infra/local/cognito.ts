import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  GetGroupCommand,
  UpdateUserPoolCommand,
  type UserPoolType,
} from '@aws-sdk/client-cognito-identity-provider';
import { ROLES } from '#shared/roles.js';
import { AUTH_TRIGGERS, PASSWORD_POLICY, VERIFY_BEFORE_UPDATE } from '../definitions.js';
import { waitForChildPort } from './ports.js';
import { type Child, startChild } from './processes.js';

const LAUNCHER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cognito', 'launcher.cjs');

export interface CognitoPool {
  userPoolId: string;
  userPoolClientId: string;
}

/**
 * Starts cognito-local (cwd = its data dir) with the Cognito triggers pointed at the twin's
 * Lambda-invoke endpoint, as the stack wires them in AWS.
 */
export async function startCognito(opts: { dataDir: string; port: number; lambdaPort: number; outboxUrl: string; outboxKey: string }): Promise<Child> {
  const configDir = path.join(opts.dataDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(
    path.join(configDir, 'config.json'),
    JSON.stringify(
      {
        LambdaClient: {
          endpoint: `http://127.0.0.1:${opts.lambdaPort}`,
          region: 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        TriggerFunctions: Object.fromEntries(Object.entries(AUTH_TRIGGERS).map(([trigger, t]) => [trigger, t.functionName])),
        // cognito-local makes every new pool sign in by email unless told: each pool says its own (the staff
        // pool email, the employees' pool plain usernames), as Cognito's pools do.
        UserPoolDefaults: { UsernameAttributes: [] },
        TokenConfig: { IssuerDomain: `http://127.0.0.1:${opts.port}` },
      },
      null,
      2,
    ),
  );
  const child = startChild('cognito-local', process.execPath, [LAUNCHER], {
    cwd: opts.dataDir,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      OUTBOX_URL: opts.outboxUrl,
      OUTBOX_KEY: opts.outboxKey,
      LAMBDA_URL: `http://127.0.0.1:${opts.lambdaPort}`,
    },
  });
  await waitForChildPort(child, opts.port, 'cognito-local');
  return child;
}

/**
 * The stack's password policy in Cognito's API shape. Every flag is set: cognito-local fills a
 * missing one with its own default, which demands upper case, digits and symbols.
 */
const PASSWORD_POLICY_SETTING = {
  MinimumLength: PASSWORD_POLICY.minLength,
  RequireLowercase: PASSWORD_POLICY.requireLowercase,
  RequireUppercase: PASSWORD_POLICY.requireUppercase,
  RequireNumbers: PASSWORD_POLICY.requireDigits,
  RequireSymbols: PASSWORD_POLICY.requireSymbols,
  TemporaryPasswordValidityDays: PASSWORD_POLICY.tempPasswordValidityDays,
};

/** What the stack sets on its pool that the twin's pool must share (infra/constructs/auth.ts). */
const POOL_SETTINGS = {
  AutoVerifiedAttributes: ['email' as const],
  Policies: { PasswordPolicy: PASSWORD_POLICY_SETTING },
  UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: [...VERIFY_BEFORE_UPDATE] },
};

/** Whether a pool made earlier already has every setting above (an old data folder may lack some). */
function hasPoolSettings(pool: UserPoolType | undefined): boolean {
  const policy = (pool?.Policies?.PasswordPolicy ?? {}) as Record<string, unknown>;
  const samePolicy = Object.entries(PASSWORD_POLICY_SETTING).every(([name, value]) => policy[name] === value);
  return samePolicy && Boolean(pool?.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate?.length);
}

/** Creates the user pool, its app client and the seven role groups once; reuses them afterwards. */
export async function provisionUserPool(client: CognitoIdentityProviderClient, stateFile: string): Promise<CognitoPool> {
  if (existsSync(stateFile)) {
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as CognitoPool;
    const described = await client.send(new DescribeUserPoolCommand({ UserPoolId: saved.userPoolId })).catch(() => null);
    if (described) {
      // A pool made before a setting was added gets it, so an old data folder behaves as a new one.
      if (!hasPoolSettings(described.UserPool)) {
        await client.send(new UpdateUserPoolCommand({ UserPoolId: saved.userPoolId, ...POOL_SETTINGS }));
      }
      await ensureGroups(client, saved.userPoolId);
      return saved;
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'payroll-platform-local',
      UsernameAttributes: ['email'],
      ...POOL_SETTINGS,
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const saved: CognitoPool = { userPoolId, userPoolClientId: appClient.UserPoolClient!.ClientId! };
  await ensureGroups(client, userPoolId);
  writeFileSync(stateFile, JSON.stringify(saved, null, 2));
  return saved;
}

async function ensureGroups(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  for (const role of ROLES) {
    const exists = await client.send(new GetGroupCommand({ UserPoolId: userPoolId, GroupName: role })).then(
      () => true,
      () => false,
    );
    if (!exists) await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: role }));
  }
}
