import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { drawJobKey } from '#data/payroll/schedule-drawn.js';
import { assemblyJobKey, partJobKey } from '#data/payroll/schedule-parts.js';
import { listAudit } from '#shared/routes/audit.js';
import { downloadPayrollSchedule, getPayrollSchedule } from '#shared/routes/payroll.js';
import { decideSubmission } from '#shared/routes/reviews.js';
import { lastDayOfMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seededLender } from '../fixtures/submissions/directory.js';
import { HEADER, type Row, workbook } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { type AuthorityAdmin, payrollAuthorityAdmin, seedPmecAdmin, seedPmecOrganisation, superAdminToken } from '../support/payroll-authority.js';
import { deleteUploadObject, drawnFingerprint, freezeSchedule, putSubmissionsItem, putUploadObject, uploadKeys } from '../support/payroll-schedule.js';
import { twinSettled } from '../support/twin-process.js';

/**
 * The month's payroll schedule: the lines of its COMPLETED inputs less its COMPLETED stoppages, shown to the
 * payroll authority and platform admins, frozen as a version by its first download and as the next version
 * by a download after another completion, with what changed.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
// A month of the 2010s no other test file submits for, so the schedule holds this file's submissions alone.
const month = `201${Math.floor(Math.random() * 10)}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
const base = 300_000 + Math.floor(Math.random() * 600_000);
const nrc = (n: number) => `${base + n}/10/1`;

type Lender = Awaited<ReturnType<typeof seededLender>>;
/** A deduction file's rows: [n, installment] each, employee number and name following n. */
const rows = (lender: Lender, entries: [number, number][]): Row[] => [
  HEADER,
  ...entries.map(([n, amount]) => [`E${base + n}`, nrc(n), `${month}-01`, lastDayOfMonth(month), amount, lender.org.payeeKey, `First${n}`, `Last${n}`]),
];
let fileNo = 0;
const submit = (lender: Lender, kind: 'inputs' | 'stoppages', entries: [number, number][]) =>
  api.submitWorkbook(lender.token, { kind, month, payeeKey: lender.org.payeeKey, fileName: `schedule ${++fileNo}.xlsx` }, workbook(rows(lender, entries)));

let authority: AuthorityAdmin;
let compliance: string;
let lenderA: Lender;
let lenderB: Lender;
let otherPmec: AuthorityAdmin;
let sysAdmin: string;

const decide = async (id: string, decision: 'approve' | 'reject' | 'complete', caller: string) =>
  expectStatus(
    await call(twin, decideSubmission, { params: { id }, body: decision === 'reject' ? { decision, note: 'Wrong file.' } : { decision }, caller }),
    200,
  );
const complete = async (id: string) => {
  await decide(id, 'approve', compliance);
  await decide(id, 'complete', authority.token);
};
const schedule = async (caller = authority.token) => okBody(await call(twin, getPayrollSchedule, { query: { month }, caller }));
/** The schedule once its S3 event has drawn what the last view asked for. */
const drawn = async (caller = authority.token) => {
  await twinSettled(twin);
  const seen = await schedule(caller);
  expect(seen.state).toBe('ready');
  return seen;
};
const download = (format: 'csv' | 'xlsx', caller = authority.token) => call(twin, downloadPayrollSchedule, { body: { month, format }, caller });

let pendingB: string;
beforeAll(async () => {
  authority = await payrollAuthorityAdmin(twin);
  const person = async (roles: Parameters<typeof createUser>[1]) => {
    const user = await createUser(twin, roles);
    return (await signIn(twin, user.email, user.password)).idToken;
  };
  [compliance, sysAdmin, lenderA, lenderB, otherPmec] = await Promise.all([
    person(['compliance']),
    person(['sys_admin']),
    seededLender(twin),
    seededLender(twin),
    seedPmecOrganisation(twin).then((org) => seedPmecAdmin(twin, org)),
  ]);
  const [inputsA, stoppagesA, rejectedA, inputsB] = await Promise.all([
    submit(lenderA, 'inputs', [
      [1, 250],
      [2, 250],
      [3, 250],
    ]),
    submit(lenderA, 'stoppages', [[2, 0]]),
    submit(lenderA, 'inputs', [[10, 999]]),
    submit(lenderB, 'inputs', [
      [21, 400],
      [22, 400],
    ]),
  ]);
  pendingB = await submit(lenderB, 'inputs', [[29, 150]]);
  await Promise.all([complete(inputsA), complete(stoppagesA), complete(inputsB), decide(rejectedA, 'reject', compliance)]);
});

describe('who sees the schedule', () => {
  it('refuses a lender and the admin of a PMEC organisation that is not the payroll authority, with a sentence', async () => {
    for (const caller of [lenderA.token, otherPmec.token]) {
      expectStatus(await call(twin, getPayrollSchedule, { query: { month }, caller }), 403);
      expectStatus(await download('csv', caller), 403);
    }
    const seen = await call(twin, getPayrollSchedule, { query: { month }, caller: otherPmec.token });
    expectStatus(seen, 403);
    expect(seen.body).toMatchObject({
      error: 'not_payroll_authority',
      message: expect.stringMatching(/^Only the payroll authority's PMEC admins \(.+\) and platform admins see the payroll schedule\.$/),
    });
  });

  it('refuses a month that is not YYYY-MM with a sentence', async () => {
    for (const bad of ['2026-13', 'November', '']) {
      const seen = await call(twin, getPayrollSchedule, { query: { month: bad }, caller: authority.token });
      expectStatus(seen, 400);
      expect(seen.body.message).toBe('Choose the month as YYYY-MM, for example 2026-11.');
    }
    expectStatus(await call(twin, downloadPayrollSchedule, { body: { month: '11/2026', format: 'csv' }, caller: authority.token }), 400);
  });
});

describe("the month's schedule, version by version", () => {
  let firstHash: string;
  let firstFingerprint: string;
  let secondFingerprint: string;

  it('is drawn by its event when first asked, and says so until it is ready', async () => {
    expect(await schedule(sysAdmin)).toMatchObject({
      month,
      state: 'drawing',
      version: 1,
      frozen: false,
      lines: 0,
      drawn_at: null,
      download: { csv: null, xlsx: null },
    });
    const refused = await download('csv');
    expectStatus(refused, 409);
    expect(refused.body).toMatchObject({ error: 'schedule_drawing', message: expect.stringContaining(`The schedule of ${month} is being drawn`) });
  });

  it('holds the COMPLETED inputs less the COMPLETED stoppages, never a pending or rejected file, not yet frozen', async () => {
    const seen = await drawn(sysAdmin);
    expect(seen).toMatchObject({
      month,
      state: 'ready',
      version: 1,
      frozen: false,
      lines: 4,
      total: 1300,
      previous: null,
      changes: [],
      download: { csv: null, xlsx: null },
    });
    expect(seen.by_lender).toEqual(
      [
        { payee_key: lenderA.org.payeeKey, org_name: lenderA.org.orgName, lines: 2, total: 500 },
        { payee_key: lenderB.org.payeeKey, org_name: lenderB.org.orgName, lines: 2, total: 800 },
      ].sort((a, b) => (a.payee_key < b.payee_key ? -1 : 1)),
    );
    firstHash = seen.hash;
    firstFingerprint = await drawnFingerprint(twin, month);
  });

  it('freezes once when two first downloads come at once, and prints the version and hash on both files', async () => {
    const [csv, xlsx] = await Promise.all([download('csv'), download('xlsx')]);
    expectStatus(csv, 200);
    expectStatus(xlsx, 200);
    expect([csv.body.version, xlsx.body.version]).toEqual([1, 1]);
    expect([csv.body.frozen_now, xlsx.body.frozen_now].sort()).toEqual([false, true]);
    expect(csv.body.hash).toBe(firstHash);

    const text = await (await fetch(csv.body.url)).text();
    const [title, ...body] = text.split('\r\n');
    // The title holds a comma: one quoted cell.
    expect(title).toBe(`"Schedule ${month} version 1, SHA-256 ${firstHash}"`);
    expect(createHash('sha256').update(body.join('\r\n')).digest('hex')).toBe(firstHash);
    expect(body[0]).toBe('EMPLOYEE NUMBER,NRC,NAME,PAYEE KEY,AMOUNT,START DATE,END DATE');
    expect(body).toContain(`E${base + 1},${nrc(1)},First1 Last1,${lenderA.org.payeeKey},250,${month}-01,${lastDayOfMonth(month)}`);
    expect(body.filter((line) => line.includes(nrc(2)) || line.includes(nrc(10)) || line.includes(nrc(29)))).toEqual([]);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await fetch(xlsx.body.url)).arrayBuffer());
    // A summary sheet with the title and a row per lender, then a sheet per lender: its columns, then its lines.
    const [summary, ...lenderSheets] = book.worksheets;
    expect(summary!.getCell('A1').value).toBe(`Schedule ${month} version 1, SHA-256 ${firstHash}`);
    expect(summary!.getRow(2).values).toEqual([undefined, 'PAYEE KEY', 'LENDER', 'LINES', 'TOTAL', 'SHEETS']);
    expect(summary!.rowCount).toBe(4);
    const payees = [lenderA.org.payeeKey, lenderB.org.payeeKey].sort();
    expect(lenderSheets.map((sheet) => sheet.name)).toEqual(payees);
    for (const sheet of lenderSheets) {
      expect(sheet.getRow(1).values).toEqual([undefined, 'EMPLOYEE NUMBER', 'NRC', 'NAME', 'PAYEE KEY', 'AMOUNT', 'START DATE', 'END DATE']);
      expect(sheet.rowCount).toBe(3);
      expect(sheet.getRow(2).getCell(4).value).toBe(sheet.name);
    }
    expect(lenderSheets.find((sheet) => sheet.name === lenderA.org.payeeKey)!.getRow(2).values).toEqual([
      undefined,
      `E${base + 1}`,
      nrc(1),
      'First1 Last1',
      lenderA.org.payeeKey,
      250,
      `${month}-01`,
      lastDayOfMonth(month),
    ]);

    const seen = await schedule();
    expect(seen).toMatchObject({ version: 1, frozen: true, hash: firstHash, frozen_by: authority.email, previous: null, changes: [] });
    expect(seen.download.csv).toEqual(expect.any(String));
    const audit = okBody(
      await call(twin, listAudit, {
        query: {
          from: new Date().toISOString().slice(0, 10),
          to: new Date().toISOString().slice(0, 10),
          action: 'payroll.schedule_freeze',
          subject: `SCHEDULE#${month}`,
        },
        caller: await superAdminToken(twin),
      }),
    );
    expect(audit.items).toEqual([
      expect.objectContaining({ actor_email: authority.email, details: expect.objectContaining({ version: 1, hash: firstHash, lines: 4 }) }),
    ]);
  });

  it('draws nothing again for a repeated job: the drawn schedule stays as it was', async () => {
    const before = await schedule();
    await putUploadObject(twin, drawJobKey(month, '0'.repeat(32)), JSON.stringify({ month }));
    expect(await drawn()).toEqual({ ...before, download: { csv: expect.any(String), xlsx: expect.any(String) } });
  });

  it("takes a lender's part drawn again, a duplicated part event and a repeated assembly as harmless", async () => {
    const before = await schedule();
    const fingerprint = await drawnFingerprint(twin, month);
    const files = await uploadKeys(twin, `payroll/${month}/drawn/${fingerprint}`);
    await Promise.all([
      putUploadObject(twin, partJobKey(month, fingerprint, lenderA.org.payeeKey), '{}'),
      putUploadObject(twin, partJobKey(month, fingerprint, lenderA.org.payeeKey), '{}'),
      putUploadObject(twin, assemblyJobKey(month, fingerprint), '{}'),
    ]);
    expect(await drawn()).toEqual({ ...before, download: { csv: expect.any(String), xlsx: expect.any(String) } });
    expect(await uploadKeys(twin, `payroll/${month}/drawn/${fingerprint}`)).toEqual(files);
    // The run's jobs are removed once assembled: nothing stands to stop the next view's ask.
    expect(await uploadKeys(twin, `schedule-draws/${month}/`)).toEqual([]);
  });

  it('downloads the same version again while nothing changed', async () => {
    const again = await download('csv', sysAdmin);
    expectStatus(again, 200);
    expect(again.body).toMatchObject({ version: 1, hash: firstHash, frozen_now: false });
  });

  it('makes a new version after a later completion, and says what changed per lender', async () => {
    const correction = await submit(lenderA, 'inputs', [[1, 300]]);
    const stopB = await submit(lenderB, 'stoppages', [[22, 0]]);
    await Promise.all([complete(correction), complete(pendingB), complete(stopB)]);

    // The schedule drawn before is shown while the new one is drawn.
    expect(await schedule()).toMatchObject({ state: 'drawing', version: 2, frozen: false, hash: firstHash, lines: 4, total: 1300, changes: [] });
    const seen = await drawn();
    expect(seen).toMatchObject({ version: 2, frozen: false, lines: 4, total: 300 + 250 + 400 + 150, download: { csv: null, xlsx: null } });
    expect(seen.previous).toMatchObject({ version: 1, hash: firstHash, lines: 4, total: 1300 });
    expect(seen.changes).toEqual(
      [
        { payee_key: lenderA.org.payeeKey, org_name: lenderA.org.orgName, added: 0, removed: 0, changed: 1 },
        { payee_key: lenderB.org.payeeKey, org_name: lenderB.org.orgName, added: 1, removed: 1, changed: 0 },
      ].sort((a, b) => (a.payee_key < b.payee_key ? -1 : 1)),
    );

    // A part or assembly of the draw before (its submissions changed mid-draw) never replaces the month's draw nor mixes
    // into it: a part of a run whose submissions moved on draws nothing, and its assembly writes nothing.
    const stale = 'b'.repeat(32);
    await putSubmissionsItem(twin, {
      pk: `SCHEDULE#${month}`,
      sk: `DRAW#${stale}`,
      month,
      fingerprint: stale,
      lenders: [{ payee_key: lenderA.org.payeeKey, org_name: lenderA.org.orgName }],
      base: null,
      planned_at: new Date().toISOString(),
    });
    await putUploadObject(twin, partJobKey(month, stale, lenderA.org.payeeKey), '{}');
    await putUploadObject(twin, assemblyJobKey(month, firstFingerprint), '{}');
    expect(await drawn()).toEqual(seen);
    expect(await uploadKeys(twin, `payroll/${month}/drawn/${stale}`)).toEqual([]);

    const next = await download('xlsx');
    expectStatus(next, 200);
    expect(next.body).toMatchObject({ version: 2, frozen_now: true, hash: seen.hash, file_name: `payroll-schedule-${month}-v2.xlsx` });
    expect(await schedule()).toMatchObject({ version: 2, frozen: true, changes: [], previous: null });
    secondFingerprint = await drawnFingerprint(twin, month);
  });

  it('draws again, titled for the next number, when a version is frozen between a draw and its first download', async () => {
    await complete(await submit(lenderB, 'inputs', [[23, 120]]));
    await schedule();
    expect(await drawn()).toMatchObject({ version: 3, frozen: false, lines: 5 });
    // Version 3 frozen from something else (another download) before this draw's first download: its files say version 3.
    const line = { payee_key: lenderA.org.payeeKey, employee_no: `E${base + 1}`, nrc: nrc(1), name: 'First1 Last1', start_date: `${month}-01` };
    await freezeSchedule(twin, month, [{ ...line, amount: 300, end_date: lastDayOfMonth(month) }], 3, { [lenderA.org.payeeKey]: lenderA.org.orgName });
    const refused = await download('csv');
    expectStatus(refused, 409);
    expect(refused.body).toMatchObject({ error: 'schedule_drawing' });

    const seen = await drawn();
    expect(seen).toMatchObject({ version: 4, frozen: false, lines: 5 });
    const next = await download('csv');
    expectStatus(next, 200);
    expect(next.body).toMatchObject({ version: 4, frozen_now: true, hash: seen.hash });
    const [title] = (await (await fetch(next.body.url)).text()).split('\r\n');
    expect(title).toBe(`"Schedule ${month} version 4, SHA-256 ${seen.hash}"`);
  });

  it("removes a superseded draw's files once a newer draw lands, never the current draw, the one before it, nor a frozen version", async () => {
    const current = await drawnFingerprint(twin, month);
    expect(new Set([firstFingerprint, secondFingerprint, current]).size).toBe(3);
    expect(await uploadKeys(twin, `payroll/${month}/drawn/${firstFingerprint}`)).toEqual([]);
    for (const kept of [secondFingerprint, current]) {
      expect(await uploadKeys(twin, `payroll/${month}/drawn/${kept}.`)).toEqual(['csv', 'jsonl', 'xlsx'].map((ext) => `payroll/${month}/drawn/${kept}.${ext}`));
    }
    const frozen = await uploadKeys(twin, `payroll/${month}/schedule-v`);
    for (const version of [1, 2, 4]) for (const ext of ['csv', 'jsonl', 'xlsx']) expect(frozen).toContain(`payroll/${month}/schedule-v${version}.${ext}`);
    expectStatus(await download('xlsx'), 200);
  });

  it('completes a version whose copy stopped half way from a later draw of its very lines, titled for it', async () => {
    // A completion that changes no line (lender A's third line again, as it stands): a new draw, of version 4's lines.
    await complete(await submit(lenderA, 'inputs', [[3, 250]]));
    await schedule();
    const seen = await drawn();
    expect(seen).toMatchObject({ version: 4, frozen: true, lines: 5 });
    // Version 4's CSV copy stopped before it was written.
    await deleteUploadObject(twin, `payroll/${month}/schedule-v4.csv`);
    const again = await download('csv');
    expectStatus(again, 200);
    expect(again.body).toMatchObject({ version: 4, frozen_now: false, hash: seen.hash });
    const [title] = (await (await fetch(again.body.url)).text()).split('\r\n');
    expect(title).toBe(`"Schedule ${month} version 4, SHA-256 ${seen.hash}"`);
  });
});
