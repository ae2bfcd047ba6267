import path from 'node:path';
import { test } from '@playwright/test';
import { twinInfo } from '../e2e/support.js';
import { accountShots } from './accounts.js';
import { adminShots } from './admin.js';
import { coreShots } from './core.js';
import { disputeShots } from './disputes.js';
import { fraudShots } from './fraud.js';
import { insightShots } from './insight.js';
import { reviewShots } from './reviews.js';
import { uploadShots } from './upload.js';

/**
 * `npm run screenshots`: every screen, as people of different roles see it, saved as
 * screenshots/<name>.png for a person to look at (not a test: nothing is asserted beyond the
 * screen reaching its state). One screen: `npm run screenshots -- -g reviews-queue`.
 */
const twin = twinInfo();
const OUT = path.resolve('screenshots');

const shots = [...coreShots(twin), ...uploadShots(twin), ...accountShots(twin), ...adminShots(twin), ...fraudShots(twin), ...insightShots(twin), ...reviewShots(twin), ...disputeShots(twin)];

for (const [name, act] of shots) {
  test(name, async ({ page }) => {
    await act(page);
    // Let transitions and lazy images settle, so the picture shows what a person sees.
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
  });
}
