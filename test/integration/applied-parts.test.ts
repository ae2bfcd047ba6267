import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getReconciliation } from '#shared/routes/reconciliation.js';
import { listRemittances } from '#shared/routes/remittances.js';
import { seededLender } from '../fixtures/submissions/directory.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { appliedFlow, appliedRow } from '../support/applied-flow.js';
import { payrollAuthorityAdmin, type AuthorityAdmin } from '../support/payroll-authority.js';
import { freezeSchedule, scheduleLine, testMonth } from '../support/payroll-schedule.js';

/**
 * A month's applied deductions in parts: each part names the payee keys it covers, no key in two parts; each lender's
 * reconciliation and statement come from its own part, the lenders no part answers yet are awaited (never NOT_APPLIED),
 * an overlapping part is refused with a sentence, and a part naming one part's keys exactly replaces it through four eyes.
 */
const twin = inject('twin');
const flow = appliedFlow(twin);
let first: AuthorityAdmin;
let second: AuthorityAdmin;
let keyA: string;
let keyB: string;
let keyC: string;

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  [first, second] = await Promise.all([payrollAuthorityAdmin(twin), payrollAuthorityAdmin(twin)]);
  const lenders = await Promise.all([seededLender(twin), seededLender(twin), seededLender(twin)]);
  [keyA, keyB, keyC] = lenders.map((lender) => lender.org.payeeKey).sort() as [string, string, string];
});

/** A month whose schedule asks lender A 300 + 200, lender B 500 and lender C 100. */
async function scheduledMonth() {
  const month = testMonth();
  const a = [scheduleLine(keyA, 1, 300), scheduleLine(keyA, 2, 200)] as const;
  const b = scheduleLine(keyB, 3, 500);
  const c = scheduleLine(keyC, 4, 100);
  await freezeSchedule(twin, month, [...a, b, c]);
  return { month, a, b, c };
}

const monthView = async (month: string, payee_key?: string) =>
  call(twin, getReconciliation, { query: { month, ...(payee_key ? { payee_key } : {}) }, caller: first.token });

async function recordPart(month: string, rows: ReturnType<typeof appliedRow>[], keys: string[]) {
  const upload = await flow.validate(first.token, month, rows, 1, keys);
  expect(upload).toMatchObject({ status: 'validated', totals: { errors: 0 } });
  expectStatus(await flow.submit(first.token, upload.id), 200);
  return upload.id;
}

describe('the applied deductions of a month in parts', () => {
  it('records two parts side by side, each lender from its own part, the lender no part covers awaited, and the month totalled', async () => {
    const { month, a, b } = await scheduledMonth();
    await recordPart(month, [appliedRow(a[0], 300), appliedRow(a[1], 0, 'INSUFFICIENT PAY')], [keyA]);

    const afterOne = okBody(await monthView(month));
    expect(afterOne.lenders.map((l) => l.payee_key)).toEqual([keyA]);
    expect(afterOne.awaiting.map((l) => l.payee_key)).toEqual([keyB, keyC]);
    expect(afterOne).toMatchObject({ expected_total: 500, applied_total: 300, counts: { applied: 1, not_applied: 1 } });
    const awaited = await monthView(month, keyB);
    expectStatus(awaited, 404);
    expect(awaited.body).toMatchObject({ error: 'awaiting_applied', message: expect.stringContaining("awaiting the payroll's applied file") });

    // Lender B's part: its line short, and a deduction the schedule never asked of B (UNEXPECTED, in B's part).
    const stray = { ...scheduleLine(keyB, 9, 0), payee_key: keyB };
    await recordPart(month, [appliedRow(b, 450, 'INSUFFICIENT PAY'), appliedRow(stray, 75)], [keyB, keyC]);

    const whole = okBody(await monthView(month));
    expect(whole.lenders.map((l) => l.payee_key)).toEqual([keyA, keyB, keyC]);
    expect(whole.awaiting).toEqual([]);
    expect(whole).toMatchObject({ expected_total: 1100, applied_total: 825, counts: { applied: 1, short: 1, not_applied: 2, unexpected: 1 } });
    expect(okBody(await monthView(month, keyA)).lines.map((l) => l.status)).toEqual(['APPLIED', 'NOT_APPLIED']);
    expect(okBody(await monthView(month, keyB)).lines.map((l) => [l.status, l.applied])).toEqual([
      ['SHORT', 450],
      ['UNEXPECTED', 75],
    ]);
    expect(okBody(await monthView(month, keyC))).toMatchObject({ applied_total: 0, counts: { not_applied: 1 } });

    const statements = okBody(await call(twin, listRemittances, { query: { month }, caller: first.token })).items;
    expect(Object.fromEntries(statements.map((s) => [s.payee_key, s.total]))).toEqual({ [keyA]: 300, [keyB]: 525, [keyC]: 0 });
  });

  it('refuses a part that overlaps a recorded one, before its upload and again at Submit, with a sentence', async () => {
    const { month, a, b } = await scheduledMonth();
    const racing = await flow.validate(first.token, month, [appliedRow(b, 500)], 1, [keyB, keyA]);
    await recordPart(month, [appliedRow(a[0], 300), appliedRow(a[1], 200)], [keyA]);

    const created = await flow.create(first.token, month, 1, [keyA, keyB]);
    expectStatus(created, 409);
    expect(created.body).toMatchObject({
      error: 'part_overlaps',
      message: expect.stringContaining(`${keyA} is already covered by a part recorded for ${month}`),
    });
    const whole = await flow.create(first.token, month, 1);
    expect(whole.body).toMatchObject({ error: 'part_overlaps', message: expect.stringContaining('came in parts') });

    const submitted = await flow.submit(first.token, racing.id);
    expectStatus(submitted, 409);
    expect(submitted.body).toMatchObject({ error: 'part_overlaps' });
    expect(okBody(await monthView(month)).lenders.map((l) => l.payee_key)).toEqual([keyA]);
  });

  it('fails a part whose rows name a payee key it does not cover, saying which', async () => {
    const { month, a, b } = await scheduledMonth();
    const upload = await flow.validate(first.token, month, [appliedRow(a[0], 300), appliedRow(b, 500)], 1, [keyA]);
    expect(upload.status).toBe('failed');
    expect(JSON.stringify(upload.errors)).toContain(`its rows also name ${keyB}`);
  });

  it('replaces a part through four eyes when a file names exactly its payee keys, the other parts kept', async () => {
    const { month, a, b, c } = await scheduledMonth();
    const partA = await recordPart(month, [appliedRow(a[0], 300), appliedRow(a[1], 200)], [keyA]);
    await recordPart(month, [appliedRow(b, 500), appliedRow(c, 100)], [keyB, keyC]);

    const again = await flow.validate(first.token, month, [appliedRow(a[0], 300), appliedRow(a[1], 0, 'LEFT SERVICE')], 1, [keyA]);
    expect(okBody(await flow.submit(first.token, again.id))).toMatchObject({ status: 'proposed' });
    const proposal = okBody(await flow.replacement(second.token, month)).proposal!;
    expect(proposal).toMatchObject({ replaces: { upload_id: partA }, current_applied_total: 500, proposed_applied_total: 300 });
    expect(proposal.lenders.map((l) => l.payee_key)).toEqual([keyA]);

    expectStatus(await flow.decide(second.token, again.id, 'approve'), 200);
    const after = okBody(await monthView(month));
    expect(after.lenders.map((l) => [l.payee_key, l.applied_total])).toEqual([
      [keyA, 300],
      [keyB, 500],
      [keyC, 100],
    ]);
    expect(okBody(await monthView(month, keyA)).counts).toMatchObject({ applied: 1, not_applied: 1 });
  });

  it('takes the further parts on the version the recorded parts answer after a newer one is frozen, and refuses the newer naming the version', async () => {
    const { month, a, b, c } = await scheduledMonth();
    await recordPart(month, [appliedRow(a[0], 300), appliedRow(a[1], 200)], [keyA]);
    // A version frozen after the first part: lender B asked 800, lender C no longer scheduled.
    await freezeSchedule(twin, month, [...a, scheduleLine(keyB, 3, 800)], 2);
    expect(okBody(await monthView(month)).awaiting.map((l) => l.payee_key)).toEqual([keyB, keyC]);

    const newer = await flow.create(first.token, month, 2, [keyB, keyC]);
    expectStatus(newer, 409);
    expect(newer.body).toMatchObject({
      error: 'schedule_version_stale',
      message: expect.stringContaining(`The parts recorded for ${month} answer schedule version 1 and this file answers version 2`),
    });
    expect(newer.body).toMatchObject({ message: expect.stringContaining('Name version 1') });
    const wholeFile = await flow.create(first.token, month, 2);
    expect(wholeFile.body).toMatchObject({ error: 'part_overlaps', message: expect.stringContaining('came in parts') });

    await recordPart(month, [appliedRow(b, 500), appliedRow(c, 100)], [keyB, keyC]);
    const whole = okBody(await monthView(month));
    expect(whole).toMatchObject({ schedule_version: 1, awaiting: [], expected_total: 1100, applied_total: 1100 });
    expect(okBody(await monthView(month, keyB))).toMatchObject({ expected_total: 500, counts: { applied: 1 } });

    // A part's replacement answers the parts' version too, through four eyes.
    const again = await flow.validate(first.token, month, [appliedRow(a[0], 300), appliedRow(a[1], 0, 'LEFT SERVICE')], 1, [keyA]);
    expect(okBody(await flow.submit(first.token, again.id))).toMatchObject({ status: 'proposed' });
    expectStatus(await flow.decide(second.token, again.id, 'approve'), 200);
    expect(okBody(await monthView(month))).toMatchObject({ schedule_version: 1, applied_total: 900 });
  });
});
