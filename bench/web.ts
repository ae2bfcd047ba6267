import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, type Page, chromium } from '@playwright/test';
import { PENDING_SCREEN, PUBLIC_SCREENS, SCREENS } from '#shared/navigation.js';
import type { Bench, Figure } from './figures.js';
import { progress, withTwin } from './support.js';
import { type BaselineWeb, buildBaselineWeb } from './web-baseline.js';
import { serveLikeCloudFront } from './web-serve.js';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const DIST = new URL('../web/dist/index.html', import.meta.url);
const SIGNIN_TARGET_KB = 150;
/** The portal's sign-in: civil servants open it on cheap phones over mobile data. */
const EMPLOYEE_TARGET_KB = 90;
const EMPLOYEE_TTI_TARGET_S = 6;
/** An emulated slow 3G link (Chrome's profile): 400 kbit/s each way, 400 ms round trips. */
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };

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

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Opens `url` in a fresh context and waits until `ready` holds and the network has settled; with
 * `baseline`, the screen is the baseline commit's build, served in place of this one's.
 */
async function firstLoad(browser: Browser, url: string, ready: (page: Page) => Promise<void>, storageState?: Session, baseline?: BaselineWeb) {
  const context = await browser.newContext({ storageState });
  if (baseline) await baseline.serve(context, new URL(url).origin);
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

/** The portal's sign-in is usable: the NRC field and the button that sends the code enabled. */
async function employeeReady(page: Page) {
  await page.waitForFunction(
    `(() => {
    const nrc = document.querySelector('input[name="nrc"]');
    const button = [...document.querySelectorAll('button[type="submit"]')].find((b) => b.textContent.includes('Send me a code'));
    return !!nrc && !nrc.disabled && !!button && !button.disabled;
  })()`,
    undefined,
    { timeout: 120_000, polling: 50 },
  );
}

/**
 * Time to interactive on the slow 3G profile with an empty cache (CDP network emulation): from the
 * navigation's start until `ready` holds, the files served gzipped as CloudFront serves them.
 */
async function slowLinkTti(browser: Browser, origin: string, path: string, ready: (page: Page) => Promise<void>): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  const started = performance.now();
  await page.goto(`${origin}${path}`, { waitUntil: 'commit', timeout: 120_000 });
  await ready(page);
  const seconds = (performance.now() - started) / 1000;
  await context.close();
  return seconds;
}

const ttiFigure = (name: string, value: number, before: number, commit: string, target?: number): Figure => ({
  name,
  value,
  unit: 's',
  ...(target === undefined ? {} : { target: { op: '<=' as const, value: target } }),
  baseline: `${commit} (same run)`,
  baseline_value: before,
  ratio: value / before,
  note: `slow 3G (400 kbit/s, 400 ms RTT), cache empty, gzipped as CloudFront sends it: ${value.toFixed(1)} s (${commit}: ${before.toFixed(1)} s)`,
});

const screenReady = async (page: Page) => {
  await page.locator('main, form, [role="main"]').first().waitFor({ state: 'visible' });
};

/**
 * A screen's first-load JS beside the baseline build's, measured in this run. /signin has its own
 * target; every other screen must not grow.
 */
function figure(name: string, scripts: Script[], before: Script[], commit: string, target?: number): Figure {
  const value = total(scripts);
  const baseline = total(before);
  return {
    name,
    value,
    unit: 'KB gz',
    target: { op: '<=', value: target ?? baseline },
    baseline: `${commit} (same run)`,
    baseline_value: baseline,
    ratio: value / baseline,
    note: `${scripts.length} scripts, ${value.toFixed(1)} KB gz (${commit}: ${before.length} scripts, ${baseline.toFixed(1)} KB gz)`,
  };
}

const listChunks = (scripts: readonly Script[]) => {
  for (const chunk of [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes))
    console.error(`      ${kb(chunk.gzipBytes).toFixed(1).padStart(7)} KB gz  ${chunk.name}`);
};

/** Signs in as the twin's admin and returns the session, for opening protected screens directly. */
async function signIn(browser: Browser, url: string, admin: { email: string; password: string }): Promise<Session> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/signin`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/app$/);
  const session = await context.storageState();
  await context.close();
  return session;
}

/**
 * The gzipped JavaScript /signin and the portal's sign-in (/employee) load before their forms are usable,
 * every chunk listed, their time to interactive on an emulated slow 3G link, and the first-load JS of every other screen opened directly (the protected ones signed in
 * as the twin's admin), each beside the same screen built from the baseline commit and loaded from
 * the same twin in this run. Serves the built web/dist through the twin: run `npm run build:web` first.
 */
export const webBench: Bench = {
  name: 'web',
  async run(): Promise<Figure[]> {
    if (!existsSync(DIST)) throw new Error('web/dist is missing: run `npm run build:web` first.');
    const baseline = buildBaselineWeb();
    try {
      return await withTwin(async (twin) => {
        const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
        try {
          progress('loading /signin');
          const signin = await firstLoad(browser, `${twin.url}/signin`, signInReady);
          listChunks(signin.scripts);
          progress(`loading /signin of ${baseline.commit}`);
          const signinBefore = await firstLoad(browser, `${twin.url}/signin`, signInReady, undefined, baseline);
          const figures = [figure('web.signin_js_gz_kb', signin.scripts, signinBefore.scripts, baseline.commit, SIGNIN_TARGET_KB)];

          progress("loading /employee (the portal's sign-in)");
          const employee = await firstLoad(browser, `${twin.url}/employee`, employeeReady);
          listChunks(employee.scripts);
          const employeeBefore = await firstLoad(browser, `${twin.url}/employee`, employeeReady, undefined, baseline);
          figures.push(figure('web.employee_js_gz_kb', employee.scripts, employeeBefore.scripts, baseline.commit, EMPLOYEE_TARGET_KB));

          progress("time to interactive of /signin and /employee on slow 3G, this build then the baseline's");
          const here = await serveLikeCloudFront(fileURLToPath(new URL('.', DIST)), twin.url);
          const there = await serveLikeCloudFront(baseline.dist, twin.url);
          try {
            const tti = async (origin: string) => ({
              signin: await slowLinkTti(browser, origin, '/signin', signInReady),
              employee: await slowLinkTti(browser, origin, '/employee', employeeReady),
            });
            const now = await tti(here.url);
            const then = await tti(there.url);
            figures.push(ttiFigure('web.signin_tti_slow3g_s', now.signin, then.signin, baseline.commit));
            figures.push(ttiFigure('web.employee_tti_slow3g_s', now.employee, then.employee, baseline.commit, EMPLOYEE_TTI_TARGET_S));
          } finally {
            await Promise.all([here.close(), there.close()]);
          }

          progress(`signing in as ${twin.admin.email}`);
          const session = await signIn(browser, twin.url, twin.admin);
          const others = [
            ...PUBLIC_SCREENS.filter((s) => s.path !== '/signin').map((s) => ({ path: s.path, session: undefined })),
            ...[...SCREENS, PENDING_SCREEN].map((s) => ({ path: s.path, session })),
          ];
          for (const screen of others) {
            const load = await firstLoad(browser, `${twin.url}${screen.path}`, screenReady, screen.session);
            if (!baseline.hasScreen(screen.path)) {
              // A screen added since the baseline: its size is shown, with nothing to compare it with.
              figures.push({
                name: `web.${slug(screen.path)}_js_gz_kb`,
                value: total(load.scripts),
                unit: 'KB gz',
                note: `${load.scripts.length} scripts; new since ${baseline.commit}, so no baseline`,
              });
              continue;
            }
            progress(`loading ${screen.path}, then the same of ${baseline.commit}`);
            const before = await firstLoad(browser, `${twin.url}${screen.path}`, screenReady, screen.session, baseline);
            const shown = figure(`web.${slug(screen.path)}_js_gz_kb`, load.scripts, before.scripts, baseline.commit);
            if (load.finalPath !== screen.path) shown.note += `, ended on ${load.finalPath}`;
            if (before.finalPath !== load.finalPath) shown.note += `, ${baseline.commit} ended on ${before.finalPath}`;
            figures.push(shown);
          }
          return figures;
        } finally {
          await browser.close();
        }
      });
    } finally {
      baseline.dispose();
    }
  },
};
