import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { S3Event } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getSubmission } from '#shared/routes/submissions.js';
import { currentMonth } from '#shared/rules/dates.js';
import { encodeEventKey } from '../../infra/local/s3-events.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { documentClient, seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, stoppagesRows, TINY_PDF, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

const twin = inject('twin');
const api = submissionsApi(twin);
const month = currentMonth();
const dynamo = documentClient(twin);
const s3 = new S3Client({
  endpoint: twin.env.AWS_ENDPOINT_URL_S3,
  region: twin.env.AWS_REGION,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

// The handlers run here too, against the same twin, to re-deliver an event and wait for its end.
Object.assign(process.env, twin.env);
const validateUpload = (await import('../../lambdas/events/validate-upload.js')).handler;
const ingestSubmission = (await import('../../lambdas/events/ingest-submission.js')).handler;
const { getCounter, counterPeriods } = await import('#data/submissions/counters.js');
const { getUpload } = await import('#data/uploads/upload.js');
const { readResultJson, resultKeys } = await import('#data/uploads/results.js');
const { ingestRows } = await import('#data/history/entries.js');

const s3Event = (key: string, eTag?: string): S3Event =>
  ({
    Records: [{ eventName: 'ObjectCreated:Put', s3: { bucket: { name: twin.env.BUCKET_UPLOADS }, object: { key: encodeEventKey(key), eTag, size: 1 } } }],
  }) as unknown as S3Event;

let org: SeededOrg;
let token: string;
let reviewerToken: string;
let outsiderToken: string;

async function tokenFor(roles: Parameters<typeof createUser>[1]) {
  const user = await createUser(twin, roles);
  return (await signIn(twin, user.email, user.password)).idToken;
}

const request = (kind: 'inputs' | 'stoppages', size: number) => ({
  doc_kind: kind,
  month,
  payee_key: org.payeeKey,
  file_name: `${kind} file.xlsx`,
  size,
  content_type: XLSX_MIME,
});

async function uploadAndSubmit(kind: 'inputs' | 'stoppages', nrcs: string[]) {
  const data = workbook(kind === 'inputs' ? inputsRows(month, org.payeeKey, nrcs) : stoppagesRows(month, org.payeeKey, nrcs));
  const upload = await api.upload(token, request(kind, data.length), data);
  const submit = await api.submit(token, upload.id);
  expectStatus(submit, 200);
  return { upload, submit: submit.body, status: submit.status };
}

/** A borrower's deductions: the month-keyed items of their partition (it also holds their record, sk=RECORD). */
const historyOf = async (nrc: string) =>
  (
    (
      await dynamo.send(
        new QueryCommand({
          TableName: twin.env.TABLE_HISTORY,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `NRC#${nrc.replace(/\D/g, '')}` },
        }),
      )
    ).Items ?? []
  ).filter((item) => /^\d{4}-\d{2}#/.test(String(item.sk)));

const orgCounters = async (createdAt: string) => Promise.all(counterPeriods(createdAt).map((period) => getCounter(`ORG#${org.orgId}`, period)));

beforeAll(async () => {
  org = await seedOrganisation(twin, uniquePayeeKey('pmec'));
  const user = await createUser(twin, ['fi_admin']);
  token = (await signIn(twin, user.email, user.password)).idToken;
  await seedMembership(twin, org, subOf(token));
  [reviewerToken, outsiderToken] = await Promise.all([tokenFor(['compliance']), tokenFor(['fi_admin'])]);
});

describe('submit and ingestion', () => {
  const nrcs = [nrcOf(1, 410_000), nrcOf(2, 410_000), nrcOf(3, 410_000)];
  let first: Awaited<ReturnType<typeof uploadAndSubmit>>;

  it('stores the file under {month}/{payeeKey}/{docKind}/, creates a pending submission and ingests its rows', async () => {
    first = await uploadAndSubmit('inputs', nrcs);
    expect(first.status).toBe(200);
    expect(first.submit).toMatchObject({
      submission_id: first.upload.id,
      bucket: twin.env.BUCKET_UPLOADS,
      file_name: 'inputs file.xlsx',
      message: 'Submit complete.',
    });
    expect(first.submit.path).toMatch(new RegExp(`^${month}/${org.payeeKey}/inputs/\\d{8}-\\d{6}-[0-9a-f]{8}-inputs-file\\.xlsx$`));
    const stored = await s3.send(new GetObjectCommand({ Bucket: first.submit.bucket, Key: first.submit.path }));
    expect((await stored.Body!.transformToByteArray()).length).toBeGreaterThan(0);

    const submission = await api.waitForIngestion(token, first.upload.id);
    expect(submission).toMatchObject({
      status: 'pending',
      doc_kind: 'inputs',
      payee_key: org.payeeKey,
      upload_month: month,
      row_count: 3,
      org_id: org.orgId,
      org_name: org.orgName,
      counts: { inserted: 3, updated: 0, skipped: 0 },
      ingestion: { status: 'done', message: 'Submissions updated — inserted 3, updated 0, skipped 0.' },
    });
    const [item] = await historyOf(nrcs[0]!);
    expect(item).toMatchObject({
      sk: `${month}#${org.payeeKey}#input`,
      nrc: nrcs[0],
      installment: 250,
      kind: 'input',
      employee_no: 'E1',
      submission_id: first.upload.id,
    });
    const [year, monthly, day] = await orgCounters(submission.created_at);
    for (const counter of [year, monthly, day]) expect(counter).toMatchObject({ submissions: 1, inputs_rows: 3, stoppages_rows: 0 });
  });

  it('gives the same submission for a repeated Submit, never a second one', async () => {
    const again = await api.submit(token, first.upload.id);
    expectStatus(again, 200);
    expect(again.body).toEqual(first.submit);
    const [, monthly] = await orgCounters((await api.waitForIngestion(token, first.upload.id)).created_at);
    expect(monthly).toMatchObject({ submissions: 1, inputs_rows: 3, stoppages_rows: 0 });
  });

  it('changes nothing when S3 delivers the validation or ingestion events again', async () => {
    const before = await getUpload(first.upload.id);
    await validateUpload(s3Event(before!.key, before!.etag));
    await validateUpload(s3Event(before!.key));
    await ingestSubmission(s3Event(`ingest/${first.upload.id}.json`));
    expect(await getUpload(first.upload.id)).toEqual(before);
    const submission = await api.waitForIngestion(token, first.upload.id);
    expect(submission.counts).toEqual({ inserted: 3, updated: 0, skipped: 0 });
    expect(await historyOf(nrcs[0]!)).toHaveLength(1);
    const [, monthly] = await orgCounters(submission.created_at);
    expect(monthly).toMatchObject({ submissions: 1, inputs_rows: 3, stoppages_rows: 0 });
  });

  it('counts a retried ingestion against the state before its first run', async () => {
    const rows = await readResultJson<Parameters<typeof ingestRows>[1]>(resultKeys(first.upload.id).rows);
    const source = {
      submissionId: first.upload.id,
      kind: 'inputs' as const,
      month,
      payeeKey: org.payeeKey,
      orgId: org.orgId,
      orgName: org.orgName,
      submittedAt: new Date().toISOString(),
    };
    expect(await ingestRows(source, rows!)).toEqual({ inserted: 3, updated: 0, skipped: 0 });
    expect(await ingestRows(source, rows!.slice(1))).toEqual({ inserted: 2, updated: 0, skipped: 0 });
    expect(await historyOf(nrcs[0]!)).toHaveLength(1);
  });

  it('re-validating a validated upload for the same object keeps the same record', async () => {
    const data = workbook(inputsRows(month, org.payeeKey, [nrcOf(9, 410_000)]));
    const upload = await api.upload(token, request('inputs', data.length), data);
    const before = await getUpload(upload.id);
    await validateUpload(s3Event(before!.key, before!.etag));
    expect(await getUpload(upload.id)).toEqual(before);
  });

  it('updates history instead of duplicating it when the month is submitted again', async () => {
    const second = await uploadAndSubmit('inputs', [nrcs[0]!, nrcs[1]!, nrcOf(4, 410_000), nrcOf(4, 410_000)]);
    expect(second.status).toBe(200);
    expect(second.submit.submission_id).not.toBe(first.upload.id);
    const submission = await api.waitForIngestion(token, second.upload.id);
    // The NRC given twice is two deductions (two loans at one lender): both inserted, none skipped.
    expect(submission.counts).toEqual({ inserted: 2, updated: 2, skipped: 0 });
    expect(submission.ingestion.message).toBe('Submissions updated — inserted 2, updated 2, skipped 0.');
    const items = await historyOf(nrcs[0]!);
    expect(items).toHaveLength(1);
    expect(items[0]!.submission_id).toBe(second.upload.id);
    const [, monthly] = await orgCounters(submission.created_at);
    // The counters add the rows ingested: 3, then all 4 of the second file.
    expect(monthly).toMatchObject({ submissions: 2, inputs_rows: 7, stoppages_rows: 0 });
  });

  it('keeps stoppages beside inputs of the same borrower and month', async () => {
    const stop = await uploadAndSubmit('stoppages', [nrcs[2]!]);
    expect(stop.submit.path).toMatch(new RegExp(`^${month}/${org.payeeKey}/stoppages/`));
    expect((await api.waitForIngestion(token, stop.upload.id)).counts).toEqual({ inserted: 1, updated: 0, skipped: 0 });
    expect((await historyOf(nrcs[2]!)).map((i) => i.kind).sort()).toEqual(['input', 'stoppage']);
  });

  it('refuses to submit a file with errors, with a clear message', async () => {
    const rows = inputsRows(month, org.payeeKey, [nrcOf(1, 420_000), nrcOf(2, 420_000)]);
    rows[1]![4] = -5;
    rows[2]![0] = null;
    const data = workbook(rows);
    const upload = await api.upload(token, request('inputs', data.length), data);
    const res = await api.submit(token, upload.id);
    expectStatus(res, 409);
    expect(res.body).toEqual({ error: 'has_errors', message: 'Submit refused: the file has 2 errors. Fix them in the file, validate again, then submit.' });
    expect((await call(twin, getSubmission, { params: { id: upload.id }, caller: token })).status).toBe(404);
  });

  it('refuses Submit to someone not approved for the payee key', async () => {
    const data = workbook(inputsRows(month, org.payeeKey, [nrcOf(1, 430_000)]));
    const upload = await api.upload(token, request('inputs', data.length), data);
    const res = await api.submit(outsiderToken, upload.id);
    expect(res).toEqual({ status: 403, body: { error: 'not_approved', message: 'You are not approved for this org/payee key.' } });
  });

  it('shows a submission to reviewers and its organisation, not to others', async () => {
    expect((await call(twin, getSubmission, { params: { id: first.upload.id }, caller: reviewerToken })).status).toBe(200);
    expect((await call(twin, getSubmission, { params: { id: first.upload.id }, caller: outsiderToken })).status).toBe(403);
    expect((await call(twin, getSubmission, { params: { id: '00000000-0000-4000-8000-000000000000' }, caller: token })).status).toBe(404);
  });
});

describe('onboarding evidence', () => {
  it('goes straight to the onboarding bucket under {month}/{payeeKey}/onboarding/, once', async () => {
    const upload = await api.upload(
      token,
      { doc_kind: 'onboarding', month, payee_key: org.payeeKey, file_name: 'PACRA certificate.pdf', size: TINY_PDF.length, content_type: 'application/pdf' },
      TINY_PDF,
    );
    const res = await api.submit(token, upload.id);
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      submission_id: null,
      bucket: twin.env.BUCKET_ONBOARDING,
      file_name: 'PACRA certificate.pdf',
      message: 'Onboarding file uploaded.',
    });
    expect(String(res.body.path)).toMatch(new RegExp(`^${month}/${org.payeeKey}/onboarding/.*-PACRA-certificate\\.pdf$`));
    const stored = await s3.send(new GetObjectCommand({ Bucket: twin.env.BUCKET_ONBOARDING, Key: String(res.body.path) }));
    expect(stored.ContentType).toBe('application/pdf');
    expect(await api.submit(token, upload.id)).toEqual(res);
  });
});
