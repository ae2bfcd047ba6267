import { defineConfig } from '@playwright/test';

// Debian's headless shell (the package chromium-headless-shell): Chromium's old headless mode, the browser Playwright
// itself runs headless tests in; the full browser's new headless mode cost about a tenth more CPU a test (docs/decisions).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
// The workers load the AWS SDK (the test helpers): its notice about Node versions is noise in every worker's output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export default defineConfig({
  globalSetup: './test/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // Generous for a shared, CPU-saturated machine: a passing expectation returns as soon as it holds.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A failed test keeps its trace: every action, its network and the page's DOM before and after each.
    // Not the screencast: encoding a frame of every paint of every test, passing ones included, cost the
    // browser about 15% more CPU (docs/decisions); the failure's own screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The end-to-end tests (`npm test`, `npm run test:e2e`).
    { name: 'chromium', testDir: 'test/e2e', use: { browserName: 'chromium', viewport: { width: 1360, height: 860 } } },
    // `npm run screenshots`: a picture of every screen under screenshots/, for a person to look at.
    {
      name: 'screenshots',
      testDir: 'test/screenshots',
      testMatch: /\.shots\.ts$/,
      timeout: 120_000,
      use: { browserName: 'chromium', viewport: { width: 1360, height: 860 } },
    },
  ],
});
