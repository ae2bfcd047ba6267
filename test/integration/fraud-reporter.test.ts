import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FRAUD_MESSAGES } from '#shared/api/fraud.js';
import { createFraudReport, searchFraudReports } from '#shared/routes/fraud.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { documentClient, seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * A report is filed as the organisation holding its payee key, named from the directory: a lender
 * cannot file as another (whose admins would see it as theirs and could not withdraw it); platform
 * admins may name any organisation's key; whatever Reporting FI was typed is not stored.
 */
const twin = inject('twin');
let serial = 0;
const freshNrc = () => `${400000 + Math.floor(Math.random() * 500000)}/${10 + (serial++ % 90)}/3`;
let orgA: SeededOrg;
let orgB: SeededOrg;
const who = { adminA: '', adminB: '', pendingA: '', loner: '', platform: '', searcher: '' };

const fields = (nrc: string, payeeKey: string, fiName = 'Typed Bank') => ({
  fi_name: fiName,
  type: 'Loan stacking',
  nrc,
  person_name: 'Chanda Mulenga',
  report_month: '2026-03',
  payee_key: payeeKey.toLowerCase(),
});
const file = (token: string, nrc: string, payeeKey: string, fiName?: string) =>
  call(twin, createFraudReport, { body: fields(nrc, payeeKey, fiName), caller: token });
const found = async (token: string, nrc: string) => okBody(await call(twin, searchFraudReports, { body: { nrcs: [nrc] }, caller: token })).items;
const stored = async (nrc: string) =>
  (await documentClient(twin).send(new GetCommand({ TableName: twin.env.TABLE_REGISTRY, Key: { pk: `NRC#${nrcDigits(nrc)}`, sk: 'SUMMARY' } }))).Item;

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([seedOrganisation(twin, uniquePayeeKey(), 'Lender A Bank'), seedOrganisation(twin, uniquePayeeKey(), 'Lender B Bank')]);
  const token = async (roles: Parameters<typeof createUser>[1], org?: SeededOrg, status = 'approved') => {
    const user = await createUser(twin, roles);
    const idToken = (await signIn(twin, user.email, user.password)).idToken;
    if (org) await seedMembership(twin, org, subOf(idToken), status);
    return idToken;
  };
  [who.adminA, who.adminB, who.pendingA, who.loner, who.platform, who.searcher] = await Promise.all([
    token(['fi_admin'], orgA),
    token(['fi_admin'], orgB),
    token([], orgA, 'pending'),
    token([]),
    token(['super_admin']),
    token(['compliance']),
  ]);
});

describe('the reporting organisation', () => {
  it("refuses a lender filing under another lender's payee key with 403, naming its own key, and stores nothing", async () => {
    const nrc = freshNrc();
    const res = await file(who.adminA, nrc, orgB.payeeKey, 'Lender B Bank');
    expectStatus(res, 403);
    expect(res.body).toMatchObject({ error: 'not_approved', message: FRAUD_MESSAGES.notYourPayeeKey([orgA.payeeKey]) });
    expect(await stored(nrc)).toBeUndefined();
  });

  it('refuses a person with no approved membership, saying whom to ask', async () => {
    for (const token of [who.loner, who.pendingA]) {
      const res = await file(token, freshNrc(), orgA.payeeKey);
      expectStatus(res, 403);
      expect(res.body.message).toBe(FRAUD_MESSAGES.notYourPayeeKey([]));
    }
  });

  it("files under the lender's own key as the directory names it, whatever was typed; its admins may withdraw it, the other lender's not", async () => {
    const nrc = freshNrc();
    expect((await file(who.adminA, nrc, orgA.payeeKey, 'Lender B Bank')).status).toBe(200);
    const [asA] = await found(who.adminA, nrc);
    expect(asA).toMatchObject({ fi_name: 'Lender A Bank', payee_key: orgA.payeeKey, can_withdraw: true });
    expect((await found(who.adminB, nrc))[0]).toMatchObject({ fi_name: 'Lender A Bank', can_withdraw: false });
  });

  it("lets a platform admin file under any organisation's key, as that organisation, and refuses a key no organisation holds", async () => {
    const nrc = freshNrc();
    expect((await file(who.platform, nrc, orgB.payeeKey, 'Anything')).status).toBe(200);
    expect((await found(who.adminB, nrc))[0]).toMatchObject({ fi_name: 'Lender B Bank', payee_key: orgB.payeeKey, can_withdraw: true });
    const unknown = await file(who.platform, freshNrc(), 'ZZ-NOBODY');
    expect(unknown).toMatchObject({ status: 400, body: { error: 'unknown_payee_key', message: FRAUD_MESSAGES.unknownPayeeKey('ZZ-NOBODY') } });
  });
});
