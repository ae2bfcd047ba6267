import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers of eslint.config.js, one import at a time: each row lints one line of code as if it
 * were written in `file`, and says which rule must refuse it (or that it is allowed). The imported
 * modules are real, so the resolver sees what it sees in the code base; web rows name real files,
 * since the TypeScript resolver finds the web aliases only for files its tsconfig includes.
 */
const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const eslint = new ESLint({ cwd: root });

const PATHS = 'import-x/no-restricted-paths';
const IMPORTS = 'no-restricted-imports';

const CASES: [file: string, code: string, refusedBy: string | null][] = [
  // shared/ is pure
  ['shared/rules/example.ts', "import { TABLES } from '../stores.js';", null],
  ['shared/rules/example.ts', "import { dynamo } from '../../lambdas/adapters/aws-clients.js';", PATHS],
  ['shared/rules/example.ts', "import { handlerModule } from '../../infra/grants.js';", PATHS],
  ['shared/rules/example.ts', "import { apiGet } from '../../web/src/lib/api-client.js';", PATHS],
  ['shared/rules/example.ts', "import { gunzipSync } from 'node:zlib';", IMPORTS],
  ['shared/rules/example.ts', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';", IMPORTS],
  ['shared/rules/example.ts', "import { useState } from 'react';", IMPORTS],
  // lambdas/ never reach the web app or the stack
  ['lambdas/data/example.ts', "import { TABLES } from '../../shared/stores.js';", null],
  ['lambdas/data/example.ts', "import { AUTH_TRIGGERS } from '../../infra/definitions.js';", PATHS],
  ['lambdas/data/example.ts', "import { apiGet } from '../../web/src/lib/api-client.js';", PATHS],
  // inside lambdas/: entry points → domain modules → http/ → data/ → adapters/ → lib/, never back up
  ['lambdas/data/example.ts', "import { logger } from '../lib/powertools.js';", null],
  ['lambdas/data/example.ts', "import { dynamo } from '../adapters/aws-clients.js';", null],
  ['lambdas/adapters/example.ts', "import { logger } from '../lib/powertools.js';", null],
  ['lambdas/adapters/example.ts', "import { writeAudit } from '../data/audit/log.js';", PATHS],
  ['lambdas/adapters/example.ts', "import { NotFoundError } from '../http/errors.js';", PATHS],
  ['lambdas/data/example.ts', "import { handler } from '../api/accounts/handlers/get-me.js';", PATHS],
  ['lambdas/data/example.ts', "import { NotFoundError } from '../http/errors.js';", PATHS],
  ['lambdas/data/example.ts', "import { slugFileName } from '../api/common/file-names.js';", PATHS],
  ['lambdas/lib/example.ts', "import { requiredEnv } from './env.js';", null],
  ['lambdas/lib/example.ts', "import { dynamo } from '../adapters/aws-clients.js';", PATHS],
  ['lambdas/lib/example.ts', "import { writeAudit } from '../data/audit/log.js';", PATHS],
  ['lambdas/lib/example.ts', "import { createApiHandler } from '../http/handler.js';", PATHS],
  ['lambdas/lib/example.ts', "import { handler } from '../events/validate-upload.js';", PATHS],
  ['lambdas/lib/example.ts', "import { handler } from '../auth/custom-message.js';", PATHS],
  ['lambdas/validation/example.ts', "import { spreadsheetErrors } from '../../shared/xlsx/errors.js';", null],
  ['lambdas/validation/example.ts', "import { logger } from '../lib/powertools.js';", PATHS],
  ['lambdas/validation/example.ts', "import { dynamo } from '../adapters/aws-clients.js';", PATHS],
  ['cli/example.ts', "import { validateWorkbookStreamed } from '../lambdas/validation/stream-driver.js';", null],
  ['lambdas/http/example.ts', "import { writeAudit } from '../data/audit/log.js';", null],
  ['lambdas/http/example.ts', "import { logger } from '../lib/powertools.js';", null],
  ['lambdas/http/example.ts', "import { loadVisibleSubmission } from '../api/common/submission.js';", PATHS],
  ['lambdas/http/example.ts', "import { handler } from '../events/validate-upload.js';", PATHS],
  ['lambdas/events/example.ts', "import { createEventHandler } from '../lib/event-handler.js';", null],
  ['lambdas/events/example.ts', "import { createApiHandler } from '../http/handler.js';", PATHS],
  ['lambdas/auth/example.ts', "import { NotFoundError } from '../http/errors.js';", PATHS],
  // one API feature never imports another: what several share lives in lambdas/api/common/
  ['lambdas/api/reviews/handlers/example.ts', "import { listItemView } from '../views.js';", null],
  ['lambdas/api/reviews/handlers/example.ts', "import { loadVisibleSubmission } from '../../common/submission.js';", null],
  ['lambdas/api/reviews/handlers/example.ts', "import { uploadOr404 } from '../../submissions/load.js';", PATHS],
  ['lambdas/api/reviews/example.ts', "import { uploadView } from '../submissions/views.js';", PATHS],
  ['lambdas/api/dashboard/example.ts', "import { disputeRightsOf } from '../common/dispute-rights.js';", null],
  ['lambdas/api/common/example.ts', "import { mayActOn } from './object-access.js';", null],
  ['lambdas/api/common/example.ts', "import { listItemView } from '../reviews/views.js';", PATHS],
  // the AWS SDK is the data layer's and its adapters'; the stack, the twin, tests and benchmarks drive AWS themselves
  ['lambdas/data/example.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';", null],
  ['lambdas/adapters/example.ts', "import { SendEmailCommand } from '@aws-sdk/client-sesv2';", null],
  ['lambdas/api/system/handlers/example.ts', "import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';", IMPORTS],
  ['lambdas/api/admin/example.ts', "import { HeadObjectCommand } from '@aws-sdk/client-s3';", IMPORTS],
  ['lambdas/http/example.ts', "import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';", IMPORTS],
  ['lambdas/lib/example.ts', "import { S3Client } from '@aws-sdk/client-s3';", IMPORTS],
  ['lambdas/events/example.ts', "import { CopyObjectCommand } from '@aws-sdk/client-s3';", IMPORTS],
  ['web/src/lib/format.ts', "import { S3Client } from '@aws-sdk/client-s3';", IMPORTS],
  ['cli/example.ts', "import { S3Client } from '@aws-sdk/client-s3';", IMPORTS],
  ['infra/local/example.ts', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';", null],
  ['test/integration/example.test.ts', "import { QueryCommand } from '@aws-sdk/lib-dynamodb';", null],
  ['bench/example.ts', "import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';", null],
  // entry points are imported by infra, tests and benchmarks only
  ['lambdas/api/team/example.ts', "import { listOrgMembers } from '../../data/directory/memberships.js';", null],
  ['lambdas/api/team/example.ts', "import { handler } from './handlers/get-team.js';", PATHS],
  ['lambdas/api/team/handlers/example.ts', "import { handler } from '../../accounts/handlers/get-me.js';", PATHS],
  ['lambdas/events/example.ts', "import { handler } from '../api/accounts/handlers/get-me.js';", PATHS],
  ['infra/local/example.ts', "import { handler } from '../../lambdas/api/accounts/handlers/get-me.js';", null],
  ['test/integration/example.test.ts', "import { handler } from '../../lambdas/events/validate-upload.js';", null],
  // the web app: through the API only, and features apart
  ['web/src/features/team/api/team.ts', "import { apiGet } from '@/lib/api-client';", null],
  ['web/src/features/team/api/team.ts', "import { ROLES } from '@shared/roles';", null],
  ['web/src/features/team/api/team.ts', "import { getTeam } from '@shared/routes/team';", null],
  ['web/src/features/team/api/team.ts', "import { ROUTES } from '@shared/routes';", PATHS],
  ['web/src/lib/settings.ts', "import { ROUTES } from '../../../shared/routes/index.js';", PATHS],
  ['web/src/features/team/api/team.ts', "import { dynamo } from '../../../../../lambdas/adapters/aws-clients.js';", PATHS],
  ['web/src/features/team/api/team.ts', "import { TABLES } from '../../../../../infra/definitions.js';", PATHS],
  ['web/src/features/team/api/team.ts', "import { ReviewsView } from '@/features/reviews/components/reviews-view';", PATHS],
  ['web/src/lib/format.ts', "import { ReviewsView } from '@/features/reviews/components/reviews-view';", PATHS],
  // a subpath import (package.json "imports") is held to the same zones as the relative path it names
  ['lambdas/api/team/example.ts', "import { listOrgMembers } from '#data/directory/memberships.js';", null],
  ['lambdas/adapters/example.ts', "import { writeAudit } from '#data/audit/log.js';", PATHS],
  ['lambdas/lib/example.ts', "import { createApiHandler } from '#http/handler.js';", PATHS],
  ['lambdas/data/example.ts', "import { logger } from '#lib/powertools.js';", null],
  ['shared/rules/example.ts', "import { dynamo } from '#adapters/aws-clients.js';", PATHS],
  ['web/src/lib/settings.ts', "import { ROUTES } from '#shared/routes/index.js';", PATHS],
  // the CLI runs the rules, not entry points
  ['cli/example.ts', "import { validateWorkbook } from '../shared/xlsx/validate-workbook.js';", null],
  ['cli/example.ts', "import { handler } from '../lambdas/events/validate-upload.js';", PATHS],
];

/** DynamoDB expressions outside the builder: each row lints one line, refused (true) or allowed. */
const SYNTAX = 'no-restricted-syntax';
const EXPRESSIONS: [file: string, code: string, refused: boolean][] = [
  ['lambdas/data/example.ts', "export const q = { KeyConditionExpression: 'pk = :pk' };", true],
  ['lambdas/data/example.ts', 'export const q = { FilterExpression: `#status = ${1}` };', true],
  ['lambdas/data/example.ts', "export const q = { ProjectionExpression: ['pk', 'sk'].join(', ') };", true],
  ['lambdas/data/example.ts', "export const q = { 'ConditionExpression': 'attribute_not_exists(pk)' };", true],
  ['lambdas/data/example.ts', "export const q = { UpdateExpression: 'SET a = :a' };", true],
  ['lambdas/data/example.ts', "export const q = { ExpressionAttributeValues: { ':pk': 'x' } };", true],
  ['lambdas/api/team/example.ts', "export const q = { ExpressionAttributeNames: { '#s': 'status' } };", true],
  ['lambdas/data/example.ts', "const q: Record<string, string> = {};\nq.FilterExpression = 'a = :a';", true],
  ['lambdas/data/example.ts', "import { queryOf } from '#adapters/dynamo/queries.js';\nexport const q = { TableName: 't', ...queryOf({ pk: 'x' }) };", false],
  ['lambdas/adapters/dynamo/example.ts', "export const q = { KeyConditionExpression: 'pk = :pk' };", false],
  ['test/integration/example.test.ts', "export const q = { KeyConditionExpression: 'pk = :pk' };", false],
];

describe('the layers of eslint.config.js', () => {
  // The first lint loads the config, its plugins and the TypeScript resolver: seconds on a busy machine.
  beforeAll(() => eslint.lintText('export {};\n', { filePath: path.join(root, 'shared/example.ts') }), 60_000);

  it.each(CASES)('%s: %s → %s', async (file, code, refusedBy) => {
    const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(root, file) });
    // An import may cross more than one zone of the same rule: each rule is named once.
    const rules = new Set((result?.messages ?? []).map((m) => m.ruleId).filter((rule) => rule === PATHS || rule === IMPORTS));
    expect([...rules]).toEqual(refusedBy ? [refusedBy] : []);
  });

  it.each(EXPRESSIONS)('%s: %s → refused %s', async (file, code, refused) => {
    const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(root, file) });
    expect((result?.messages ?? []).some((m) => m.ruleId === SYNTAX)).toBe(refused);
  });
});
