import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { StoredReport } from '#data/registry/reports.js';
import { FRAUD_PAGE_BYTES, FRAUD_REPORTS_PER_HOUR } from '#shared/api/fraud.js';
import { createFraudReport, listFraudReports, searchFraudReports } from '#shared/routes/fraud.js';
import { FRAUD_REPORT_MESSAGES } from '#shared/rules/fraud-report.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { documentClient, seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { call, expectStatus, withinOneWindow, type Answer } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * Fraud report text is bounded, and search answers are paged by size as well as count: a page stops
 * before FRAUD_PAGE_BYTES with a cursor to the rest, even over reports stored before the limits (up to
 * DynamoDB's 400 KB each), so an answer never nears Lambda's 6 MB.
 */
const twin = inject('twin');
Object.assign(process.env, twin.env);
let serial = 0;
const freshNrc = () => `${300000 + Math.floor(Math.random() * 600000)}/${10 + (serial++ % 90)}/2`;
let org: SeededOrg;
let lender: string;
let searcher: string;

beforeAll(async () => {
  org = await seedOrganisation(twin, uniquePayeeKey());
  const token = async (roles: Parameters<typeof createUser>[1]) => {
    const user = await createUser(twin, roles);
    return (await signIn(twin, user.email, user.password)).idToken;
  };
  [lender, searcher] = await Promise.all([token(['fi_admin']), token(['data_user'])]);
  await seedMembership(twin, org, subOf(lender));
});

const fields = (nrc: string, extra: Record<string, unknown> = {}) => ({
  fi_name: org.orgName,
  type: 'Identity theft',
  nrc,
  person_name: 'Mwila Banda',
  report_month: '2026-03',
  payee_key: org.payeeKey,
  description: 'Forged payslip.',
  ...extra,
});

describe('field limits', () => {
  it.each([
    ['a 600 KB description', { description: 'x'.repeat(600 * 1024) }, `description: ${FRAUD_REPORT_MESSAGES.descriptionTooLong}`],
    ['a 2,001-character description', { description: 'x'.repeat(2_001) }, `description: ${FRAUD_REPORT_MESSAGES.descriptionTooLong}`],
    ['a 300 KB person name', { person_name: 'N'.repeat(300 * 1024) }, `person_name: ${FRAUD_REPORT_MESSAGES.personNameTooLong}`],
  ])('refuses %s with 400 and the limit, storing nothing', async (_case, change, message) => {
    const nrc = freshNrc();
    const res = await call(twin, createFraudReport, { body: fields(nrc, change), caller: lender });
    expectStatus(res, 400);
    expect(res.body.message).toBe(message);
    const summary = await documentClient(twin).send(
      new GetCommand({ TableName: twin.env.TABLE_REGISTRY, Key: { pk: `NRC#${nrcDigits(nrc)}`, sk: 'SUMMARY' } }),
    );
    expect(summary.Item).toBeUndefined();
  });

  it('takes a description of exactly 2,000 characters', async () => {
    expect((await call(twin, createFraudReport, { body: fields(freshNrc(), { description: 'd'.repeat(2_000) }), caller: lender })).status).toBe(200);
  });
});

describe('answers paged by size', () => {
  const nrcs = Array.from({ length: 20 }, freshNrc);
  const ids: string[] = [];

  beforeAll(async () => {
    // Reports as large as DynamoDB stores (before the limits): 20 of them weigh 6 MB.
    const { putReport } = await import('#data/registry/reports.js');
    for (const [i, nrc] of nrcs.entries()) {
      const report: StoredReport = {
        id: randomUUID(),
        created_at: new Date(Date.now() + i).toISOString(),
        fi_name: org.orgName,
        type: 'Other',
        nrc,
        nrc_key: nrcDigits(nrc),
        person_name: 'Big Report',
        description: 'y'.repeat(300 * 1024),
        report_month: '2026-03',
        payee_key: org.payeeKey,
        files: [],
        created_by: 'seed',
        created_by_email: 'seed@example.com',
        org_ids: [org.orgId],
      };
      await putReport(report);
      ids.unshift(report.id);
    }
  });

  const follow = async (first: (cursor?: string) => Promise<Answer<{ items: { id: string }[]; next_cursor: string | null }>>) => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await first(cursor);
      expectStatus(page, 200);
      expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(FRAUD_PAGE_BYTES + 1024);
      seen.push(...page.body.items.map((item) => item.id));
      cursor = page.body.next_cursor ?? undefined;
      pages++;
    } while (cursor && pages < 30);
    return { seen, pages };
  };

  it('a search of 20 such NRCs comes in pages under the budget, every report once, newest first', async () => {
    const first = await call(twin, searchFraudReports, { body: { nrcs }, caller: searcher });
    expect(first.body).toMatchObject({ total: 20, matched_nrcs: 20, paged: true, next_cursor: expect.any(String) });
    const { seen, pages } = await follow((cursor) => call(twin, searchFraudReports, { body: { nrcs, cursor }, caller: searcher }));
    expect(seen).toEqual(ids);
    expect(pages).toBeGreaterThan(1);
  });

  it('the latest list stops before the budget too, and its cursor leads on', async () => {
    const first = await call(twin, listFraudReports, { query: { limit: '50' }, caller: searcher });
    expectStatus(first, 200);
    expect(first.body.items.length).toBeLessThan(20);
    const { seen } = await follow((cursor) => call(twin, listFraudReports, { query: { limit: '50', cursor }, caller: searcher }));
    expect(seen.slice(0, 20)).toEqual(ids);
  });
});

describe('reports per organisation', () => {
  it('files 20 an hour for one organisation, whichever member files, then answers 429 saying when; another organisation is not held back', async () => {
    const busy = await seedOrganisation(twin, uniquePayeeKey());
    const other = await seedOrganisation(twin, uniquePayeeKey());
    const member = async (org: SeededOrg) => {
      const user = await createUser(twin, []);
      const token = (await signIn(twin, user.email, user.password)).idToken;
      await seedMembership(twin, org, subOf(token), 'approved', 'data_user', user.email);
      return token;
    };
    const [first, second, outsider] = await Promise.all([member(busy), member(busy), member(other)]);
    const report = (token: string, to: SeededOrg) => call(twin, createFraudReport, { body: { ...fields(freshNrc()), payee_key: to.payeeKey }, caller: token });
    // The count is by clock hour: the 22 reports below (a minute or two on a loaded machine) go in one.
    await withinOneWindow(3600, 120_000);
    for (let i = 0; i < FRAUD_REPORTS_PER_HOUR; i++) expectStatus(await report(i % 2 ? first : second, busy), 200);
    const refused = await report(first, busy);
    expectStatus(refused, 429);
    expect(refused.body).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(
        /^Your organisation has filed 20 fraud reports this hour, the most allowed\. File this one after \d{2}:\d{2} Lusaka time\.$/,
      ),
    });
    expectStatus(await report(second, busy), 429);
    expectStatus(await report(outsider, other), 200);
  }, 300_000);
});
