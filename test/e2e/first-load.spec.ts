import { expect, type Page, test } from '@playwright/test';
import { expectSignInScreen } from './support.js';

/**
 * What the two sign-in screens load before they are usable, by what the built chunks contain: zod's error
 * class, Amplify's Cognito errors, the router's own message, the staff app's table of screens, Mantine's
 * provider check (every Mantine component reads its provider). Weights and
 * times are the web bench's figures (`npm run bench -- --only web`), never asserted here.
 */
const MARKERS = {
  zod: 'ZodError',
  amplify: 'UserPoolConfigurationException',
  router: 'in the context of a <Router>',
  'staff shell': "'/admin/audit'",
  mantine: 'MantineProvider was not found',
} as const;
type Part = keyof typeof MARKERS;

/** The parts whose marker some script of the page holds, once the screen is usable and the network idle. */
async function partsLoaded(page: Page, path: string, usable: (page: Page) => Promise<void>): Promise<Part[]> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  await page.goto(path);
  await usable(page);
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(bodies);
  return (Object.keys(MARKERS) as Part[]).filter((part) =>
    scripts.some((body) => body.includes(MARKERS[part].replace(/'/g, '"')) || body.includes(MARKERS[part])),
  );
}

test('/signin loads neither zod nor Amplify before its form is used', async ({ page }) => {
  const loaded = await partsLoaded(page, '/signin', expectSignInScreen);
  expect(loaded).not.toContain('zod');
  expect(loaded).not.toContain('amplify');
});

test('the portal’s sign-in loads no zod, no Amplify, no router, no staff shell and no Mantine', async ({ page }) => {
  const loaded = await partsLoaded(page, '/employee', async (p) => {
    await expect(p.getByRole('button', { name: 'Send me a code' })).toBeEnabled();
  });
  expect(loaded).toEqual([]);
});
