import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { RegisterEntry } from '#data/register/versions.js';
import { listAudit } from '#shared/routes/audit.js';
import { documentClient } from '../fixtures/submissions/directory.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { payrollAuthorityAdmin, seedPmecAdmin, seedPmecOrganisation } from '../support/payroll-authority.js';
import { registerFlow } from '../support/register-flow.js';
import { registerEntry, uniqueEmployeeNumber, uniqueMobile, uniqueNrc } from '../support/register.js';

/**
 * Four eyes on the payroll register, through the real pipeline: the difference a validated register makes
 * to the current one (exact counts, the first rows, the 2% warning), Submit proposing it, a second admin
 * approving or rejecting it (never the proposer, never once expired, one winner at a time), and only then
 * the register current. This file proposes and approves registers, so it owns the current one while it runs.
 */
const twin = inject('twin');
const flow = registerFlow(twin);
const admins = { first: { token: '', email: '' }, second: { token: '', email: '' }, third: { token: '', email: '' } };
let platformAdmin = '';

async function userWith(roles: Parameters<typeof createUser>[1]) {
  const user = await createUser(twin, roles);
  return { token: (await signIn(twin, user.email, user.password)).idToken, email: user.email };
}

const masked = (mobile: string) => `+260 ${mobile.slice(4, 6)} ••• ••${mobile.slice(11)}`;
const shown = (e: RegisterEntry) => ({
  nrc: e.nrc,
  employee_number: e.employee_number,
  name: `${e.first_name} ${e.last_name}`,
  mobile: masked(e.mobile),
  basic_pay: e.basic_pay,
});
const many = (n: number) => Array.from({ length: n }, () => registerEntry());
type Eight = [RegisterEntry, RegisterEntry, RegisterEntry, RegisterEntry, RegisterEntry, RegisterEntry, RegisterEntry, RegisterEntry];

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  const [first, second, third, admin] = await Promise.all([
    payrollAuthorityAdmin(twin),
    payrollAuthorityAdmin(twin),
    payrollAuthorityAdmin(twin),
    userWith(['super_admin']),
  ]);
  Object.assign(admins, { first, second, third });
  platformAdmin = admin.token;
});

describe('the difference from the current register', () => {
  it('counts exactly what a register adds, removes and changes, and shows the first rows with mobiles masked', async () => {
    // Prepare: a current register of eight.
    const [same1, same2, nrcMoves, numberMoves, renamed, newPhone, newPay, leaves] = many(8) as Eight;
    const base = await flow.approved(admins.first.token, admins.second.token, [same1, same2, nrcMoves, numberMoves, renamed, newPhone, newPay, leaves]);
    const changes = {
      nrc: { ...nrcMoves, nrc: uniqueNrc() },
      number: { ...numberMoves, employee_number: uniqueEmployeeNumber() },
      name: { ...renamed, last_name: 'Tembo' },
      mobile: { ...newPhone, mobile: uniqueMobile() },
      pay: { ...newPay, basic_pay: 15_500 },
    };
    const [joinerA, joinerB] = [registerEntry({ first_name: 'New', last_name: 'Starter' }), registerEntry({ basic_pay: null })];
    // Act
    const upload = await flow.validate(admins.first.token, [
      same1,
      changes.nrc,
      joinerA,
      same2,
      changes.number,
      changes.name,
      changes.mobile,
      changes.pay,
      joinerB,
    ]);
    // Assess
    expect(upload.register_difference).toMatchObject({ base_version: base.upload.id, current: 8, added: 2, removed: 1, changed: 5, mobile_changed: 1 });
    const samples = upload.register_difference!.samples;
    expect(samples.added).toEqual([shown(joinerA), shown(joinerB)]);
    expect(samples.removed).toEqual([shown(leaves)]);
    expect(samples.changed.map((c) => [c.after.nrc, c.fields])).toEqual([
      [changes.number.nrc, ['employee_number']],
      [changes.name.nrc, ['name']],
      [changes.mobile.nrc, ['mobile']],
      [changes.pay.nrc, ['basic_pay']],
      // Matched by employee number alone, it is settled once the whole file is read.
      [changes.nrc.nrc, ['nrc']],
    ]);
    const phone = samples.changed.find((c) => c.fields.includes('mobile'))!;
    expect(phone).toEqual({ fields: ['mobile'], before: shown(newPhone), after: shown(changes.mobile) });
    // Every mobile shown is masked to its network and last two digits; no whole number appears anywhere.
    const json = JSON.stringify(upload.register_difference);
    const mobiles = [...json.matchAll(/"mobile":"([^"]*)"/g)].map((m) => m[1]);
    expect(mobiles).toHaveLength(2 + 1 + 5 * 2);
    for (const mobile of mobiles) expect(mobile).toMatch(/^\+260 \d{2} ••• ••\d{2}$/);
    for (const entry of [same1, leaves, newPhone, changes.mobile, joinerA, joinerB]) expect(json).not.toContain(entry.mobile.slice(1));
  });

  it('warns, calmly, only when more than 2% of the current employees would be removed or change mobile', async () => {
    const staff = many(100);
    await flow.approved(admins.first.token, admins.second.token, staff);
    const twoLeave = await flow.validate(admins.first.token, staff.slice(2));
    expect(twoLeave.register_difference).toMatchObject({ removed: 2, mobile_changed: 0, warning: null });
    const threeTouched = await flow.validate(admins.first.token, [...staff.slice(1, 98), ...staff.slice(98).map((e) => ({ ...e, mobile: uniqueMobile() }))]);
    expect(threeTouched.register_difference).toMatchObject({ removed: 1, mobile_changed: 2 });
    expect(threeTouched.register_difference!.warning).toBe(
      '1 employee would be removed and 2 would get another mobile: 3% of the 100 on the current register. Removed employees can no longer sign in, ' +
        'and each changed mobile is texted at the old number. Please check the file before it goes further.',
    );
  });
});

describe('a proposal and its decision', () => {
  let staff: RegisterEntry[];
  let baseId: string;
  beforeAll(async () => {
    staff = many(3);
    baseId = (await flow.approved(admins.first.token, admins.second.token, staff)).upload.id;
  });

  it('is proposed by Submit, not current, and shown with its counts; a second proposal waits; only another admin of the authority decides it', async () => {
    const upload = await flow.validate(admins.first.token, [...staff.slice(1), registerEntry()]);
    const proposed = await flow.propose(admins.first.token, upload.id);
    expect(proposed).toMatchObject({ status: 200, body: { status: 'proposed' } });
    const register = await flow.current(admins.second.token);
    expect(register).toMatchObject({ upload_id: baseId, employees: 3 });
    expect(register.proposed).toMatchObject({
      upload_id: upload.id,
      employees: 3,
      proposed_by: admins.first.email,
      added: 1,
      removed: 1,
      changed: 0,
      mobile_changed: 0,
      expired: false,
    });

    const other = await flow.validate(admins.second.token, staff);
    expect(await flow.propose(admins.second.token, other.id)).toMatchObject({
      status: 409,
      body: { error: 'proposal_open', message: expect.stringContaining('Another register is already proposed') },
    });
    const elsewhere = await seedPmecAdmin(twin, await seedPmecOrganisation(twin));
    expect(await flow.decide(elsewhere.token, upload.id, 'approve')).toMatchObject({ status: 403, body: { error: 'not_payroll_authority' } });
    expect(await flow.decide(platformAdmin, upload.id, 'approve')).toMatchObject({ status: 403, body: { error: 'not_payroll_authority' } });
    const own = await flow.decide(admins.first.token, upload.id, 'approve');
    expect(own).toMatchObject({
      status: 403,
      body: { error: 'own_proposal', message: 'You proposed this register, so another admin of the payroll authority must approve or reject it.' },
    });

    expect(await flow.decide(admins.second.token, upload.id, 'reject', 'Wrong ministry')).toMatchObject({ status: 200, body: { status: 'rejected' } });
    expect(await flow.current(admins.first.token)).toMatchObject({ upload_id: baseId, employees: 3, proposed: null });
    expect(await flow.decide(admins.third.token, upload.id, 'approve')).toMatchObject({ status: 409, body: { error: 'already_decided' } });
  });

  it('becomes current once a second admin approves it, and the audit log names who proposed, who approved and the counts', async () => {
    const upload = await flow.validate(admins.second.token, [...staff, registerEntry()]);
    expectStatus(await flow.propose(admins.second.token, upload.id), 200);
    expect(await flow.decide(admins.third.token, upload.id, 'approve')).toMatchObject({ status: 200, body: { status: 'approved' } });
    expect(await flow.waitUntilCurrent(admins.first.token, upload.id)).toMatchObject({ employees: 4, proposed: null, uploaded_by: admins.second.email });
    const day = new Date().toISOString().slice(0, 10);
    const audit = okBody(await call(twin, listAudit, { query: { from: day, to: day, subject: `UPLOAD#${upload.id}` }, caller: platformAdmin }));
    const entry = (action: string) => audit.items.find((i) => i.action === action);
    expect(entry('register.propose')).toMatchObject({
      actor_email: admins.second.email,
      outcome: 'ok',
      details: { employees: 4, added: 1, removed: 0, changed: 0, mobile_changed: 0 },
    });
    expect(entry('register.approve')).toMatchObject({
      actor_email: admins.third.email,
      outcome: 'ok',
      details: { proposed_by: admins.second.email, added: 1, removed: 0 },
    });
  });

  it('lets exactly one of two decisions taken at once win; the other gets 409', async () => {
    const current = await flow.current(admins.first.token);
    const upload = await flow.validate(admins.first.token, [registerEntry()]);
    expectStatus(await flow.propose(admins.first.token, upload.id), 200);
    const answers = await Promise.all([
      flow.decide(admins.second.token, upload.id, 'reject'),
      flow.decide(admins.third.token, upload.id, 'reject'),
      flow.decide(admins.second.token, upload.id, 'reject'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await flow.current(admins.first.token)).toMatchObject({ upload_id: current.upload_id, proposed: null });
  });

  it('expires after 7 days: shown as expired, refused on decision, and no longer blocks a new proposal', async () => {
    const upload = await flow.validate(admins.first.token, [registerEntry()]);
    expectStatus(await flow.propose(admins.first.token, upload.id), 200);
    await documentClient(twin).send(
      new UpdateCommand({
        TableName: twin.env.TABLE_REGISTER,
        Key: { pk: 'PROPOSAL', sk: 'OPEN' },
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect((await flow.current(admins.second.token)).proposed).toMatchObject({ upload_id: upload.id, expired: true });
    expect(await flow.decide(admins.second.token, upload.id, 'approve')).toMatchObject({
      status: 409,
      body: { error: 'proposal_expired', message: expect.stringContaining('expired 7 days after it was submitted') },
    });
    const next = await flow.validate(admins.second.token, [registerEntry()]);
    expectStatus(await flow.propose(admins.second.token, next.id), 200);
    expectStatus(await flow.decide(admins.first.token, next.id, 'reject'), 200);
  });
});
