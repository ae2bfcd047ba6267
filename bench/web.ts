import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, type Page, chromium } from '@playwright/test';
import { PENDING_SCREEN, PUBLIC_SCREENS, SCREENS } from '../shared/navigation.js';
import type { Bench, Figure } from './figures.js';
import { progress, withTwin } from './support.js';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const DIST = new URL('../web/dist/index.html', import.meta.url);
const SIGNIN_TARGET_KB = 160;

/**
 * First-load gzipped JS of each screen before issue 17 item 2 (commit ad5ad4c on main, measured by
 * this bench): printed beside each figure as a recorded baseline, not one measured in this run.
 */
const BEFORE_KB: Record<string, number> = {
  '/signin': 281,
  '/signup': 287,
  '/forgot': 273,
  '/reset': 277,
  '/invite-accept': 277,
  '/app': 271,
  '/upload': 299,
  '/fraud-report': 292,
  '/fraud-list': 270,
  '/reports': 262,
  '/history': 261,
  '/reviews': 296,
  '/team': 273,
  '/admin': 279,
  '/admin/requests': 283,
  '/admin/users': 266,
  '/admin/audit': 269,
  '/pending': 248,
};

interface Script {
  name: string;
  gzipBytes: number;
}

const kb = (bytes: number) => bytes / 1024;
const total = (scripts: readonly Script[]) => kb(scripts.reduce((sum, s) => sum + s.gzipBytes, 0));
const slug = (path: string) => path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '_');

/**
 * Every JavaScript response the page receives, with its gzipped size. sirv serves web/dist
 * uncompressed, so the size is node:zlib's gzip (level 6, what a CDN sends) of the body.
 */
function recordScripts(page: Page): { scripts: Script[]; settled: () => Promise<unknown> } {
  const scripts: Script[] = [];
  const reads: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return;
    reads.push(
      response.body().then(
        (body) => void scripts.push({ name: new URL(response.url()).pathname.replace(/^\/assets\//, ''), gzipBytes: gzipSync(body).length }),
        () => undefined,
      ),
    );
  });
  return { scripts, settled: () => Promise.all(reads) };
}

/** Opens `path` in a fresh context and waits until `ready` holds and the network has settled. */
async function firstLoad(browser: Browser, url: string, ready: (page: Page) => Promise<void>, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const { scripts, settled } = recordScripts(page);
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await settled();
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  return { scripts, finalPath };
}

/** The sign-in form is usable: both fields editable and the button enabled. */
async function signInReady(page: Page) {
  await page.getByLabel('Email').waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ state: 'visible' });
  // A string, so that this Node-side file needs no DOM types.
  await page.waitForFunction(`(() => {
    const email = document.querySelector('input[name="email"]');
    const button = [...document.querySelectorAll('button[type="submit"]')].find((b) => b.textContent.includes('Sign in'));
    return !!email && !email.disabled && !!button && !button.disabled;
  })()`);
}

const screenReady = async (page: Page) => {
  await page.locator('main, form, [role="main"]').first().waitFor({ state: 'visible' });
};

function figure(name: string, label: string, scripts: Script[], target?: number): Figure {
  const value = total(scripts);
  const before = BEFORE_KB[label];
  return {
    name,
    value,
    unit: 'KB gz',
    ...(target === undefined ? {} : { target: { op: '<=' as const, value: target } }),
    ...(before === undefined ? {} : { baseline: 'before (recorded)', baseline_value: before, ratio: value / before }),
    note: `${scripts.length} scripts`,
  };
}

/**
 * Issue 17, item 2: the gzipped JavaScript /signin loads before its form is usable, every chunk
 * listed, and the first-load JS of every other screen opened directly (the protected ones signed in
 * as the twin's admin). Serves the built web/dist through the twin: run `npm run build:web` first.
 */
export const webBench: Bench = {
  name: 'web',
  async run(): Promise<Figure[]> {
    if (!existsSync(DIST)) throw new Error('web/dist is missing: run `npm run build:web` first.');
    return withTwin(async (twin) => {
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
      try {
        progress('loading /signin');
        const signin = await firstLoad(browser, `${twin.url}/signin`, signInReady);
        const chunks = [...signin.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes);
        for (const chunk of chunks) console.error(`      ${kb(chunk.gzipBytes).toFixed(1).padStart(7)} KB gz  ${chunk.name}`);
        const figures = [figure('web.signin_js_gz_kb', '/signin', signin.scripts, SIGNIN_TARGET_KB)];

        progress(`signing in as ${twin.admin.email}`);
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${twin.url}/signin`);
        await page.getByLabel('Email').fill(twin.admin.email);
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill(twin.admin.password);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.waitForURL(/\/app$/);
        const session = await context.storageState();
        await context.close();

        const others = [
          ...PUBLIC_SCREENS.filter((s) => s.path !== '/signin').map((s) => ({ path: s.path, session: undefined })),
          ...[...SCREENS, PENDING_SCREEN].map((s) => ({ path: s.path, session })),
        ];
        for (const screen of others) {
          progress(`loading ${screen.path}`);
          const load = await firstLoad(browser, `${twin.url}${screen.path}`, screenReady, screen.session);
          const shown = figure(`web.${slug(screen.path)}_js_gz_kb`, screen.path, load.scripts);
          if (load.finalPath !== screen.path) shown.note += `, ended on ${load.finalPath}`;
          figures.push(shown);
        }
        return figures;
      } finally {
        await browser.close();
      }
    });
  },
};
