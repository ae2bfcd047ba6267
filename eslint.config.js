// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers, enforced. What each folder may import:
 * - shared/      only shared/ (pure TypeScript: no Node built-ins, no AWS SDK, no React)
 * - web/         web/ and shared/ — never lambdas/ or infra/; one feature never imports another; routes one
 *                feature at a time (shared/routes/<feature>.ts), never the whole table
 * - lambdas/     lambdas/ and shared/ — never web/ or infra/. Inside, each layer imports only those below it:
 *                entry points (api/<feature>/handlers, events/, auth/) → domain modules (api/<feature>/*.ts,
 *                api/common/) → http/ (the handler factory and its chain) → data/ (one folder per aggregate: its
 *                entities and access patterns) → adapters/ (AWS clients, the DynamoDB toolkit and codec, S3 objects,
 *                email, SMS) → lib/ (plain utilities).
 *                validation/ (the validation driver, the Lambda's and the CLI's) imports only shared/.
 *                events/ and auth/ are not HTTP: they skip http/. One API feature never imports another:
 *                what several share lives in api/common/.
 * - @aws-sdk/*   only in lambdas/data and lambdas/adapters (the code that talks to DynamoDB, S3, Cognito, SES and SNS), and in what drives AWS
 *                or the emulators itself: infra/ (the stack and the twin), test/, bench/ and scripts/
 * - entry points are imported only by infra/ (the stack and the local twin), test/ and bench/
 * test/unit/lint-boundaries.test.ts walks these rules, one import at a time.
 */
const folders = (/** @type {string} */ dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = folders('./web/src/features');
/** The API features of lambdas/api; `common` is what they share, not a feature. */
const apiFeatures = folders('./lambdas/api').filter((name) => name !== 'common');

/** A DynamoDB request's expressions and their placeholders' maps: only the builder writes them. */
const EXPRESSION = '/^(Update|Condition|KeyCondition|Filter|Projection)Expression$|^ExpressionAttribute(Names|Values)$/';
const HAND_WRITTEN =
  'DynamoDB expressions are built, never written by hand: updateOf/conditionOf (lambdas/adapters/dynamo/expressions.ts), queryOf/readOf (lambdas/adapters/dynamo/queries.ts).';

const ENTRY_POINTS = ['./lambdas/api/*/handlers/**', './lambdas/events/**', './lambdas/auth/**'];

const zones = [
  {
    target: './shared',
    from: ['./lambdas', './web', './infra', './test', './bench', './cli', './scripts'],
    message: 'shared/ is pure: it imports only shared/.',
  },
  { target: './web', from: ['./lambdas', './infra'], message: 'The web app talks to the server through the API only (web/src/lib/api-client.ts).' },
  {
    target: './web',
    from: './shared/routes/index.ts',
    message: 'A screen loads only the routes it calls: import the route from @shared/routes/<feature> and pass it to callRoute.',
  },
  {
    target: './lambdas',
    from: ['./web', './infra'],
    message: 'Lambda code never imports the web app or the CDK stack; stores are declared in shared/stores.ts.',
  },
  {
    target: './lambdas/lib',
    from: ['./lambdas/http', './lambdas/data', './lambdas/adapters', './lambdas/api', './lambdas/events', './lambdas/auth'],
    message: 'lib/ holds plain utilities: it imports nothing else of lambdas/, only shared/.',
  },
  {
    target: './lambdas/validation',
    from: ['./lambdas/lib', './lambdas/http', './lambdas/data', './lambdas/adapters', './lambdas/api', './lambdas/events', './lambdas/auth'],
    message: 'validation/ drives the shared sheet rules over a Node stream: it imports only shared/, so the CLI runs it as the Lambda does.',
  },
  {
    target: './lambdas/data',
    from: ['./lambdas/http', './lambdas/api', './lambdas/events', './lambdas/auth'],
    message: 'data/ sits below the HTTP platform, the domain modules and the entry points: it imports adapters/, lib/ and shared/.',
  },
  {
    target: './lambdas/adapters',
    from: ['./lambdas/data', './lambdas/http', './lambdas/api', './lambdas/events', './lambdas/auth'],
    message: 'adapters/ (AWS clients, the DynamoDB toolkit, S3 objects, email, SMS) sit below the data layer: they import lib/ and shared/ only.',
  },
  {
    target: './lambdas/http',
    from: ['./lambdas/api', './lambdas/events', './lambdas/auth'],
    message: 'http/ (the handler factory and its chain) sits below the domain modules and the entry points.',
  },
  {
    target: ['./lambdas/events', './lambdas/auth'],
    from: './lambdas/http',
    message: 'S3 events, schedules and Cognito triggers are not HTTP: they wrap their function with lib/event-handler.ts.',
  },
  ...apiFeatures.map((feature) => ({
    target: `./lambdas/api/${feature}`,
    from: './lambdas/api',
    except: [`./${feature}`, './common'],
    message: 'An API feature never imports another feature: move what both need to lambdas/api/common/.',
  })),
  {
    target: './lambdas/api/common',
    from: './lambdas/api',
    except: ['./common'],
    message: 'lambdas/api/common/ is shared by the features and never imports one.',
  },
  { target: './lambdas/api/*/*.ts', from: ENTRY_POINTS, message: 'Domain modules never import an entry point.' },
  { target: './lambdas/api/*/handlers/**', from: ENTRY_POINTS, message: 'An entry point never imports another entry point: share a domain module instead.' },
  {
    target: ['./lambdas/events/**', './lambdas/auth/**'],
    from: './lambdas/api',
    message: 'Event handlers and Cognito triggers reach data through lambdas/data, not through the API.',
  },
  { target: './cli', from: ['./web', './infra'], message: 'The CLI runs the shared rules, not the web app or the stack.' },
  { target: './cli', from: ENTRY_POINTS, message: 'The CLI runs the shared rules, not entry points.' },
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A web feature never imports another feature: move what both need to web/src/components or web/src/lib.',
  })),
  { target: ['./web/src/components', './web/src/lib'], from: './web/src/features', message: 'Components and lib are shared by features and never import one.' },
];

export default tseslint.config(
  { ignores: ['node_modules/', '.tsbuild/', 'web/dist/', 'cli/dist/', 'cdk.out/', '.local/', 'test-results/', 'playwright-report/', 'screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.node.json', 'tsconfig.e2e.json', 'shared/tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: 4 }],
      // One order everywhere (`eslint --fix` writes it): Node built-ins, packages, the project's roots (#shared/…, #data/…;
      // in web/ @/… and @shared/…), then parent and sibling files; alphabetical in each group, no blank lines between.
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          pathGroups: [
            { pattern: '#*/**', group: 'internal' },
            { pattern: '@/**', group: 'internal' },
            { pattern: '@shared/**', group: 'internal' },
          ],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The AWS SDK is the data layer's and its adapters'; infra/, test/, bench/ and scripts/ drive AWS and the emulators themselves.
    files: ['lambdas/**/*.ts', 'web/**/*.{ts,tsx}', 'cli/**/*.ts', 'capacity/**/*.ts'],
    ignores: ['lambdas/data/**', 'lambdas/adapters/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@aws-sdk/*'],
              message:
                'Only lambdas/data and lambdas/adapters talk to AWS: add or extend a data module (lambdas/data/<aggregate>/<entity>.ts) or an adapter and call it.',
            },
          ],
        },
      ],
    },
  },
  {
    // DynamoDB expressions come from the builder (lambdas/adapters/dynamo/expressions.ts, queries.ts), never written by hand.
    files: ['lambdas/**/*.ts'],
    ignores: ['lambdas/adapters/dynamo/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['key.name', 'key.value'].map((key) => ({
          selector: `Property[${key}=${EXPRESSION}]`,
          message: HAND_WRITTEN,
        })),
        { selector: `AssignmentExpression > MemberExpression.left[property.name=${EXPRESSION}]`, message: HAND_WRITTEN },
      ],
    },
  },
  {
    // Tests and benchmarks drive raw SDK shapes and hostile bodies on purpose.
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'shared/ runs in the browser too: no Node built-ins.' },
            { group: ['@aws-sdk/*', '@aws-lambda-powertools/*', '@middy/*'], message: 'shared/ is pure: AWS code lives in lambdas/.' },
            { group: ['react', 'react-*', '@mantine/*', '@tanstack/*'], message: 'shared/ is pure: React lives in web/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
