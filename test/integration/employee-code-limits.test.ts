import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { RegisterEntry } from '#data/register/versions.js';
import { EMPLOYEE_CODE_LIMITS, EMPLOYEE_MESSAGES } from '#shared/api/employee.js';
import { requestEmployeeCode } from '#shared/routes/employee.js';
import { call, expectStatus } from '../support/api.js';
import { textsTo, uniqueAddress } from '../support/employee.js';
import { registerEntry, uniqueEmployeeNumber, uniqueNrc } from '../support/register.js';

/**
 * The limits on sign-in codes, through the real code route against the twin: a stranger who knows an NRC
 * cannot use up its owner's codes, a shared address (an HR office, a mobile network's NAT) is not shut
 * after a few sign-ins, the texts to one NRC are capped, and the windows slide.
 */
const twin = inject('twin');
let employee: () => Promise<RegisterEntry>;

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  const { addToCurrentRegister } = await import('../support/register.js');
  employee = async () => {
    const entry = registerEntry();
    await addToCurrentRegister([entry]);
    return entry;
  };
});

const askCode = (nrc: string, employeeNumber: string, from: string) =>
  call(twin, requestEmployeeCode, { body: { nrc, employee_number: employeeNumber }, from });
const tooMany = /^Too many codes have been asked for\. Try again after \d{2}:\d{2} Lusaka time( on \d{1,2} [A-Z][a-z]{2})?\.$/;

/** Runs the calls `width` at a time. */
async function inWaves<T>(count: number, width: number, run: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += width) out.push(...(await Promise.all(Array.from({ length: Math.min(width, count - i) }, (_, j) => run(i + j)))));
  return out;
}

describe('sign-in code limits', () => {
  it('never counts a request that does not match the register against the NRC: its owner still gets a code', async () => {
    // Prepare: a stranger knows the NRC, not the employee number, and asks from two addresses.
    const entry = await employee();
    const strangers = [uniqueAddress(), uniqueAddress()];
    const tries = strangers.flatMap((from) => Array.from({ length: EMPLOYEE_CODE_LIMITS.textsPerHour }, () => from));
    for (const answer of await Promise.all(tries.map((from) => askCode(entry.nrc, uniqueEmployeeNumber(), from)))) expectStatus(answer, 202);

    // Act: the owner asks, even from the first stranger's address (a shared one).
    const own = await askCode(entry.nrc, entry.employee_number, strangers[0]!);

    // Assess
    expect({ status: own.status, body: own.body }).toEqual({ status: 202, body: { message: EMPLOYEE_MESSAGES.codeSent } });
    expect(await textsTo(twin, entry.mobile)).toHaveLength(1);
  });

  it('texts one NRC at most 5 codes an hour; then every request for it gets the same 429, while other NRCs from the same address pass', async () => {
    // Prepare: five codes texted, each asked from an address of its own.
    const entry = await employee();
    const other = await employee();
    const from = uniqueAddress();
    const asked = await inWaves(EMPLOYEE_CODE_LIMITS.textsPerHour, 5, (i) => askCode(entry.nrc, entry.employee_number, i === 0 ? from : uniqueAddress()));
    for (const answer of asked) expectStatus(answer, 202);

    // Act
    const sixth = await askCode(entry.nrc, entry.employee_number, from);
    const wrongPair = await askCode(entry.nrc, uniqueEmployeeNumber(), uniqueAddress());
    const otherNrc = await askCode(other.nrc, other.employee_number, from);

    // Assess: the matching and the non-matching pair are refused alike, saying when to try again.
    expectStatus(sixth, 429);
    expect(sixth.body).toEqual({ error: 'rate_limited', message: expect.stringMatching(tooMany) });
    expect({ status: wrongPair.status, body: wrongPair.body }).toEqual({ status: sixth.status, body: sixth.body });
    expect(await textsTo(twin, entry.mobile)).toHaveLength(EMPLOYEE_CODE_LIMITS.textsPerHour);
    expectStatus(otherNrc, 202);
    expect(await textsTo(twin, other.mobile)).toHaveLength(1);
  });

  it('gives one address and one NRC 10 requests an hour, matching or not; the owner elsewhere still gets the code', async () => {
    // Prepare
    const entry = await employee();
    const from = uniqueAddress();
    const asked = await inWaves(EMPLOYEE_CODE_LIMITS.perAddressAndNrcPerHour, 10, () => askCode(entry.nrc, uniqueEmployeeNumber(), from));
    for (const answer of asked) expectStatus(answer, 202);

    // Act
    const eleventh = await askCode(entry.nrc, entry.employee_number, from);
    const elsewhere = await askCode(entry.nrc, entry.employee_number, uniqueAddress());

    // Assess
    expectStatus(eleventh, 429);
    expect(eleventh.body.message).toMatch(tooMany);
    expectStatus(elsewhere, 202);
    expect(await textsTo(twin, entry.mobile)).toHaveLength(1);
  });

  it('gives one address 100 requests an hour, whatever the NRCs, and refuses the 101st', async () => {
    // Prepare: 100 requests for 100 NRCs from one address (a ministry's HR office).
    const from = uniqueAddress();
    const answers = await inWaves(EMPLOYEE_CODE_LIMITS.perAddressPerHour, 20, () => askCode(uniqueNrc(), uniqueEmployeeNumber(), from));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 202));

    // Act
    const entry = await employee();
    const refused = await askCode(entry.nrc, entry.employee_number, from);
    const elsewhere = await askCode(entry.nrc, entry.employee_number, uniqueAddress());

    // Assess
    expectStatus(refused, 429);
    expect(refused.body.message).toMatch(tooMany);
    expectStatus(elsewhere, 202);
    expect(await textsTo(twin, entry.mobile)).toHaveLength(1);
  });
});

describe('sliding windows (lambdas/data/rate-limits/windows.ts)', () => {
  const HOUR_MS = 3_600_000;
  /** The start of a clock hour well away from the test's own time, so no other test shares its windows. */
  const hourStart = Math.floor(Date.UTC(2031, 0, 1) / HOUR_MS) * HOUR_MS;

  it('lets no burst around an hour boundary pass the limit, and frees places as the calls slide out', async () => {
    // Prepare: five calls a minute before the hour.
    const { consumeSliding } = await import('#data/rate-limits/windows.js');
    const limits = [{ scope: `test-sliding:${uniqueNrc()}`, limit: 5, windowSeconds: 3600 }];
    for (let i = 0; i < 5; i++) expect(await consumeSliding(limits, hourStart - 60_000)).toBeNull();

    // Act: a fixed window would start afresh at the hour.
    const justAfter = await consumeSliding(limits, hourStart + 60_000);
    // 4 of the 5 fit again once a fifth of the hour has passed: 12 minutes into it.
    const tooEarly = await consumeSliding(limits, hourStart + 11 * 60_000);
    const inTime = await consumeSliding(limits, hourStart + 12 * 60_000);
    const again = await consumeSliding(limits, hourStart + 12 * 60_000);

    // Assess: a refusal says when the next call fits.
    expect(justAfter).toBe(hourStart + 12 * 60_000);
    expect(tooEarly).toBe(hourStart + 12 * 60_000);
    expect(inTime).toBeNull();
    expect(again).toBeGreaterThan(hourStart + 12 * 60_000);
  });

  it('does not count a refused call, so trying again does not push the wait further', async () => {
    // Prepare
    const { consumeSliding, slidingRetryAt } = await import('#data/rate-limits/windows.js');
    const limits = [{ scope: `test-sliding:${uniqueNrc()}`, limit: 2, windowSeconds: 3600 }];
    const at = hourStart + 30 * 60_000;
    expect(await consumeSliding(limits, at)).toBeNull();
    expect(await consumeSliding(limits, at)).toBeNull();

    // Act
    const first = await consumeSliding(limits, at);
    for (let i = 0; i < 3; i++) await consumeSliding(limits, at);

    // Assess
    // The two calls slide out of the hour at 90 minutes.
    expect(first).toBe(hourStart + 90 * 60_000);
    expect(await slidingRetryAt(limits, at)).toBe(first);
  });
});
