import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_MESSAGES } from '#shared/api/settings.js';
import { listAudit } from '#shared/routes/audit.js';
import { getDashboardMetrics } from '#shared/routes/dashboard.js';
import { listSubmissions } from '#shared/routes/reviews.js';
import { getSettings, updateSettings } from '#shared/routes/settings.js';
import { getSubmission, getUpload } from '#shared/routes/submissions.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { WINDOW_MESSAGES, type SubmissionWindow } from '#shared/rules/submission-window.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { HEADER, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, offContract, okBody, type RouteBody, type RouteRequest } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * The submission window through the real handlers: a platform admin sets it; a file for a
 * month whose window has closed is accepted and marked late, listed under timing=late and counted on the
 * dashboard; a blocking window refuses it with 409 and stores nothing. Window edges in Lusaka time are
 * the unit tests' (test/unit/rules/submission-window.test.ts).
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const M = currentMonth();
const PAST = shiftMonth(M, -2);
const WHOLE_MONTH: SubmissionWindow = { open_day: 1, close_day: 31, blocking: false };
const base = 400_000 + Math.floor(Math.random() * 100_000);

const who = { lender: '', reviewer: '', admin: '' };
let lender: SeededOrg;

const putWindow = (token: string, window: RouteRequest<typeof updateSettings>['window']) => call(twin, updateSettings, { body: { window }, caller: token });
async function validated(month: string, n: number): Promise<RouteBody<typeof getUpload>> {
  const data = workbook([HEADER, [`W${base + n}`, `${base + n}/31/1`, `${month}-01`, '2030-12-31', 320, lender.payeeKey, 'Ruth', `Phiri${n}`]]);
  const result = await api.upload(
    who.lender,
    { doc_kind: 'inputs', month, payee_key: lender.payeeKey, file_name: 'inputs.xlsx', size: data.length, content_type: XLSX_MIME },
    data,
  );
  expect(result.errors, JSON.stringify(result.errors)).toEqual([]);
  return result;
}
const metrics = async () => okBody(await call(twin, getDashboardMetrics, { caller: who.lender }));
const lateList = (timing: string) =>
  call(twin, listSubmissions, { query: { scope: 'reviews', status: 'all', timing, q: lender.payeeKey }, caller: who.reviewer });

beforeAll(async () => {
  lender = await seedOrganisation(twin, uniquePayeeKey());
  const token = async (roles: Parameters<typeof createUser>[1]) => {
    const user = await createUser(twin, roles);
    return (await signIn(twin, user.email, user.password)).idToken;
  };
  [who.lender, who.reviewer, who.admin] = await Promise.all([token(['fi_admin']), token(['compliance']), token(['super_admin'])]);
  await seedMembership(twin, lender, subOf(who.lender));
});
// Integration files share one twin: put the platform's default window back.
afterAll(async () => {
  expect((await putWindow(who.admin, DEFAULT_SETTINGS.window)).status).toBe(200);
});

describe('setting the window', () => {
  it.each([
    [{ open_day: 0, close_day: 5, blocking: false }, SETTINGS_MESSAGES.openDay],
    [{ open_day: 29, close_day: 30, blocking: false }, SETTINGS_MESSAGES.openDay],
    [{ open_day: 6, close_day: 5, blocking: false }, SETTINGS_MESSAGES.closeDay],
    [{ open_day: 1, close_day: 32, blocking: false }, SETTINGS_MESSAGES.closeDay],
    [{ open_day: 1, close_day: 5, blocking: 'yes' }, undefined],
    [{ open_day: 1, close_day: 5 }, undefined],
  ])('refuses %j with 400 and a sentence', async (window, message) => {
    const res = await putWindow(who.admin, offContract(window));
    expectStatus(res, 400);
    if (message) expect(res.body.message).toContain(message);
    else expect(res.body.message).toEqual(expect.any(String));
  });

  it('refuses an empty change and a setting it does not know', async () => {
    const empty = await call(twin, updateSettings, { body: {}, caller: who.admin });
    expect(empty).toMatchObject({ status: 400, body: { message: expect.stringContaining(SETTINGS_MESSAGES.nothing) } });
    expect((await call(twin, updateSettings, { body: offContract({ colour: 'blue' }), caller: who.admin })).status).toBe(400);
  });

  it('is changed by platform admins only, audited, and read back with who changed it', async () => {
    expect((await putWindow(who.lender, WHOLE_MONTH)).status).toBe(403);
    expect((await putWindow(who.reviewer, WHOLE_MONTH)).status).toBe(403);
    const set = await putWindow(who.admin, WHOLE_MONTH);
    expectStatus(set, 200);
    const body = set.body;
    expect(body.window).toEqual(WHOLE_MONTH);
    expect(body.changed.window).toMatchObject({ by_email: expect.stringContaining('@'), at: expect.any(String) });
    expect((await call(twin, getSettings, { caller: who.lender })).body).toMatchObject({ window: WHOLE_MONTH });
    const day = new Date().toISOString().slice(0, 10);
    const audit = await call(twin, listAudit, { query: { from: day, to: day, action: 'settings.', subject: 'SETTING#window' }, caller: who.admin });
    expect(okBody(audit).items).toContainEqual(expect.objectContaining({ action: 'settings.window_set', subject: 'SETTING#window', outcome: 'ok' }));
  });
});

describe('a file after its window', () => {
  it('is accepted and marked late; the same month on time is not', async () => {
    const before = await metrics();
    const onTime = await validated(M, 1);
    const late = await validated(PAST, 2);
    expect((await api.submit(who.lender, onTime.id)).body).toMatchObject({ late: false });
    expect((await api.submit(who.lender, late.id)).body).toMatchObject({ late: true });
    expect(okBody(await call(twin, getSubmission, { params: { id: late.id }, caller: who.lender })).late).toBe(true);

    // /reviews: timing=late lists the late one only; the default lists both.
    const lateOnly = okBody(await lateList('late'));
    expect(lateOnly.items.map((i) => i.id)).toEqual([late.id]);
    const all = okBody(await lateList('all'));
    expect(all.items.map((i) => i.id).sort()).toEqual([onTime.id, late.id].sort());
    expect((await lateList('soon')).status).toBe(400);

    // The dashboard counts it, beside every submission.
    const after = await metrics();
    expect(after.late.today - before.late.today).toBe(1);
    expect(after.late.month - before.late.month).toBe(1);
    expect(after.submissions.today - before.submissions.today).toBe(2);
  });

  it('is refused with 409 and the window’s sentence when the window is blocking, and nothing is stored', async () => {
    expect((await putWindow(who.admin, { ...WHOLE_MONTH, blocking: true })).status).toBe(200);
    const before = await metrics();
    const refused = await validated(PAST, 3);
    const res = await api.submit(who.lender, refused.id);
    expectStatus(res, 409);
    expect(res.body).toMatchObject({ error: 'window_closed', message: WINDOW_MESSAGES.closed(PAST, WHOLE_MONTH) });
    expect((await call(twin, getSubmission, { params: { id: refused.id }, caller: who.lender })).status).toBe(404);
    expect(okBody(await call(twin, getUpload, { params: { id: refused.id }, caller: who.lender })).submission_id ?? null).toBeNull();
    expect((await metrics()).submissions.today).toBe(before.submissions.today);

    // Pressing Submit again changes nothing; once the window no longer blocks, the same upload goes in, late.
    expect((await api.submit(who.lender, refused.id)).status).toBe(409);
    expect((await putWindow(who.admin, WHOLE_MONTH)).status).toBe(200);
    expect((await api.submit(who.lender, refused.id)).body).toMatchObject({ submission_id: refused.id, late: true });
  });
});
