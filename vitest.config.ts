import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The web app's aliases, for unit tests of web modules (same as web/vite.config.ts). */
const alias = {
  '@/': fileURLToPath(new URL('web/src/', import.meta.url)),
  '@shared/': fileURLToPath(new URL('shared/', import.meta.url)),
};

/**
 * Unit files that replace a module (`vi.mock`) or a global (`vi.stubGlobal`, `vi.stubEnv`): each runs in a module
 * graph of its own (the `unit-replacing` project); every other unit file shares its worker's graph, which took the
 * unit files from 84 to 35 CPU seconds (decision 0246). test/unit/unit-projects.test.ts checks the list.
 */
export const UNIT_FILES_REPLACING = [
  'test/unit/api-client.test.ts',
  'test/unit/custom-message.test.ts',
  'test/unit/employee-session.test.ts',
  'test/unit/fraud-latest.test.ts',
];
/** What a unit project runs with, the CPU-bound property tests beside the other suites on two cores. */
const UNIT = { environment: 'node', testTimeout: 30_000 } as const;

export default defineConfig({
  resolve: { alias },
  test: {
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      {
        extends: true,
        test: { ...UNIT, name: 'unit', include: ['test/unit/**/*.test.ts'], exclude: UNIT_FILES_REPLACING, isolate: false },
      },
      {
        extends: true,
        test: { ...UNIT, name: 'unit-replacing', include: UNIT_FILES_REPLACING },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          // One module graph for every infra file: aws-cdk-lib is loaded and each stack synthesized once.
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One module graph for the shard's files, as the infra project: each file imported the AWS SDK, the
          // handlers and the helpers afresh, about a fifth of the shard's CPU. The files share one twin and its
          // environment already; a spy is restored after its test, and a file that loads modules against another
          // endpoint resets them when done (faults.test.ts).
          isolate: false,
          restoreMocks: true,
        },
      },
    ],
  },
});
