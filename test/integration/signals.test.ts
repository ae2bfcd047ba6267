import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listAudit } from '#shared/routes/audit.js';
import { decideSubmission } from '#shared/routes/reviews.js';
import { getSettings, updateSettings } from '#shared/routes/settings.js';
import { getUpload, getUploadSignals } from '#shared/routes/submissions.js';
import { currentMonth, lastDayOfMonth, shiftMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { HEADER, workbook, XLSX_MIME, type Row } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, offContract, type CallOptions, type RouteBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * Deduction signals through the real pipeline: two months of one lender with a stoppage and a
 * rejected resubmission, a second lender with a conflicting identity, the exposure limit set by a
 * platform admin, and who may read the signals.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
type Upload = RouteBody<typeof getUpload>;
const M = currentMonth();
const M1 = shiftMonth(M, -1);

interface Borrower {
  nrc: string;
  emp: string;
  amount: number;
  name?: [string, string];
  end?: string;
}
const base = 600_000 + Math.floor(Math.random() * 300_000);
const nrc = (n: number) => `${base + n}/21/1`;
const rowsOf = (month: string, payeeKey: string, borrowers: Borrower[], kind: 'inputs' | 'stoppages' = 'inputs'): Row[] => [
  HEADER,
  ...borrowers.map((b) => [
    b.emp,
    b.nrc,
    `${month}-01`,
    kind === 'stoppages' ? lastDayOfMonth(month) : (b.end ?? '2030-12-31'),
    kind === 'inputs' ? b.amount : 0,
    payeeKey,
    b.name?.[0] ?? 'Mary',
    b.name?.[1] ?? `Banda${b.emp}`,
  ]),
];

const who = { a: '', b: '', reviewer: '', admin: '', outsider: '' };
let lenderA: SeededOrg;
let lenderB: SeededOrg;

async function tokenFor(roles: Parameters<typeof createUser>[1], org?: SeededOrg) {
  const user = await createUser(twin, roles);
  const token = (await signIn(twin, user.email, user.password)).idToken;
  if (org) await seedMembership(twin, org, subOf(token));
  return token;
}

async function upload(token: string, org: SeededOrg, month: string, borrowers: Borrower[], kind: 'inputs' | 'stoppages' = 'inputs'): Promise<Upload> {
  const data = workbook(rowsOf(month, org.payeeKey, borrowers, kind));
  const result = await api.upload(
    token,
    { doc_kind: kind, month, payee_key: org.payeeKey, file_name: `${kind}.xlsx`, size: data.length, content_type: XLSX_MIME },
    data,
  );
  expect(result.status).toBe('validated');
  expect(result.errors, JSON.stringify(result.errors)).toEqual([]);
  return result;
}
async function submit(token: string, org: SeededOrg, month: string, borrowers: Borrower[], kind: 'inputs' | 'stoppages' = 'inputs') {
  const validated = await upload(token, org, month, borrowers, kind);
  const submitted = await api.submit(token, validated.id);
  expectStatus(submitted, 200);
  expect((await api.waitForIngestion(token, validated.id)).ingestion.status).toBe('done');
  return validated;
}
const putSettings = (token: string, exposure: NonNullable<CallOptions<typeof updateSettings>['body']>['exposure']) =>
  call(twin, updateSettings, { body: { exposure }, caller: token });
const messages = (u: Upload, type: string) => u.signals.filter((s) => s.type === type).map((s) => s.message);

// Lender A's borrowers: 1 continues, 2 changes, 3 is stopped, 4 goes missing, 5 is new in M.
// Employee numbers of their own: other tests' files use E1, E2… and would rightly be flagged against these.
const emp = (n: number) => `Q${base + n}`;
const b = (n: number, amount = 250, extra: Partial<Borrower> = {}): Borrower => ({ nrc: nrc(n), emp: emp(n), amount, ...extra });

beforeAll(async () => {
  [lenderA, lenderB] = await Promise.all([seedOrganisation(twin, uniquePayeeKey()), seedOrganisation(twin, uniquePayeeKey())]);
  [who.a, who.b, who.reviewer, who.admin, who.outsider] = await Promise.all([
    tokenFor(['fi_admin'], lenderA),
    tokenFor(['fi_admin'], lenderB),
    tokenFor(['compliance']),
    tokenFor(['super_admin']),
    tokenFor(['fi_admin']),
  ]);
});
afterAll(async () => {
  await putSettings(who.admin, { max_lenders: 4, max_total: null });
});

describe('settings: the exposure limits', () => {
  it('are read by any signed-in user, with the defaults at first', async () => {
    const read = await call(twin, getSettings, { caller: who.outsider });
    expectStatus(read, 200);
    expect(read.body.exposure.max_lenders).toBeGreaterThanOrEqual(1);
  });
  it.each([
    [{ max_lenders: 0, max_total: null }, expect.stringContaining('The lender limit must be a whole number from 1 to 50.')],
    [{ max_lenders: 2.5, max_total: null }, expect.stringContaining('The lender limit must be a whole number from 1 to 50.')],
    [{ max_lenders: 3, max_total: -1 }, expect.stringContaining('The amount limit must be a positive amount')],
    [{ max_lenders: 3, max_total: 10.005 }, expect.stringContaining('at most 2 decimals')],
    [{ max_lenders: '3', max_total: null }, expect.stringContaining('The lender limit must be a whole number from 1 to 50.')],
  ])('refuse %j with 400 and a sentence', async (exposure, message) => {
    const res = await putSettings(who.admin, offContract(exposure));
    expectStatus(res, 400);
    expect(res.body.message).toEqual(message);
  });
  it('are changed by platform admins only', async () => {
    expect((await putSettings(who.a, { max_lenders: 2, max_total: null })).status).toBe(403);
    expect((await putSettings(who.reviewer, { max_lenders: 2, max_total: null })).status).toBe(403);
    const set = await putSettings(who.admin, { max_lenders: 2, max_total: null });
    expectStatus(set, 200);
    expect(set.body).toMatchObject({ exposure: { max_lenders: 2, max_total: null }, updated_by_email: expect.stringContaining('@') });
    // Each change is audited with the values it replaced.
    const day = new Date().toISOString().slice(0, 10);
    const audit = await call(twin, listAudit, { query: { from: day, to: day, action: 'settings.', subject: 'SETTING#exposure' }, caller: who.admin });
    expectStatus(audit, 200);
    expect(audit.body.items).toContainEqual(expect.objectContaining({ action: 'settings.exposure_set', subject: 'SETTING#exposure', outcome: 'ok' }));
  });
});

describe('two months of one lender, a second lender, a rejected resubmission', () => {
  let march: Upload;
  let bPrevious: Upload;

  beforeAll(async () => {
    // M−1: A deducts from 1–4; a later resubmission of M−1 (with another employee number for 1) is rejected.
    await submit(who.a, lenderA, M1, [b(1), b(2), b(3), b(4)]);
    const rejected = await submit(who.a, lenderA, M1, [b(1, 999, { emp: `Z${base}` })]);
    const decision = await call(twin, decideSubmission, {
      params: { id: rejected.id },
      body: { decision: 'reject', note: 'Wrong file' },
      caller: who.reviewer,
    });
    expectStatus(decision, 200);
    // A stops 3 in M; B deducts from 1 (under another employee number and name) and from 2.
    await submit(who.a, lenderA, M, [b(3)], 'stoppages');
    bPrevious = await submit(who.b, lenderB, M1, [b(1, 100, { emp: `X${base}`, name: ['Mercy', 'Tembo'] }), b(2, 100)]);
    // The limit is the most allowed: a second lender is past a limit of 1.
    await putSettings(who.admin, { max_lenders: 1, max_total: null });
    march = await upload(who.a, lenderA, M, [b(1), b(2, 300), b(5, 50)]);
  });

  it('counts each kind of signal against the latest inputs of M−1 that is not rejected', () => {
    expect(march.signal_baseline).toEqual({ month: M1, found: true });
    expect(march.signal_counts).toMatchObject({ new: 1, changed: 1, continuing: 1, missing: 1, stoppage_unknown: 0 });
  });
  it('words NEW, CHANGED and MISSING with the borrower, the payee key and the months', () => {
    expect(messages(march, 'NEW')).toEqual([`New deduction: ${nrc(5)} had no deduction by ${lenderA.payeeKey} in ${M1}.`]);
    expect(messages(march, 'CHANGED')).toEqual([`Installment changed from 250.00 to 300.00 since ${M1}.`]);
    expect(messages(march, 'MISSING')).toEqual([`Deduction for ${nrc(4)} (Mary Banda${emp(4)}) in ${M1} is missing in ${M} and has no stoppage.`]);
    expect(march.signals.find((s) => s.type === 'MISSING')?.row).toBeNull();
  });
  it("flags the identity another lender has on record, never the rejected one, never naming the lender or the record's values", () => {
    const identity = messages(march, 'IDENTITY');
    expect(identity).toContain('This NRC is on record under another employee number.');
    expect(identity).toContain('The name differs from the one on record.');
    expect(JSON.stringify(march.signals)).not.toMatch(new RegExp(`X${base}|Z${base}|Mercy Tembo`));
    for (const s of march.signals) expect(s.message).not.toContain(lenderB.payeeKey);
  });
  it('flags exposure on NEW and CHANGED rows once the lenders pass the limit', () => {
    expect(messages(march, 'EXPOSURE')).toEqual([`2 lenders deduct ZMW 400.00 a month from ${nrc(2)}.`]);
  });
  it('flags a stoppage for a borrower the lender did not deduct from in M−1', async () => {
    const stoppages = await upload(who.a, lenderA, M, [b(4), b(8)], 'stoppages');
    expect(stoppages.signal_counts).toMatchObject({ stoppage_unknown: 1 });
    expect(messages(stoppages, 'STOPPAGE_UNKNOWN')).toEqual([`Stoppage for ${nrc(8)}, who had no deduction by ${lenderA.payeeKey} in ${M1}.`]);
  });
  it('says when the payee key has no inputs for M−1, and every row is NEW', async () => {
    const first = await upload(who.b, lenderB, M1, [b(20), b(21)]);
    expect(first.signal_baseline).toEqual({ month: shiftMonth(M1, -1), found: false });
    expect(first.signal_counts?.new).toBe(2);
  });
  it('lets the submission keep them, and reviewers page them once submitted', async () => {
    const page = (token: string, query: CallOptions<typeof getUploadSignals>['query']) =>
      call(twin, getUploadSignals, { params: { id: march.id }, query, caller: token });
    expect((await page(who.reviewer, { type: 'NEW' })).status).toBe(403);
    expect((await page(who.outsider, { type: 'NEW' })).status).toBe(403);
    expect((await page(who.a, { type: 'BOGUS' })).body).toMatchObject({ error: 'validation_failed', message: expect.stringContaining('type must be one of') });
    expect((await page(who.a, { type: 'NEW', offset: '-1' })).status).toBe(400);
    expect((await api.submit(who.a, march.id)).status).toBe(200);
    const submission = await api.waitForIngestion(who.a, march.id);
    expect(submission.signal_counts).toEqual(march.signal_counts);
    const reviewed = await page(who.reviewer, { type: 'identity' });
    expectStatus(reviewed, 200);
    expect(reviewed.body.signals.map((s) => s.message)).toEqual(messages(march, 'IDENTITY'));
    expect((await page(who.a, { type: 'NEW', offset: '1' })).body).toMatchObject({ total: 1, offset: 1, signals: [] });
  });
  it('stops counting a rejected submission at once', async () => {
    // B's M−1 deduction from 2 makes the exposure; once B's file is rejected, it is gone.
    const again = await upload(who.a, lenderA, M, [b(2, 300)]);
    expect(again.signal_counts?.exposure).toBe(1);
    expect(
      (await call(twin, decideSubmission, { params: { id: bPrevious.id }, body: { decision: 'reject', note: 'Not ours' }, caller: who.reviewer })).status,
    ).toBe(200);
    const after = await upload(who.a, lenderA, M, [b(2, 300)]);
    expect(after.signal_counts?.exposure).toBe(0);
    expect(messages(after, 'IDENTITY')).toEqual([]);
  });
});
