import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { RegisterEntry } from '#data/register/versions.js';
import { EMPLOYEE_MESSAGES } from '#shared/api/employee.js';
import { getMe } from '#shared/routes/accounts.js';
import { getEmployeeMe, requestEmployeeCode } from '#shared/routes/employee.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { call, expectStatus, named } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { answerChallenge, latestCode, signInEmployee, startChallenge, textsTo, uniqueAddress } from '../support/employee.js';

/**
 * The employee's sign-in against the twin's real emulators: the code route, the text in the outbox, and
 * the custom challenge of the employees' own pool, whose triggers are the handlers the stack deploys.
 */
const twin = inject('twin');
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB,
    region: twin.env.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);
const codeKey = (nrc: string) => ({ TableName: twin.env.TABLE_DIRECTORY, Key: { pk: `EMPLOYEE_CODE#${nrcDigits(nrc)}`, sk: 'CODE' } });
let employee: (overrides?: Partial<RegisterEntry>) => Promise<RegisterEntry>;

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
  employee = async (overrides) => {
    const entry = registerEntry(overrides);
    await addToCurrentRegister([entry]);
    return entry;
  };
});

const askCode = (nrc: string, employeeNumber: string, from = uniqueAddress()) =>
  call(twin, requestEmployeeCode, { body: { nrc, employee_number: employeeNumber }, from });

/** A code texted to this employee: their challenge's Session and the code. */
async function codeFor(entry: RegisterEntry) {
  expectStatus(await askCode(entry.nrc, entry.employee_number), 202);
  return { session: await startChallenge(twin, entry.nrc), code: await latestCode(twin, entry.mobile) };
}

describe(named(requestEmployeeCode), () => {
  it('texts a 6-digit code to the register’s mobile, which signs the employee in once', async () => {
    // Prepare
    const entry = await employee({ first_name: 'Mwape', last_name: 'Banda' });

    // Act
    const { idToken } = await signInEmployee(twin, { nrc: entry.nrc, employeeNumber: ` ${entry.employee_number.toLowerCase()} ` });

    // Assess
    const [text] = await textsTo(twin, entry.mobile);
    expect(text?.body).toMatch(/^Your payroll portal code is \d{6}\. It expires in 5 minutes\./);
    const me = await call(twin, getEmployeeMe, { caller: idToken });
    expectStatus(me, 200);
    expect(me.body).toEqual({
      nrc: entry.nrc,
      employee_number: entry.employee_number,
      first_name: 'Mwape',
      last_name: 'Banda',
      mobile_masked: `+260 ${entry.mobile.slice(4, 6)} ••• ••${entry.mobile.slice(-2)}`,
      left_payroll: null,
    });
    // The code was used up: a new challenge cannot take it again.
    const again = await answerChallenge(twin, entry.nrc, await startChallenge(twin, entry.nrc), /\d{6}/.exec(text!.body)![0]);
    expect(again.idToken).toBeUndefined();
  });

  it('answers a match, a wrong employee number and an unknown NRC alike, and texts only the match', async () => {
    // Prepare
    const entry = await employee();
    const stranger = await employee();

    // Act
    const answers = [
      await askCode(entry.nrc, entry.employee_number),
      await askCode(entry.nrc, stranger.employee_number),
      await askCode('99999999/99/9', entry.employee_number),
    ];

    // Assess
    for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual({ status: 202, body: { message: EMPLOYEE_MESSAGES.codeSent } });
    expect(await textsTo(twin, entry.mobile)).toHaveLength(1);
    expect(await textsTo(twin, stranger.mobile)).toHaveLength(0);
  });

  it('keeps the code hashed, never in clear', async () => {
    const entry = await employee();
    const { code } = await codeFor(entry);
    const { Item } = await db.send(new GetCommand(codeKey(entry.nrc)));
    expect(Item).toMatchObject({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), tries_left: 3 });
    expect(JSON.stringify(Item)).not.toContain(code);
  });

  it('refuses a code once its 5 minutes are over', async () => {
    // Prepare: the stored expiry is what the check reads; move it to a second ago.
    const entry = await employee();
    const { session, code } = await codeFor(entry);
    const { Item } = await db.send(new GetCommand(codeKey(entry.nrc)));
    expect(Item!.expires_at - Math.floor(Date.parse(Item!.sent_at) / 1000)).toBe(300);
    await db.send(
      new UpdateCommand({
        ...codeKey(entry.nrc),
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );

    // Act
    const answer = await answerChallenge(twin, entry.nrc, session, code);

    // Assess
    expect(answer.idToken).toBeUndefined();
  });

  it('ends a code after three wrong answers, across sign-in attempts', async () => {
    // Prepare
    const entry = await employee();
    const { code } = await codeFor(entry);
    const wrong = code === '000000' ? '111111' : '000000';

    // Act: three wrong answers, each in a sign-in of its own.
    for (let i = 0; i < 3; i++) expect((await answerChallenge(twin, entry.nrc, await startChallenge(twin, entry.nrc), wrong)).idToken).toBeUndefined();
    const right = await answerChallenge(twin, entry.nrc, await startChallenge(twin, entry.nrc), code);

    // Assess
    expect(right.idToken).toBeUndefined();
    expect((await db.send(new GetCommand(codeKey(entry.nrc)))).Item).toBeUndefined();
  });

  it('ends the sign-in after three wrong answers in it, as Cognito ends a custom challenge', async () => {
    const entry = await employee();
    let { session } = await codeFor(entry);
    session = (await answerChallenge(twin, entry.nrc, session, '000001')).session!;
    session = (await answerChallenge(twin, entry.nrc, session, '000002')).session!;
    await expect(answerChallenge(twin, entry.nrc, session, '000003')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('takes each Session once, for the user it was given to', async () => {
    const entry = await employee();
    const other = await employee();
    const { session, code } = await codeFor(entry);
    await expect(answerChallenge(twin, other.nrc, session, code)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: expect.stringMatching(/Invalid session/),
    });
    // The Session was spent by that attempt, as Cognito spends one per answer.
    await expect(answerChallenge(twin, entry.nrc, session, code)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('gives a name the pool does not hold a challenge that no answer passes, not “user not found”', async () => {
    const stranger = '88888888/88/8';
    let session = await startChallenge(twin, stranger);
    session = (await answerChallenge(twin, stranger, session, '123456')).session!;
    session = (await answerChallenge(twin, stranger, session, '654321')).session!;
    await expect(answerChallenge(twin, stranger, session, '000000')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refuses a malformed NRC with what to type, before counting or looking', async () => {
    const res = await askCode('12/34', 'E1');
    expectStatus(res, 400);
    expect(res.body.message).toContain(EMPLOYEE_MESSAGES.nrc);
  });
});

describe('the two pools', () => {
  it('refuses a staff token on the employee routes, and an employee token on staff routes', async () => {
    // Prepare
    const staff = await createUser(twin, ['super_admin']);
    const { idToken: staffToken } = await signIn(twin, staff.email, staff.password);
    const entry = await employee();
    const { idToken: employeeToken } = await signInEmployee(twin, { nrc: entry.nrc, employeeNumber: entry.employee_number });

    // Act and assess
    // Each pool's authorizer refuses the other's token (403); without a token API Gateway answers 401.
    expectStatus(await call(twin, getEmployeeMe, { caller: staffToken }), 403);
    expectStatus(await call(twin, getMe, { caller: employeeToken }), 403);
    expectStatus(await call(twin, getEmployeeMe, {}), 401);
  });
});
