import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RegisterEntry } from '#data/register/versions.js';
import { getSettings, updateSettings } from '#shared/routes/settings.js';
import { getUploadSignals, type getUpload } from '#shared/routes/submissions.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { HEADER, workbook, XLSX_MIME, type Row } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, offContract, okBody, type RouteBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { payrollAuthorityAdmin } from '../support/payroll-authority.js';
import { registerFlow } from '../support/register-flow.js';
import { registerEntry } from '../support/register.js';

/**
 * What the payroll register adds to a lender's validation, on real files through the real pipeline:
 * NOT_ON_PAYROLL, IDENTITY against the register, AFFORDABILITY against the platform's share of basic pay,
 * rows without an NRC joined to theirs through the register; and a replaced register's effect. This file
 * submits registers, so it owns the current one while it runs.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
type Upload = RouteBody<typeof getUpload>;
const M = currentMonth();
let lender: SeededOrg;
const who = { lender: '', pmec: '', approver: '', admin: '', lenderCompliance: '' };

async function tokenFor(roles: Parameters<typeof createUser>[1]) {
  const user = await createUser(twin, roles);
  return (await signIn(twin, user.email, user.password)).idToken;
}

/** The payroll authority's PMEC admin proposes a register through the upload route, a second one approves it, and it becomes current. */
async function submitRegister(entries: RegisterEntry[]) {
  await registerFlow(twin).approved(who.pmec, who.approver, entries, M);
}

interface LenderRow {
  emp: string;
  nrc: string | null;
  amount: number;
  name: [string, string];
}
const lenderRow = (e: RegisterEntry, over: Partial<LenderRow> = {}): LenderRow => ({
  emp: e.employee_number,
  nrc: e.nrc,
  amount: 100,
  name: [e.first_name, e.last_name],
  ...over,
});

async function validate(rows: LenderRow[]): Promise<Upload> {
  const sheet: Row[] = [HEADER, ...rows.map((r) => [r.emp, r.nrc, `${M}-01`, '2030-12-31', r.amount, lender.payeeKey, r.name[0], r.name[1]])];
  const file = workbook(sheet);
  const upload = await api.upload(
    who.lender,
    { doc_kind: 'inputs', month: M, payee_key: lender.payeeKey, file_name: 'inputs.xlsx', size: file.length, content_type: XLSX_MIME },
    file,
  );
  expect(upload.status).toBe('validated');
  expect(upload.errors, JSON.stringify(upload.errors)).toEqual([]);
  return upload;
}
const ofType = (upload: Upload, type: string) => upload.signals.filter((s) => s.type === type).map((s) => ({ row: s.row, nrc: s.nrc, message: s.message }));
const setShare = (share: number | null) => call(twin, updateSettings, { body: { affordability: { max_share_of_basic_pay: share } }, caller: who.admin });

const staff = {
  onPay: registerEntry({ first_name: 'Mary', last_name: 'Banda', basic_pay: 1_000 }),
  otherNumber: registerEntry({ first_name: 'John', last_name: 'Phiri' }),
  otherName: registerEntry({ first_name: 'Ruth', last_name: 'Mwale' }),
  noNrcInFile: registerEntry({ first_name: 'Peter', last_name: 'Zulu', basic_pay: 500 }),
};
const ghost = registerEntry({ first_name: 'Ghost', last_name: 'Worker' });

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  lender = await seedOrganisation(twin, uniquePayeeKey());
  const authorityToken = () => payrollAuthorityAdmin(twin).then((admin) => admin.token);
  [who.lender, who.pmec, who.approver, who.admin, who.lenderCompliance] = await Promise.all([
    tokenFor(['fi_admin']),
    authorityToken(),
    authorityToken(),
    tokenFor(['super_admin']),
    tokenFor([]),
  ]);
  await seedMembership(twin, lender, subOf(who.lender));
  await seedMembership(twin, lender, subOf(who.lenderCompliance), 'approved', 'compliance');
  await submitRegister(Object.values(staff));
});
afterAll(async () => {
  await setShare(null);
});

describe('settings: the affordability share', () => {
  it('is off until a platform admin sets it, a whole percentage from 1 to 100', async () => {
    const read = await call(twin, getSettings, { caller: who.lender });
    expectStatus(read, 200);
    expect(read.body.affordability).toEqual({ max_share_of_basic_pay: null });
    expect((await call(twin, updateSettings, { body: { affordability: { max_share_of_basic_pay: 40 } }, caller: who.lender })).status).toBe(403);
    for (const wrong of [0, 101, 12.5, '40']) {
      const refused = await call(twin, updateSettings, { body: { affordability: offContract({ max_share_of_basic_pay: wrong }) }, caller: who.admin });
      expect(refused).toMatchObject({ status: 400, body: { message: expect.stringContaining('whole percentage from 1 to 100') } });
    }
  });
});

describe("a lender's file against the register", () => {
  let upload: Upload;

  beforeAll(async () => {
    expectStatus(await setShare(40), 200);
    upload = await validate([
      lenderRow(staff.onPay, { amount: 500, name: ['BANDA', 'mary'] }),
      lenderRow(staff.otherNumber, { emp: `${staff.otherNumber.employee_number}X` }),
      lenderRow(staff.otherName, { name: ['Ruth', 'Tembo'] }),
      lenderRow(ghost),
      lenderRow(staff.noNrcInFile, { nrc: null, amount: 300 }),
      { emp: 'NOBODY-1', nrc: null, amount: 50, name: ['No', 'One'] },
    ]);
  });

  it('counts and lists NOT_ON_PAYROLL for an NRC, or a row without one, the register does not hold', () => {
    expect(upload.signal_counts).toMatchObject({ not_on_payroll: 2, identity: 2, affordability: 2 });
    expect(ofType(upload, 'NOT_ON_PAYROLL')).toEqual([
      { row: 5, nrc: ghost.nrc, message: `${ghost.nrc} is not on the payroll register of ${M}: a ghost employee, or one who has left or retired.` },
      { row: 7, nrc: null, message: `employee NOBODY-1 is not on the payroll register of ${M}: a ghost employee, or one who has left or retired.` },
    ]);
  });

  it('raises IDENTITY where the register holds the NRC under another employee number, or another name (order and case aside), saying only that they differ', () => {
    expect(ofType(upload, 'IDENTITY')).toEqual([
      { row: 3, nrc: staff.otherNumber.nrc, message: "The employee number differs from the payroll register's." },
      { row: 4, nrc: staff.otherName.nrc, message: "The name differs from the payroll register's." },
    ]);
  });

  it('raises AFFORDABILITY past the share of basic pay, a row without an NRC joined to its NRC through the register', () => {
    expect(ofType(upload, 'AFFORDABILITY')).toEqual([
      {
        row: 2,
        nrc: staff.onPay.nrc,
        message: 'Installments across lenders come to ZMW 500.00 a month, more than 40% of the basic pay on the payroll register.',
      },
      { row: 6, nrc: null, message: 'Installments across lenders come to ZMW 300.00 a month, more than 40% of the basic pay on the payroll register.' },
    ]);
  });

  it("shows the lender no value of the register's: its employee numbers, names, basic pay, nor the NRC of a row without one", async () => {
    const page = await call(twin, getUploadSignals, { params: { id: upload.id }, query: { type: 'IDENTITY' }, caller: who.lender });
    expectStatus(page, 200);
    const shown = JSON.stringify([upload, page.body]);
    for (const value of [staff.noNrcInFile.nrc, 'Mwale', '1,000.00', 'basic pay of', 'under employee number']) expect(shown).not.toContain(value);
    expect([...upload.signals, ...page.body.signals].filter((s) => s.on_record !== undefined)).toEqual([]);
  });

  it('never blocks the file', async () => {
    const submitted = await api.submit(who.lender, upload.id);
    expectStatus(submitted, 200);
  });

  it("shows PMEC's reviewer both sides in the review drawer's source, and the lender, its compliance officer too, still one", async () => {
    const identity = (caller: string) => call(twin, getUploadSignals, { params: { id: upload.id }, query: { type: 'IDENTITY' }, caller });
    const affordability = await call(twin, getUploadSignals, { params: { id: upload.id }, query: { type: 'AFFORDABILITY' }, caller: who.pmec });
    const reviewer = await identity(who.pmec);
    expectStatus(reviewer, 200);
    expect(reviewer.body.signals.map((s) => [s.message, s.on_record])).toEqual([
      [
        "The employee number differs from the payroll register's.",
        `The payroll register has NRC ${staff.otherNumber.nrc} under employee number ${staff.otherNumber.employee_number}; this file has ${staff.otherNumber.employee_number}X.`,
      ],
      ["The name differs from the payroll register's.", "The payroll register has 'Ruth Mwale'; this file has 'Ruth Tembo'."],
    ]);
    expect(okBody(affordability).signals.find((s) => s.row === 6)?.on_record).toBe(
      `The basic pay on the payroll register is ZMW 500.00. This row has no NRC: it was checked as NRC ${staff.noNrcInFile.nrc}, the payroll register's for its employee number.`,
    );
    for (const caller of [who.lender, who.lenderCompliance]) {
      const lenderSide = await identity(caller);
      expectStatus(lenderSide, 200);
      expect(lenderSide.body.signals.map((s) => s.on_record)).toEqual([undefined, undefined]);
    }
  });

  it('raises no AFFORDABILITY while the share is off', async () => {
    expectStatus(await setShare(null), 200);
    const again = await validate([lenderRow(staff.onPay, { amount: 900 })]);
    expect(again.signal_counts).toMatchObject({ not_on_payroll: 0, affordability: 0 });
  });
});

describe('a replaced register', () => {
  it('makes an employee missing from the new register NOT_ON_PAYROLL', async () => {
    const { onPay, ...others } = staff;
    await submitRegister(Object.values(others));
    const upload = await validate([lenderRow(onPay), lenderRow(staff.otherName)]);
    expect(ofType(upload, 'NOT_ON_PAYROLL').map((s) => s.nrc)).toEqual([onPay.nrc]);
  });
});
