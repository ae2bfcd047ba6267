import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { RegisterEntry } from '#data/register/versions.js';
import { requestEmployeeCode } from '#shared/routes/employee.js';
import { call } from '../support/api.js';
import { answerChallenge, registerMobile, startChallenge, textsTo, uniqueAddress } from '../support/employee.js';
import { payrollAuthorityAdmin } from '../support/payroll-authority.js';
import { registerFlow } from '../support/register-flow.js';
import { registerEntry, uniqueMobile } from '../support/register.js';

/**
 * An approved register that changes employees' mobiles: each is texted at the old number, and the old number
 * keeps receiving sign-in codes (a code of its own) for 72 hours after the approval, until a sign-in answers
 * with that code. This file approves registers, so it owns the current one while it runs.
 */
const twin = inject('twin');
const flow = registerFlow(twin);

/** Polls the outbox until a number has at least `count` texts; newest first. */
async function waitForTexts(mobile: string, count: number) {
  for (;;) {
    const texts = await textsTo(twin, mobile);
    if (texts.length >= count) return texts;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)?.[1];
const askForCode = (e: RegisterEntry) => call(twin, requestEmployeeCode, { body: { nrc: e.nrc, employee_number: e.employee_number }, from: uniqueAddress() });
const masked = (mobile: string) => `0${mobile.slice(4, 5)}•••••${mobile.slice(11)}`;

let moved: RegisterEntry;
let movedBefore: RegisterEntry;
let late: RegisterEntry;
let stays: RegisterEntry;

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  const [proposer, approver] = (await Promise.all([payrollAuthorityAdmin(twin), payrollAuthorityAdmin(twin)])).map((admin) => admin.token) as [string, string];
  movedBefore = registerEntry();
  late = registerEntry();
  stays = registerEntry();
  await flow.approved(proposer, approver, [movedBefore, late, stays]);
  moved = { ...movedBefore, mobile: uniqueMobile() };
  await flow.approved(proposer, approver, [moved, { ...late, mobile: uniqueMobile() }, stays]);
});

describe('a changed mobile', () => {
  it('is texted at the old number, once, naming the new one masked; an unchanged employee is not texted', async () => {
    const [text] = await waitForTexts(movedBefore.mobile, 1);
    expect(text!.body).toBe(`Your payroll mobile was changed to ${masked(moved.mobile)}. If this was not you, call your HR office`);
    expect(await textsTo(twin, moved.mobile)).toEqual([]);
    expect(await textsTo(twin, stays.mobile)).toEqual([]);
  });

  it('keeps the old number receiving sign-in codes, a code of its own, until a sign-in answers with it', async () => {
    expect((await askForCode(moved)).status).toBe(202);
    const [toNew] = await waitForTexts(moved.mobile, 1);
    const [toOld] = await waitForTexts(movedBefore.mobile, 2);
    const [newCode, oldCode] = [codeIn(toNew!.body), codeIn(toOld!.body)];
    expect(newCode).toBeDefined();
    expect(oldCode).toBeDefined();
    expect(oldCode).not.toBe(newCode);

    // The old number's holder answers with its code: signed in, and the old number receives no more codes.
    const session = await startChallenge(twin, moved.nrc);
    expect((await answerChallenge(twin, moved.nrc, session, oldCode!)).idToken).toBeDefined();
    expect((await askForCode(moved)).status).toBe(202);
    await waitForTexts(moved.mobile, 2);
    expect(await textsTo(twin, movedBefore.mobile)).toHaveLength(2);
  });

  it('stops sending codes to the old number 72 hours after the change', async () => {
    const lateNow = { ...late, mobile: await registerMobile(late.nrc) };
    const { keepOldMobiles } = await import('#data/employee-sign-in/old-mobiles.js');
    // The change approved 73 hours ago.
    await keepOldMobiles([{ nrc: late.nrc, old_mobile: late.mobile }], new Date(Date.now() - 73 * 3_600_000).toISOString());
    const textsBefore = (await waitForTexts(late.mobile, 1)).length;
    expect((await askForCode(lateNow)).status).toBe(202);
    await waitForTexts(lateNow.mobile, 1);
    expect(await textsTo(twin, late.mobile)).toHaveLength(textsBefore);
    // Within the window it would have: the change 71 hours ago.
    await keepOldMobiles([{ nrc: late.nrc, old_mobile: late.mobile }], new Date(Date.now() - 71 * 3_600_000).toISOString());
    expect((await askForCode(lateNow)).status).toBe(202);
    expect(await waitForTexts(late.mobile, textsBefore + 1)).toHaveLength(textsBefore + 1);
  });
});
