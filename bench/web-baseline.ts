import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';
import { progress } from './support.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The commit the web figures are compared with: the previous commit (a merge's first parent, main before
 * it), so that a change's weight shows beside what it changed. `BENCH_WEB_BASELINE=<commit>` compares with
 * another one.
 */
export const BASELINE_COMMIT = process.env.BENCH_WEB_BASELINE ?? 'HEAD~1';

/** What the twin itself answers: everything else is the SPA, taken from the baseline's build. */
const SERVER_PATHS = /^\/(api|_local)(\/|$)|^\/config\.json$/;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

export interface BaselineWeb {
  commit: string;
  /** The baseline's built web/dist. */
  dist: string;
  /** Whether the baseline commit has this screen at all (a screen added since has nothing to compare with). */
  hasScreen(path: string): boolean;
  /** Serves the baseline's web/dist to a browser context in place of the twin's at `origin` (same API, same session). */
  serve(context: BrowserContext, origin: string): Promise<void>;
  dispose(): void;
}

const git = (args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    .toString()
    .trim();

type Lock = { packages?: Record<string, { version?: string; resolved?: string }> };
const lockAt = (rev: string): Lock =>
  JSON.parse(execFileSync('git', ['show', `${rev}:package-lock.json`], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }).toString()) as Lock;

/**
 * The packages of the baseline's lock file that this checkout installs at another version (or not at
 * all). A package added since cannot change the baseline's build (its code imports none), so only
 * these would mix dependency changes into the comparison.
 */
function changedSince(commit: string): string[] {
  const [before, now] = [lockAt(commit).packages ?? {}, lockAt('HEAD').packages ?? {}];
  return Object.entries(before)
    .filter(([name, pkg]) => name !== '' && (now[name]?.version !== pkg.version || now[name]?.resolved !== pkg.resolved))
    .map(([name]) => name.replace(/^node_modules\//, ''));
}

/**
 * Builds web/dist of the baseline commit in a temporary git worktree with this checkout's
 * node_modules (every package of the baseline's lock file must be installed at the same version, or
 * the comparison would mix in dependency changes), so that both builds are measured in the same run,
 * by the same browser.
 */
export function buildBaselineWeb(): BaselineWeb {
  let commit: string;
  try {
    commit = git(['rev-parse', '--short', '--verify', `${BASELINE_COMMIT}^{commit}`]);
  } catch {
    throw new Error(`The baseline commit ${BASELINE_COMMIT} is not in this clone: fetch main's history, or set BENCH_WEB_BASELINE to another commit.`);
  }
  const changed = changedSince(commit);
  if (changed.length)
    throw new Error(`package-lock.json changed ${changed.slice(0, 5).join(', ')} since ${commit}: the baseline would be built with other dependencies.`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-web-baseline-'));
  const dispose = () => {
    try {
      git(['worktree', 'remove', '--force', dir]);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      git(['worktree', 'prune']);
    }
  };
  try {
    progress(`building web/dist of ${commit} in a temporary worktree`);
    git(['worktree', 'add', '--detach', dir, commit]);
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch (error) {
    dispose();
    throw error;
  }
  const dist = path.join(dir, 'web', 'dist');
  const serve = async (context: BrowserContext, origin: string) => {
    await context.route(
      (url) => url.origin === origin && !SERVER_PATHS.test(url.pathname),
      async (route) => {
        const wanted = path.join(dist, decodeURIComponent(new URL(route.request().url()).pathname));
        const file = wanted.startsWith(dist) && path.extname(wanted) && existsSync(wanted) ? wanted : path.join(dist, 'index.html');
        await route.fulfill({ status: 200, contentType: TYPES[path.extname(file)] ?? 'application/octet-stream', body: readFileSync(file) });
      },
    );
  };
  const navigation = git(['show', `${commit}:shared/navigation.ts`]);
  const hasScreen = (screenPath: string) => navigation.includes(`path: '${screenPath}'`);
  return { commit, dist, hasScreen, serve, dispose };
}
