import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CloudFormationValidatePlugin } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '#shared/roles.js';
import { BUCKETS, TABLES } from '#shared/stores.js';
import type { BucketKey, TableKey } from '#shared/stores.js';
import { EVIDENCE_KEYS } from '../../infra/constructs/storage.js';
import {
  EMPLOYEE_AUTH_SESSION_MINUTES,
  EMPLOYEE_AUTH_TRIGGERS,
  EMPLOYEE_TOKENS,
  SCHEDULE_DRAWS_PREFIX,
  VERIFY_BEFORE_UPDATE,
} from '../../infra/definitions.js';
import type { PayrollPlatformStack } from '../../infra/stack.js';
import { roleStatements } from './policies.js';
import { logicalId, ref, type Resource, type StackTemplate, type Synthesized, synthesize } from './synth.js';

let stack: PayrollPlatformStack;
let template: Template;
let outdir: string;
let resources: Synthesized['resources'];
let stacks: StackTemplate[];

beforeAll(() => {
  ({ stack, template, outdir, resources, stacks } = synthesize({ cfnValidation: true }));
});

describe('the synthesized template', () => {
  it('passes the built-in CloudFormation validation without violations', () => {
    const report = JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as { pluginReports: { violations: unknown[] }[] };
    expect(report.pluginReports.flatMap((r) => r.violations)).toEqual([]);
  });

  it('passes it in the nested stacks too, which synthesis does not validate, but for a parameter named like a password', () => {
    const nested = stacks.slice(1).map(({ stack: s }) => path.join(outdir, s.templateFile));
    expect(nested.length).toBeGreaterThan(0);
    const report = new CloudFormationValidatePlugin().validate({
      templatePaths: nested,
      stackTemplates: nested.map((file) => ({ stackConstructPath: file, templatePath: file, accountId: undefined, region: undefined })),
      appConstruct: stack.node.root,
    });
    // W2509 takes a parameter named like a secret for a password. The one CDK makes from the reference to
    // the origin secret holds its ARN (a secret's Ref), not its value: each function resolves the value itself.
    const passwordLike = (v: (typeof report.violations)[number]) =>
      v.ruleName === 'W2509' && v.violatingResources.every((r) => r.locations.every((l) => /^Parameters\/referenceto\w*OriginSecret\w*Ref$/.test(l)));
    expect(report.violations.filter((v) => !passwordLike(v))).toEqual([]);
  });
});

describe('auth', () => {
  it('signs in by verified email, with a minimum password length of 8', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
        Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
        DeletionProtection: 'ACTIVE',
      }),
    });
  });

  it('keeps the original email until a changed one is verified (the twin provisions the same list)', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: [...VERIFY_BEFORE_UPDATE] },
    });
    expect(VERIFY_BEFORE_UPDATE).toContain('email');
  });

  it('has one group per role', () => {
    const groups = resources('AWS::Cognito::UserPoolGroup').map((g) => g.Properties.GroupName);
    expect(groups.sort()).toEqual([...ROLES].sort());
  });

  it('has one SPA client with USER_PASSWORD_AUTH and refresh, no secret and no OAuth', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 2);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      UserPoolId: ref(stack.auth.userPool),
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      GenerateSecret: false,
      AllowedOAuthFlows: Match.absent(),
    });
  });

  it('wires the CustomMessage trigger, which reads the SPA URL from the parameter by name', () => {
    const trigger = logicalId(stack.auth.customMessage.function);
    template.hasResourceProperties('AWS::Cognito::UserPool', { LambdaConfig: { CustomMessage: { 'Fn::GetAtt': [trigger, 'Arn'] } } });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Environment: { Variables: Match.objectLike({ APP_URL_PARAMETER: '/PayrollPlatform/app-url' }) },
    });
    template.hasResourceProperties('AWS::SSM::Parameter', {
      Name: '/PayrollPlatform/app-url',
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack.web.distribution), 'DomainName'] }]] },
    });
    const reads = roleStatements(template, logicalId(stack.auth.customMessage.role)).filter((s) => s.Action === 'ssm:GetParameter');
    expect(reads.map((s) => JSON.stringify(s.Resource))).toEqual([expect.stringContaining(':parameter/PayrollPlatform/app-url')]);
  });
});

describe('the employees’ pool', () => {
  it('signs employees in only by the custom challenge of its three triggers, made by the platform alone', () => {
    const trigger = (name: keyof typeof EMPLOYEE_AUTH_TRIGGERS) => ({
      'Fn::GetAtt': [logicalId(stack.employeeAuth.functions.find((f) => f.node.id === name)!.function), 'Arn'],
    });
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        UsernameAttributes: Match.absent(),
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        LambdaConfig: {
          DefineAuthChallenge: trigger('DefineAuthChallenge'),
          CreateAuthChallenge: trigger('CreateAuthChallenge'),
          VerifyAuthChallengeResponse: trigger('VerifyAuthChallengeResponse'),
        },
      }),
    });
  });

  it('has one client: the custom challenge and refresh, user existence hidden, 3 minutes a step (the twin makes the same)', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      UserPoolId: ref(stack.employeeAuth.userPool),
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      PreventUserExistenceErrors: 'ENABLED',
      AuthSessionValidity: EMPLOYEE_AUTH_SESSION_MINUTES,
      IdTokenValidity: EMPLOYEE_TOKENS.idMinutes,
      RefreshTokenValidity: EMPLOYEE_TOKENS.refreshDays * 24 * 60,
      GenerateSecret: false,
    });
  });
});

describe('data', () => {
  it('has exactly the tables of infra/definitions.ts', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', Object.keys(TABLES).length);
  });

  it.each(Object.entries(TABLES))('creates the %s table as defined: keys, indexes, TTL, PITR, protection', (key, def) => {
    const table = template.toJSON().Resources[logicalId(stack.data.tables[key as TableKey])] as Resource;
    const attributes = new Set([def.partitionKey, def.sortKey, ...def.indexes.flatMap((i) => [i.partitionKey, i.sortKey])]);
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      DeletionProtectionEnabled: true,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      KeySchema: [
        { AttributeName: def.partitionKey, KeyType: 'HASH' },
        { AttributeName: def.sortKey, KeyType: 'RANGE' },
      ],
    });
    expect(table.Properties.AttributeDefinitions).toEqual(expect.arrayContaining([...attributes].map((a) => ({ AttributeName: a, AttributeType: 'S' }))));
    expect(table.Properties.AttributeDefinitions).toHaveLength(attributes.size);
    expect(table.Properties.GlobalSecondaryIndexes ?? []).toEqual(
      def.indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    expect(table.Properties.TimeToLiveSpecification).toEqual(def.ttlAttribute ? { AttributeName: def.ttlAttribute, Enabled: true } : undefined);
  });
});

describe('storage', () => {
  it('has the buckets of infra/definitions.ts plus the SPA and access-log buckets', () => {
    template.resourceCountIs('AWS::S3::Bucket', Object.keys(BUCKETS).length + 2);
  });

  it('blocks public access to, encrypts and versions every bucket', () => {
    for (const bucket of resources('AWS::S3::Bucket')) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
    }
  });

  it('denies every request without TLS, on every bucket', () => {
    const policies = resources('AWS::S3::BucketPolicy');
    for (const bucket of Object.keys(template.findResources('AWS::S3::Bucket'))) {
      const policy = policies.find((p) => p.Properties.Bucket?.Ref === bucket);
      expect(policy?.Properties.PolicyDocument.Statement, bucket).toEqual(
        expect.arrayContaining([expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      );
    }
  });

  it.each(Object.entries(EVIDENCE_KEYS))(
    'keeps every version of the evidence in the %s bucket: versioned, and no one may delete a version',
    (key, patterns) => {
      const bucket = logicalId(stack.storage.buckets[key as BucketKey]);
      expect((template.toJSON().Resources[bucket] as Resource).Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      const policy = resources('AWS::S3::BucketPolicy').find((p) => p.Properties.Bucket?.Ref === bucket)!;
      expect(policy.Properties.PolicyDocument.Statement).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            Effect: 'Deny',
            Principal: { AWS: '*' },
            Action: 's3:DeleteObjectVersion',
            Resource: patterns!.length === 1 ? { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, `/${patterns![0]}`]] } : expect.anything(),
          }),
        ]),
      );
    },
  );

  it.each(Object.entries(BUCKETS))('logs access to the %s bucket and lets the browser POST to it when it takes uploads', (key, def) => {
    const bucket = template.toJSON().Resources[logicalId(stack.storage.buckets[key as BucketKey])] as Resource;
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.Properties.LoggingConfiguration).toMatchObject({ DestinationBucketName: ref(stack.storage.logBucket) });
    const rules = bucket.Properties.CorsConfiguration?.CorsRules ?? [];
    expect(rules.map((r: { AllowedMethods: string[] }) => r.AllowedMethods)).toEqual(def.browserUpload ? [['POST']] : []);
  });

  it('expires the schedule draw jobs left in the uploads bucket, and nothing else under payroll/ (frozen versions are kept)', () => {
    const bucket = template.toJSON().Resources[logicalId(stack.storage.buckets.uploads)] as Resource;
    const rules = bucket.Properties.LifecycleConfiguration.Rules as { Prefix?: string; ExpirationInDays?: number; Status: string }[];
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: SCHEDULE_DRAWS_PREFIX, ExpirationInDays: 1, Status: 'Enabled' }));
    expect(rules.filter((rule) => rule.ExpirationInDays).map((rule) => rule.Prefix)).not.toContainEqual(expect.stringMatching(/^payroll\//));
    expect(rules.every((rule) => rule.Prefix !== undefined || !rule.ExpirationInDays)).toBe(true);
  });
});
