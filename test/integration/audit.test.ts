import { beforeAll, describe, expect, inject, it } from 'vitest';
import { nrcAuditCsv, type AuditItem } from '#shared/api/audit.js';
import { getNrcAudit, listAudit } from '#shared/routes/audit.js';
import { checkFraudRegistry, createFraudReport, searchFraudReports } from '#shared/routes/fraud.js';
import { ROUTES } from '#shared/routes/index.js';
import { seedMembership, seedOrganisation, uniquePayeeKey } from '../fixtures/submissions/directory.js';
import { call, expectStatus, named, offContract, send } from '../support/api.js';
import { signedInUser } from './admin-support.js';

/**
 * The audit log: every state-changing request recorded whatever its outcome, generated
 * from the route table; the reader's filters and paging; one NRC's trail for a data subject's request.
 */
const twin = inject('twin');
const today = () => new Date().toISOString().slice(0, 10);
const STATE_CHANGING = ROUTES.filter((route) => route.method !== 'GET');
/** A route's path naming an object that does not exist. */
const nowhere = (route: (typeof ROUTES)[number]) => route.path.replace(/\{[^}]+\}/g, 'no-such-thing');
/** Public routes carry no verified identity (in AWS they have no authorizer): recorded as ANONYMOUS. */
const isPublic = (route: (typeof ROUTES)[number]) => route.access.kind === 'public';
/** Employee routes know only employees: a member of staff has no session there, an employee is recorded as themselves. */
const isEmployee = (route: (typeof ROUTES)[number]) => route.access.kind === 'employee';

const subOf = (idToken: string): string => JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub;
async function user(roles: Parameters<typeof signedInUser>[1]) {
  const signedIn = await signedInUser(twin, roles);
  return { ...signedIn, sub: subOf(signedIn.token) };
}

let admin: Awaited<ReturnType<typeof user>>;
let actor: Awaited<ReturnType<typeof user>>;

let serial = 0;
const freshNrc = () => `${String(200000 + Math.floor(Math.random() * 700000))}/${String(10 + (serial++ % 90))}/${serial % 10}`;

async function readAll(token: string, query: Record<string, string>): Promise<AuditItem[]> {
  const items: AuditItem[] = [];
  let cursor: string | undefined;
  do {
    const res = await call(twin, listAudit, { query: { from: today(), to: today(), ...query, cursor }, caller: token });
    expectStatus(res, 200);
    items.push(...res.body.items);
    cursor = res.body.next_cursor ?? undefined;
  } while (cursor);
  return items;
}

beforeAll(async () => {
  [admin, actor] = await Promise.all([user(['super_admin']), user(['fi_admin'])]);
});

describe('every state-changing request is recorded', () => {
  it('with actor, roles, action, target, time and outcome, for every such route in the table', async () => {
    // Act: the same caller calls every state-changing route once (most refuse the empty request).
    const answers = new Map<string, number>();
    for (const route of STATE_CHANGING) {
      const res = await send(twin, { method: route.method, path: nowhere(route), body: {}, caller: actor.token });
      answers.set(route.id, res.status);
    }
    // Assess
    const entries = await readAll(admin.token, { subject: `USER#${actor.sub}`, action: 'request.' });
    for (const route of STATE_CHANGING.filter((r) => !isPublic(r) && !isEmployee(r))) {
      const entry = entries.find((item) => item.action === `request.${route.id}`);
      expect(entry, route.id).toMatchObject({
        actor_id: actor.sub,
        actor_email: actor.email,
        actor_roles: ['fi_admin'],
        subject: `USER#${actor.sub}`,
        outcome: answers.get(route.id)! < 400 ? 'ok' : 'refused',
        details: { method: route.method, status: answers.get(route.id) },
      });
      expect(Date.parse(entry!.ts)).toBeGreaterThan(Date.now() - 10 * 60_000);
    }
  });

  it('as the employee who called it, for every state-changing employee route', async () => {
    Object.assign(process.env, twin.env);
    const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
    const { signInEmployee } = await import('../support/employee.js');
    const entry = registerEntry();
    await addToCurrentRegister([entry]);
    const { idToken } = await signInEmployee(twin, { nrc: entry.nrc, employeeNumber: entry.employee_number });
    const answers = new Map<string, number>();
    for (const route of STATE_CHANGING.filter(isEmployee)) {
      answers.set(route.id, (await send(twin, { method: route.method, path: nowhere(route), body: {}, caller: idToken })).status);
    }
    const employee = subOf(idToken);
    const entries = await readAll(admin.token, { subject: `EMPLOYEE#${employee}`, action: 'request.' });
    for (const [id, status] of answers) {
      expect(
        entries.find((item) => item.action === `request.${id}`),
        id,
      ).toMatchObject({
        actor_id: employee,
        actor_email: null,
        actor_roles: [],
        subject: `EMPLOYEE#${employee}`,
        outcome: status < 400 ? 'ok' : 'refused',
        details: { status },
      });
    }
    expect(answers.size).toBeGreaterThan(0);
  });

  it.each(STATE_CHANGING.filter(isPublic).map((route) => [route.id, route] as const))(
    'records an anonymous request to the public route %s, and never copies the body',
    async (id, route) => {
      const marker = `secret-${Date.now()}@example.com`;
      const res = await send(twin, { method: route.method, path: nowhere(route), body: { email: marker } });
      const entries = await readAll(admin.token, { subject: 'ANONYMOUS', action: `request.${id}` });
      expect(entries[0]).toMatchObject({ actor_id: null, outcome: res.status < 400 ? 'ok' : 'refused', details: { status: res.status } });
      expect(JSON.stringify(entries)).not.toContain(marker);
    },
  );
});

describe(named(listAudit), () => {
  it('filters by action prefix and outcome, pages newest first, and records its own reading', async () => {
    const refused = await readAll(admin.token, { subject: `USER#${actor.sub}`, outcome: 'refused' });
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((item) => item.outcome === 'refused')).toBe(true);
    const times = refused.map((item) => item.ts);
    expect([...times].sort().reverse()).toEqual(times);

    const firstPage = await call(twin, listAudit, { query: { from: today(), to: today() }, caller: admin.token });
    expectStatus(firstPage, 200);
    expect(firstPage.body.items.length).toBeLessThanOrEqual(50);
    const reads = await readAll(admin.token, { subject: `USER#${admin.sub}`, action: 'audit.read' });
    expect(reads.length).toBeGreaterThan(0);
  });

  const day = { from: '2026-03-01', to: '2026-03-01' };
  it.each<[string, Record<string, string>, string | RegExp]>([
    ['a missing range', {}, /From/],
    ['From after To', { from: '2026-03-02', to: '2026-03-01' }, 'From must be on or before To.'],
    ['more than 92 days', { from: '2026-01-01', to: '2026-06-30' }, 'Choose at most 92 days at a time.'],
    ['a date that is no date', { from: '2026-02-31x', to: '2026-03-01' }, /From must be a date/],
    ['an unknown outcome', { ...day, outcome: 'maybe' }, 'Outcome is ok, refused or failed.'],
    ['a forged cursor', { ...day, cursor: 'eyJkYXkiOiJ4In0' }, 'The page cursor is not valid. Search again.'],
    [
      'a cursor naming other keys',
      { ...day, cursor: Buffer.from(JSON.stringify({ day: '2026-03-01', key: { pk: 'x', evil: 1 } })).toString('base64url') },
      'The page cursor is not valid. Search again.',
    ],
  ])('refuses %s with a message a person can act on', async (_name, query, message) => {
    const res = await call(twin, listAudit, { query: offContract(query), caller: admin.token });
    expectStatus(res, 400);
    expect(res.body.message).toMatch(message);
  });
});

describe("one NRC's trail (a data subject's request)", () => {
  it('names who reported the NRC and who looked it up, and the export is recorded too', async () => {
    // Prepare: one user reports the NRC, a data user searches for it among others and checks it.
    const nrc = freshNrc();
    const reporter = await user(['fi_admin']);
    const org = await seedOrganisation(twin, uniquePayeeKey());
    await seedMembership(twin, org, reporter.sub);
    const searcher = await user(['data_user']);
    const filed = await call(twin, createFraudReport, {
      body: { type: 'Identity theft', nrc, person_name: 'Mwila Banda', report_month: '2026-03', payee_key: org.payeeKey, description: 'Forged payslip.' },
      caller: reporter.token,
    });
    expectStatus(filed, 200);
    expect((await call(twin, searchFraudReports, { body: { nrcs: [nrc, freshNrc()] }, caller: searcher.token })).status).toBe(200);
    expect((await call(twin, checkFraudRegistry, { body: { nrcs: [nrc] }, caller: searcher.token })).status).toBe(200);

    // Act
    const res = await call(twin, getNrcAudit, { query: { nrc }, caller: admin.token });

    // Assess
    expectStatus(res, 200);
    const trail = res.body;
    expect(trail.nrc).toBe(nrc);
    expect(trail.reports).toEqual([expect.objectContaining({ action: 'fraud_report.create', actor_email: reporter.email })]);
    expect(trail.lookups.map((item) => [item.action, item.actor_email])).toEqual(
      expect.arrayContaining([
        ['fraud_registry.search', searcher.email],
        ['fraud_registry.check', searcher.email],
        ['audit.nrc_export', admin.email],
      ]),
    );
    const csv = nrcAuditCsv(trail);
    expect(csv.split('\r\n')[0]).toBe('NRC,Kind,Time (UTC),Action,Actor email,Actor roles,Organisation,Outcome,Entry');
    expect(csv).toContain(`${nrc},report,`);
  });

  it('the log filtered by the NRC as a person types it finds what its writers recorded', async () => {
    // Prepare: an admin exports an NRC's trail (the export's entry names the NRC by its digits).
    const nrc = freshNrc();
    expectStatus(await call(twin, getNrcAudit, { query: { nrc }, caller: admin.token }), 200);

    // Act: the subject typed with the NRC's slashes and in lower case.
    const entries = await readAll(admin.token, { subject: `nrc#${nrc}`, action: 'audit.nrc_export' });

    // Assess
    expect(entries.map((e) => [e.subject, e.actor_email])).toEqual([[`NRC#${nrc.replace(/\D/g, '')}`, admin.email]]);
  });

  it.each([
    ['no NRC', undefined],
    ['a malformed NRC', '12345/6/7'],
    ['an injection string', "1' OR '1'='1"],
  ])('refuses %s', async (_name, nrc) => {
    const res = await call(twin, getNrcAudit, { query: { nrc }, caller: admin.token });
    expectStatus(res, 400);
    expect(res.body).toEqual({ error: 'invalid_nrc', message: 'Enter an NRC like 123456/78/9.' });
  });

  it('is for super and system admins only', async () => {
    for (const role of ['fi_admin', 'compliance', 'data_user', 'pmec_admin'] as const) {
      const other = await user([role]);
      expect((await call(twin, getNrcAudit, { query: { nrc: '123456/78/9' }, caller: other.token })).status).toBe(403);
      expect((await call(twin, listAudit, { query: { from: today(), to: today() }, caller: other.token })).status).toBe(403);
    }
  });
});
