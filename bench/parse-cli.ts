/**
 * The CLI as a lender runs it, whole: `node cli/dist/cli.mjs validate FILE ...` spawned, from the process's
 * start to its exit (Node's start-up, loading the bundle, reading the file, printing the report).
 */
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ChildResult } from './parse-child.js';

const run = promisify(execFile);

/**
 * Loaded before the CLI by --import: at exit, the process's own CPU time (every thread, since it started)
 * and peak resident memory, as getrusage gives them, on stderr's last line. It counts the same on any OS.
 */
const USAGE_AT_EXIT = `data:text/javascript,${encodeURIComponent(
  'import { writeSync } from "node:fs"; process.on("exit", () => { const u = process.resourceUsage(); writeSync(2, "\\n" + JSON.stringify({ cpu_ms: (u.userCPUTime + u.systemCPUTime) / 1000, peak_rss_mb: u.maxRSS / 1024 }) + "\\n"); });',
)}`;

/** The bundle, built by the script `npm run cli` uses when it is missing or older than its sources. */
export async function cliBundle(root: string): Promise<string> {
  await run(process.execPath, [path.join(root, 'scripts', 'build-cli.mjs')], { cwd: root });
  return path.join(root, 'cli', 'dist', 'cli.mjs');
}

/** One cold run of the CLI over the file, --json, its report checked: rows read and errors found. */
export function measureCli(bundle: string, file: string, args: readonly string[]): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', USAGE_AT_EXIT, bundle, 'validate', file, ...args, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      try {
        const report = JSON.parse(stdout) as { row_count: number; errors: unknown[] };
        const usage = JSON.parse(stderr.trim().split('\n').at(-1) ?? '') as { cpu_ms: number; peak_rss_mb: number };
        if (code !== 0 && report.errors.length === 0) throw new Error(`exit status ${code}`);
        resolve({ rows: report.row_count, errors: report.errors.length, ms, ...usage });
      } catch (error) {
        reject(new Error(`The CLI failed (${(error as Error).message}): ${stderr.slice(0, 500)}`));
      }
    });
  });
}
