import type { KnipConfig } from 'knip';
import * as definitions from './infra/definitions.js';
import { handlerModule, ROUTES } from './shared/routes/index.js';

/**
 * The Lambda entry points are the modules the stack wires, named once: each route's handler (the route
 * table) and every `handler` of infra/definitions.ts (S3 and stream triggers, scheduled jobs, Cognito
 * triggers). A new trigger is an entry here the moment it is defined; a handler no definition names is unused.
 */
function handlersIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(handlersIn);
  if (!value || typeof value !== 'object') return [];
  const own = 'handler' in value && typeof value.handler === 'string' ? [value.handler] : [];
  return [...own, ...Object.values(value).flatMap(handlersIn)];
}

const lambdaEntries = [...new Set([...ROUTES.map(handlerModule), ...handlersIn(Object.values(definitions))])].map((module) => `lambdas/${module}.ts`);

export default {
  entry: [
    'infra/app.ts',
    'infra/local/main.ts',
    'infra/local/cognito/*.cjs',
    ...lambdaEntries,
    'web/src/features/submissions/worker/*.worker.ts',
    'scripts/*.{mjs,ts}',
    'cli/bin.ts',
    'bench/*-child.ts',
    'test/**/*.{test,spec}.ts',
    'test/screenshots/screens.shots.ts',
    'test/*/global-setup.ts',
  ],
  project: ['**/*.{ts,tsx,mjs,cjs,js}'],
  ignoreBinaries: ['java', 'unshare'],
  ignoreExportsUsedInFile: true,
} satisfies KnipConfig;
