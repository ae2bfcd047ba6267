import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listFraudReports } from '#shared/routes/fraud.js';
import { listSubmissions } from '#shared/routes/reviews.js';
import { getSubmission } from '#shared/routes/submissions.js';
import { documentClient, seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { call, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * A malformed item costs its own row, never a whole list: items put straight into the twin's tables (as a
 * bug, a hand edit or an older writer would leave them) beside good ones, then the real routes asked. The
 * browser checks every answer against the route's response schema ("Invalid response format" when it
 * fails); the test client checks each answer the same way (test/support/api.ts).
 */
const twin = inject('twin');
const db = documentClient(twin);
const tables = { submissions: twin.env.TABLE_SUBMISSIONS!, registry: twin.env.TABLE_REGISTRY! };
const put = (table: string, Item: Record<string, unknown>) => db.send(new PutCommand({ TableName: table, Item }));
const written: { table: string; key: { pk: string; sk: string } }[] = [];
afterAll(async () => {
  for (const { table, key } of written) await db.send(new DeleteCommand({ TableName: table, Key: key }));
});

describe('the reports list (GET /api/submissions?scope=reports) with a submission stored without doc_kind', () => {
  let org: SeededOrg;
  let token: string;
  const ids = { older: randomUUID(), malformed: randomUUID(), newer: randomUUID() };

  /** A submission's item in the key design of lambdas/data/submissions/submissions.ts, as Submit stores it. */
  function submissionItem(id: string, createdAt: string) {
    return {
      pk: `SUB#${id}`,
      sk: 'META',
      gsi1pk: 'STATUS#pending',
      gsi1sk: createdAt,
      gsi2pk: `ORG#${org.orgId}`,
      gsi2sk: createdAt,
      id,
      created_at: createdAt,
      status: 'pending',
      doc_kind: 'inputs',
      payee_key: org.payeeKey,
      upload_month: createdAt.slice(0, 7),
      bucket: twin.env.BUCKET_UPLOADS,
      file_kind: 'xlsx',
      file_key: `${createdAt.slice(0, 7)}/${org.payeeKey}/inputs/${id}.xlsx`,
      file_name: `${id}.xlsx`,
      row_count: 3,
      parsed_rows: 3,
      org_id: org.orgId,
      org_name: org.orgName,
      upload_id: id,
      submitted_by: 'someone',
      submitted_by_email: 'someone@example.com',
      ingestion_status: 'done',
      late: false,
    };
  }

  beforeAll(async () => {
    // Prepare: an organisation admin and three submissions of theirs, the middle one without its kind.
    org = await seedOrganisation(twin, uniquePayeeKey(), `Malformed Items ${randomUUID().slice(0, 6)}`);
    const user = await createUser(twin, ['fi_admin']);
    token = (await signIn(twin, user.email, user.password)).idToken;
    await seedMembership(twin, org, subOf(token));
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const { doc_kind: _kind, ...withoutKind } = submissionItem(ids.malformed, at(2));
    const items = [submissionItem(ids.older, at(3)), withoutKind, submissionItem(ids.newer, at(1))];
    for (const item of items) {
      await put(tables.submissions, item);
      written.push({ table: tables.submissions, key: { pk: item.pk, sk: item.sk } });
    }
  });

  it('answers 200 with the good rows, in order, in the shape the browser accepts, and leaves the malformed one out', async () => {
    // Act
    const answer = okBody(await call(twin, listSubmissions, { query: { scope: 'reports' }, caller: token }));
    // Assess
    const mine = answer.items.filter((item) => item.org_id === org.orgId).map((item) => item.id);
    expect(mine).toEqual([ids.newer, ids.older]);
  });

  it('reads past it when paging: each good row once, the malformed one never', async () => {
    const reportsPage = (cursor: string | null) =>
      call(twin, listSubmissions, { query: { scope: 'reports', limit: '1', ...(cursor ? { cursor } : {}) }, caller: token });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { items, next_cursor }: { items: { id: string; org_id: string | null }[]; next_cursor: string | null } = okBody(await reportsPage(cursor));
      seen.push(...items.filter((item) => item.org_id === org.orgId).map((item) => item.id));
      cursor = next_cursor;
    } while (cursor && seen.length < 10);
    expect(seen).toEqual([ids.newer, ids.older]);
  });

  it('is not found on its own, while its neighbours are', async () => {
    expect((await call(twin, getSubmission, { params: { id: ids.malformed }, caller: token })).status).toBe(404);
    expect(okBody(await call(twin, getSubmission, { params: { id: ids.newer }, caller: token })).id).toBe(ids.newer);
  });
});

describe('the latest fraud reports (GET /api/fraud-reports) with a report stored without the person it names', () => {
  let token: string;
  const ids = { older: randomUUID(), malformed: randomUUID(), newer: randomUUID() };

  /** A report's item in the key design of lambdas/data/registry/reports.ts, as filing stores it. */
  function reportItem(id: string, createdAt: string) {
    const digits = String(700_000_000 + Math.floor(Math.random() * 99_999_999));
    return {
      pk: `NRC#${digits}`,
      sk: `REPORT#${createdAt}#${id}`,
      gsi1pk: 'REPORT',
      gsi1sk: `${createdAt}#${id}`,
      id,
      created_at: createdAt,
      fi_name: 'Malformed Items Bank',
      type: 'Other',
      nrc: `${digits.slice(0, 6)}/${digits.slice(6, 8)}/${digits.slice(8)}`,
      nrc_key: digits,
      person_name: 'Good Person',
      description: 'stored beside a malformed report',
      report_month: createdAt.slice(0, 7),
      payee_key: 'M001',
      files: [],
      created_by: 'someone',
      created_by_email: 'someone@example.com',
    };
  }

  beforeAll(async () => {
    const user = await createUser(twin, ['data_user']);
    token = (await signIn(twin, user.email, user.password)).idToken;
    // The newest three reports of the registry (seconds ahead of any other test's), the middle one without a name.
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
    const { person_name: _name, ...withoutName } = reportItem(ids.malformed, at(2));
    const items = [reportItem(ids.older, at(1)), withoutName, reportItem(ids.newer, at(3))];
    for (const item of items) {
      await put(tables.registry, item);
      written.push({ table: tables.registry, key: { pk: item.pk, sk: item.sk } });
    }
  });

  it('answers 200 with the good reports in the shape the browser accepts, and leaves the malformed one out', async () => {
    const answer = okBody(await call(twin, listFraudReports, { query: { limit: '10' }, caller: token }));
    expect(answer.items.slice(0, 2).map((item) => item.id)).toEqual([ids.newer, ids.older]);
    expect(answer.items.map((item) => item.id)).not.toContain(ids.malformed);
  });
});
