import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
  ['shared/rules/example.ts', "import { dynamo } from '../../lambdas/data/clients.js';", PATHS],
  ['shared/rules/example.ts', "import { handlerModule } from '../../infra/grants.js';", PATHS],
  ['shared/rules/example.ts', "import { apiGet } from '../../web/src/lib/api-client.js';", PATHS],
  ['shared/rules/example.ts', "import { gunzipSync } from 'node:zlib';", IMPORTS],
  ['shared/rules/example.ts', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';", IMPORTS],
  ['shared/rules/example.ts', "import { useState } from 'react';", IMPORTS],
  // lambdas/ never reach the web app or the stack
  ['lambdas/data/example.ts', "import { TABLES } from '../../shared/stores.js';", null],
  ['lambdas/data/example.ts', "import { AUTH_TRIGGERS } from '../../infra/definitions.js';", PATHS],
  ['lambdas/data/example.ts', "import { apiGet } from '../../web/src/lib/api-client.js';", PATHS],
  // lib/ and data/ sit below the entry points and the domain modules
  ['lambdas/data/example.ts', "import { logger } from '../lib/powertools.js';", null],
  ['lambdas/data/example.ts', "import { handler } from '../api/accounts/handlers/get-me.js';", PATHS],
  ['lambdas/lib/example.ts', "import { handler } from '../events/validate-upload.js';", PATHS],
  ['lambdas/lib/example.ts', "import { handler } from '../auth/custom-message.js';", PATHS],
  // entry points are imported by infra, tests and benchmarks only
  ['lambdas/api/team/example.ts', "import { listOrgMembers } from '../../data/memberships.js';", null],
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
  ['web/src/lib/settings.ts', "import { ROUTES } from '../../../shared/routes.js';", PATHS],
  ['web/src/features/team/api/team.ts', "import { dynamo } from '../../../../../lambdas/data/clients.js';", PATHS],
  ['web/src/features/team/api/team.ts', "import { TABLES } from '../../../../../infra/definitions.js';", PATHS],
  ['web/src/features/team/api/team.ts', "import { ReviewsView } from '@/features/reviews/components/reviews-view';", PATHS],
  ['web/src/lib/format.ts', "import { ReviewsView } from '@/features/reviews/components/reviews-view';", PATHS],
  // the CLI runs the rules, not entry points
  ['cli/example.ts', "import { validateWorkbook } from '../shared/xlsx/validate-workbook.js';", null],
  ['cli/example.ts', "import { handler } from '../lambdas/events/validate-upload.js';", PATHS],
];

describe('the layers of eslint.config.js', () => {
  it.each(CASES)('%s: %s → %s', async (file, code, refusedBy) => {
    const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(root, file) });
    const rules = (result?.messages ?? []).map((m) => m.ruleId).filter((rule) => rule === PATHS || rule === IMPORTS);
    expect(rules).toEqual(refusedBy ? [refusedBy] : []);
  });

});
