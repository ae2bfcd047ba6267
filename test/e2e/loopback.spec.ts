import { expect, test } from '@playwright/test';
import { currentMonth } from '#shared/rules/dates.js';
import { prepareSubmitter, uploadScreen } from '../fixtures/submissions/ui.js';
import { inputsRows, nrcOf, workbook } from '../fixtures/submissions/workbooks.js';
import { signInThroughUi, twinInfo } from './support.js';

const twin = twinInfo();

// The twin writes one name (localhost) into presigned URLs; a person may open either loopback name.
// From 127.0.0.1 the browser's POST to storage is cross-origin and rides on the bucket's CORS rule.
for (const [name, origin] of [
  ['localhost', twin.url],
  ['127.0.0.1', twin.url.replace('localhost', '127.0.0.1')],
] as const) {
  test(`a lender validates and submits a file with the platform opened as ${name}`, async ({ page }) => {
    const user = await prepareSubmitter(twin);
    await page.goto(`${origin}/upload`);
    await signInThroughUi(page, user.email, user.password);
    await expect(page).toHaveURL(`${origin}/upload`);
    const screen = uploadScreen(page);
    await screen.payeeKey().fill(user.org.payeeKey);
    await screen.chooseFile('inputs.xlsx', workbook(inputsRows(currentMonth(), user.org.payeeKey, [nrcOf(1, 640_000)])));
    await screen.validate();
    await screen.expectMessage('Ready to submit.');
    await expect(page.getByText(/Server validation unavailable/)).toHaveCount(0);
    await screen.button('Submit').click();
    await screen.expectMessage('Submit complete.');
  });
}
