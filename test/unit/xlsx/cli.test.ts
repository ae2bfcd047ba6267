import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { generateInputsWorkbook } from '../../../bench/fixtures.js';
import { main } from '../../../cli/main.js';
import { backoff } from '../../../cli/submit.js';
import { DEDUCTIONS, DEDUCTIONS_EXPECTED, writeWithSheetJs } from '../../fixtures/xlsx-fixtures.js';
import { encryptedWorkbook } from '../../fixtures/xlsx-hostile.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);
const ARGS = ['--kind', 'inputs', '--month', '2026-03', '--payee', 'A001'];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI in its own process: the bundle `npm run cli` runs (built in beforeAll), or, as a lender
 * would, `npm run cli` itself.
 */
async function cli(args: string[], { viaNpm = false } = {}): Promise<Run> {
  const [command, prefix] = viaNpm ? ['npm', ['run', '--silent', 'cli', '--']] : [process.execPath, ['cli/dist/cli.mjs']];
  try {
    const { stdout, stderr } = await run(command, [...prefix, ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as Run;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** main() in this process, for the command-line checks that need no file. */
async function inProcess(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (line) => out.push(line), err: (line) => err.push(line) }, env);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

let dir: string;
let good: string;
let withErrors: string;
let encrypted: string;
let missing: string;
/** The spawned runs, started together so the suite waits for the slowest only. */
let runs: Record<'good' | 'errors' | 'unreadable' | 'summary', Promise<Run>>;

beforeAll(async () => {
  await run(process.execPath, ['scripts/build-cli.mjs'], { cwd: root });
  dir = mkdtempSync(path.join(tmpdir(), 'payroll-cli-'));
  good = path.join(dir, 'good.xlsx');
  withErrors = path.join(dir, 'errors.xlsx');
  encrypted = path.join(dir, 'locked.xlsx');
  missing = path.join(dir, 'nowhere.xlsx');
  writeFileSync(good, generateInputsWorkbook({ rows: 30, month: '2026-03', payeeKey: 'A001' }));
  writeFileSync(withErrors, writeWithSheetJs({ Inputs: DEDUCTIONS }));
  writeFileSync(encrypted, encryptedWorkbook());
  runs = {
    good: cli(['validate', good, ...ARGS, '--json'], { viaNpm: true }),
    errors: cli(['validate', good, withErrors, ...ARGS, '--json']),
    unreadable: cli(['validate', withErrors, missing, encrypted, ...ARGS, '--json']),
    summary: cli(['validate', withErrors, ...ARGS]),
  };
});

afterAll(async () => {
  await Promise.allSettled(Object.values(runs));
  rmSync(dir, { recursive: true, force: true });
});

describe('cli validate', { timeout: 60_000 }, () => {
  it('prints one JSON report and exits 0 for a file without errors', async () => {
    const { code, stdout } = await runs.good;
    expect(code).toBe(0);
    const [report] = jsonLines(stdout);
    expect(Object.keys(report ?? {})).toEqual(['file', 'headers_found', 'headers', 'row_count', 'errors', 'warnings', 'fraud']);
    expect(report).toMatchObject({ file: good, headers_found: true, row_count: 30, errors: [], warnings: [], fraud: [] });
  });

  it('exits 1 when a file has errors, one line per file, issues as {row, column, type, message}', async () => {
    const { code, stdout } = await runs.errors;
    expect(code).toBe(1);
    const reports = jsonLines(stdout);
    expect(reports.map((report) => report.file)).toEqual([good, withErrors]);
    expect(reports[1]).toMatchObject({
      headers_found: true,
      row_count: 4,
      errors: DEDUCTIONS_EXPECTED.errors,
      warnings: DEDUCTIONS_EXPECTED.warnings,
      fraud: [],
    });
  });

  it('exits 2 when a file cannot be read, its report carrying one HEADER error saying why', async () => {
    const { code, stdout } = await runs.unreadable;
    expect(code).toBe(2);
    const [, notFound, locked] = jsonLines(stdout);
    expect(notFound).toEqual({
      file: missing,
      headers_found: false,
      headers: [],
      row_count: 0,
      errors: [{ row: null, column: 'File', type: 'HEADER', message: `File not found: ${missing}` }],
      warnings: [],
      fraud: [],
    });
    expect(locked).toMatchObject({
      errors: [
        { row: null, column: 'File', type: 'HEADER', message: 'This workbook is password-protected. Remove the password in Excel and upload it again.' },
      ],
    });
  });

  it('prints a readable summary without --json', async () => {
    const { code, stdout } = await runs.summary;
    expect(code).toBe(1);
    expect(stdout).toContain(`${withErrors}: 4 rows, 3 errors, 1 warning`);
    expect(stdout).toContain("[PAYEE_KEY] row 8 — col Payee Key — Payee Key 'B002' does not match entered code 'A001'");
    expect(stdout).toContain('Fraud flags: not checked (the CLI runs offline)');
  });

  it.each([
    [['validate', 'x.xlsx', '--kind', 'loans', '--payee', 'A001'], /--kind must be inputs or stoppages, not 'loans'/],
    [['validate', 'x.xlsx', '--kind', 'inputs', '--month', '2026-3', '--payee', 'A001'], /--month must be a month written YYYY-MM/],
    [
      ['validate', 'x.xlsx', '--kind', 'inputs', '--month', shiftMonth(currentMonth(), 1), '--payee', 'A001'],
      /is after the current month .*does not accept uploads for a later month/,
    ],
    [['validate', 'x.xlsx', '--kind', 'inputs'], /--payee is required/],
    [['validate', '--kind', 'inputs', '--payee', 'A001'], /Name at least one \.xlsx file/],
    [['check', 'x.xlsx'], /Unknown command 'check'/],
    [['validate', 'x.xlsx', '--kind', 'inputs', '--payee', 'A001', '--colour'], /Unknown option '--colour'/],
  ])('refuses a wrong command line with exit 2: %j', async (args, message) => {
    const { code, stderr } = await inProcess(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toContain('npx payroll validate FILE...');
  });

  it('says in --help that it runs offline', async () => {
    const { code, stdout } = await inProcess(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/runs offline.*fraud registry/s);
  });
});

describe('cli commands that call the platform', () => {
  it.each([
    [['submit', '--kind', 'inputs', '--payee', 'A001'], /Name the \.xlsx file to submit/],
    [['submit', 'a.xlsx', 'b.xlsx', '--kind', 'inputs', '--payee', 'A001'], /Name one file to submit at a time/],
    [['submit', 'a.xlsx', '--kind', 'loans', '--payee', 'A001'], /--kind must be inputs or stoppages/],
    [['history'], /Name one NRC to look up/],
    [['registry-check'], /Name one file holding the NRCs/],
  ])('refuses a wrong command line with exit 2 before reaching the platform: %j', async (args, message) => {
    const { code, stderr } = await inProcess(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('names the environment missing, with exit 2, and --json says so in one document', async () => {
    const { code, stdout, stderr } = await inProcess(['history', '123456/78/1', '--json'], { PAYROLL_URL: 'https://payroll.example.zm' });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^Set PAYROLL_CLIENT_ID, PAYROLL_CLIENT_SECRET:/);
    expect(JSON.parse(stdout)).toMatchObject({ outcome: 'error', error: 'missing_environment' });
    const badUrl = await inProcess(['history', '123456/78/1'], { PAYROLL_URL: 'payroll.example.zm', PAYROLL_CLIENT_ID: 'id', PAYROLL_CLIENT_SECRET: 'secret' });
    expect(badUrl).toMatchObject({ code: 2, stderr: expect.stringContaining("PAYROLL_URL must be the platform's address starting with https://") });
  });

  it('waits longer between looks at an upload, half as long again each time, never over 5 s', () => {
    const waits = backoff();
    expect(Array.from({ length: 9 }, () => waits.next().value)).toEqual([500, 750, 1125, 1687.5, 2531.25, 3796.875, 5000, 5000, 5000]);
  });
});
