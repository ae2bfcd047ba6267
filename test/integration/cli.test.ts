import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SUBMISSION_MESSAGES } from '#shared/api/submissions.js';
import { listSubmissions } from '#shared/routes/reviews.js';
import { getSettings, updateSettings } from '#shared/routes/settings.js';
import { currentMonth } from '#shared/rules/dates.js';
import { formatIssue } from '#shared/rules/issues.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { type SeededOrg, seedOrganisation, seedRegistryNrc, uniquePayeeKey } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, workbook } from '../fixtures/submissions/workbooks.js';
import { apiClientCredentials } from '../support/api-clients.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { signIn } from '../support/cognito.js';
import { auditOf } from './admin-support.js';

/** `npx payroll` as a lender's system runs it: the built CLI in its own process, against the twin, as an API client. */
const twin = inject('twin');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
const M = currentMonth();
const base = 600_000 + Math.floor(Math.random() * 90_000) * 10;
const nrc = (n: number) => nrcOf(n, base);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
interface Client {
  clientId: string;
  secret: string;
  adminToken: string;
}

let dir: string;
let lender: SeededOrg;
let other: SeededOrg;
let client: Client;

const envOf = (c: Client, url = twin.url) => ({ PAYROLL_URL: url, PAYROLL_CLIENT_ID: c.clientId, PAYROLL_CLIENT_SECRET: c.secret });

async function cli(args: string[], env: Record<string, string>, { viaNpx = false } = {}): Promise<Run> {
  const [command, prefix] = viaNpx ? ['npx', ['--no-install', 'payroll']] : [process.execPath, ['cli/dist/cli.mjs']];
  const { PAYROLL_URL: _u, PAYROLL_CLIENT_ID: _i, PAYROLL_CLIENT_SECRET: _s, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run(command, [...prefix, ...args], { cwd: root, env: { ...inherited, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as Run;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A file in the test's folder. */
function file(name: string, data: Buffer | string): string {
  const target = path.join(dir, name);
  writeFileSync(target, data);
  return target;
}

/** A port nothing listens on: one the system gave and was given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const submitArgs = (target: string, org: SeededOrg) => ['submit', target, '--kind', 'inputs', '--month', M, '--payee', org.payeeKey];
const reports = async (token: string) => okBody(await call(twin, listSubmissions, { query: { scope: 'reports' }, caller: token })).items;

beforeAll(async () => {
  await run(process.execPath, ['scripts/build-cli.mjs'], { cwd: root });
  dir = mkdtempSync(path.join(tmpdir(), 'payroll-cli-'));
  [lender, other] = await Promise.all([seedOrganisation(twin, uniquePayeeKey(), 'CLI Lender'), seedOrganisation(twin, uniquePayeeKey(), 'CLI Other Lender')]);
  client = await apiClientCredentials(twin, lender, 'data_user');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The clean file's submission, whose rows the history look-up then finds. */
let submissionId = '';

describe('payroll submit', () => {
  it('checks, uploads, waits for the server and submits a clean file, one JSON document on stdout', async () => {
    const clean = file('clean.xlsx', workbook(inputsRows(M, lender.payeeKey, [nrc(1), nrc(2), nrc(3)])));
    const { code, stdout, stderr } = await cli([...submitArgs(clean, lender), '--json'], envOf(client));
    expect(code, stderr).toBe(0);
    const doc = JSON.parse(stdout);
    expect(Object.keys(doc).slice(0, 2)).toEqual(['outcome', 'checked']);
    expect(doc).toMatchObject({
      outcome: 'submitted',
      checked: 'server',
      file: clean,
      row_count: 3,
      totals: { errors: 0 },
      submission_id: expect.any(String),
      upload_id: expect.any(String),
    });
    expect(stderr).toContain(`Checking ${clean} locally…`);
    expect(stderr).toContain('Validating on server…');
    expect(stderr).toContain('Submitting…');
    submissionId = doc.submission_id;
    expect((await reports(client.adminToken)).map((item) => item.id)).toContain(submissionId);
  });

  it('prints the server’s errors as the screen words them and exits 1, submitting nothing', async () => {
    const admin = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
    const before = okBody(await call(twin, getSettings, { caller: admin })).mandates.required_from;
    expectStatus(await call(twin, updateSettings, { body: { mandates: { required_from: M } }, caller: admin }), 200);
    try {
      // New deductions citing no mandate pass the local checks; the server's are row errors once mandates are required.
      const unmandated = file('unmandated.xlsx', workbook(inputsRows(M, lender.payeeKey, [nrc(11), nrc(12)])));
      const { code, stdout } = await cli(submitArgs(unmandated, lender), envOf(client));
      expect(code).toBe(1);
      expect(stdout).toContain(`${unmandated}: 2 rows, 2 errors`);
      expect(stdout).toContain(
        formatIssue({ row: 2, column: 'Mandate', type: 'MANDATE', message: 'A new deduction must cite the employee’s mandate in the MANDATE column.' }),
      );
      expect(stdout).toContain('2 errors must be fixed before you can submit: correct the file, then submit it again. Nothing was submitted.');
      expect((await reports(client.adminToken)).filter((item) => item.file_name === 'unmandated.xlsx')).toEqual([]);
    } finally {
      expectStatus(await call(twin, updateSettings, { body: { mandates: { required_from: before } }, caller: admin }), 200);
    }
  });

  it('uploads nothing when the file fails the local checks', async () => {
    const fresh = await apiClientCredentials(twin, lender, 'data_user');
    const rows = inputsRows(M, lender.payeeKey, [nrc(21), nrc(22)]);
    rows[2]![5] = 'B002';
    const wrong = file('wrong-payee.xlsx', workbook(rows));
    const { code, stdout } = await cli([...submitArgs(wrong, lender), '--json'], envOf(fresh));
    expect(code).toBe(1);
    const doc = JSON.parse(stdout);
    expect(doc).toMatchObject({ outcome: 'invalid', checked: 'local', upload_id: null, totals: { errors: 1 } });
    expect(doc.errors[0]).toMatchObject({ row: 3, type: 'PAYEE_KEY' });
    expect(doc.message).toContain('Nothing was uploaded.');
    expect((await auditOf(twin, `USER#api-client:${fresh.clientId}`)).filter((entry) => entry.action === 'request.create-upload')).toEqual([]);
  });

  it('says what is wrong, with exit 2 or 3, for the environment, the credentials, the network, the file and the role', async () => {
    const clean = file('again.xlsx', workbook(inputsRows(M, other.payeeKey, [nrc(31)])));
    const nobody = await closedPort();
    const [missingEnv, badSecret, noNetwork, noFile, notTheirs] = await Promise.all([
      cli(submitArgs(clean, other), { PAYROLL_URL: twin.url }),
      cli(submitArgs(clean, other), { ...envOf(client), PAYROLL_CLIENT_SECRET: 'not-the-secret' }),
      cli([...submitArgs(clean, other), '--json'], envOf(client, `http://127.0.0.1:${nobody}`)),
      cli(submitArgs(path.join(dir, 'nowhere.xlsx'), other), envOf(client)),
      cli([...submitArgs(clean, other), '--json'], envOf(client)),
    ]);
    expect(missingEnv).toMatchObject({ code: 2, stderr: expect.stringContaining('Set PAYROLL_CLIENT_ID, PAYROLL_CLIENT_SECRET:') });
    expect(badSecret).toMatchObject({ code: 3, stderr: expect.stringContaining('The platform refused PAYROLL_CLIENT_ID and PAYROLL_CLIENT_SECRET.') });
    expect(noNetwork.code).toBe(3);
    expect(JSON.parse(noNetwork.stdout)).toMatchObject({
      outcome: 'error',
      error: 'unreachable',
      message: expect.stringContaining(`Could not reach the platform at http://127.0.0.1:${nobody} (ECONNREFUSED)`),
    });
    expect(noFile).toMatchObject({ code: 2, stderr: expect.stringContaining(`File not found: ${path.join(dir, 'nowhere.xlsx')}`) });
    // Lender's client, the other lender's payee key: the server's own 403 sentence.
    expect(notTheirs.code).toBe(3);
    expect(JSON.parse(notTheirs.stdout)).toEqual({ outcome: 'error', error: 'not_approved', message: SUBMISSION_MESSAGES.notApproved });
  });
});

describe('payroll history and registry-check', () => {
  it('looks a borrower up in the borrower history (npx payroll, as a lender runs it)', async () => {
    await submissionsApi(twin).waitForIngestion(client.adminToken, submissionId);
    const { code, stdout, stderr } = await cli(['history', nrc(1), '--json'], envOf(client), { viaNpx: true });
    const notAnNrc = await cli(['history', '12-34'], envOf(client));
    expect(code, stderr).toBe(0);
    const history = JSON.parse(stdout);
    expect(history).toMatchObject({ nrc: nrc(1), items: [expect.objectContaining({ payee_key: lender.payeeKey, month: M, installment: 250 })] });
    const readable = await cli(['history', nrc(1)], envOf(client));
    expect(readable.stdout).toContain(`Total monthly installment: 250.00 (1 active lender)`);
    expect(readable.stdout).toContain(`CLI Lender (${lender.payeeKey})`);
    // The server's 400, in its own words: the command line is to fix.
    expect(notAnNrc).toMatchObject({ code: 2, stderr: 'Enter a valid NRC (at least 6 digits).\n' });
  });

  it('checks a list of NRCs against the fraud registry', async () => {
    await seedRegistryNrc(twin, nrcDigits(nrc(41)));
    const list = file('borrowers.csv', `nrc,name\n${nrc(41)},Flagged Person\n${nrcDigits(nrc(42))},Clean Person\n`);
    const [json, readable, workbookFile] = await Promise.all([
      cli(['registry-check', list, '--json'], envOf(client)),
      cli(['registry-check', list], envOf(client)),
      cli(['registry-check', file('book.xlsx', workbook([['NRC'], [nrc(41)]]))], envOf(client)),
    ]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ checked: 2, flagged: [nrc(41)] });
    expect(readable.stdout).toBe(`2 NRCs checked, 1 NRC on the fraud registry:\n  ${nrc(41)}\n`);
    expect(workbookFile).toMatchObject({ code: 2, stderr: expect.stringContaining('registry-check reads a text or CSV list of NRCs') });
  });
});
