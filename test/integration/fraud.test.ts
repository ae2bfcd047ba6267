import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FRAUD_MESSAGES, MAX_NRCS_PER_REQUEST } from '#shared/api/fraud.js';
import { checkFraudRegistry, createFraudAttachmentUpload, createFraudReport, listFraudReports, searchFraudReports } from '#shared/routes/fraud.js';
import { FRAUD_REPORT_MESSAGES } from '#shared/rules/fraud-report.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { seedMembership, seedOrganisation, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { call, expectStatus, okBody, send } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

const twin = inject('twin');
const local = { region: twin.env.AWS_REGION, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } };
const s3 = new S3Client({ ...local, endpoint: twin.env.AWS_ENDPOINT_URL_S3, forcePathStyle: true });
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ ...local, endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB }));
const EVIDENCE = twin.env.BUCKET_EVIDENCE!;

/** A fresh valid NRC: 6 random digits / 2 / 1, so tests never see each other's reports. */
let serial = 0;
const freshNrc = () => `${String(100000 + Math.floor(Math.random() * 800000) + (serial++ % 1000))}/${String(10 + (serial % 90))}/${serial % 10}`;

async function tokenFor(roles: Parameters<typeof createUser>[1]) {
  const user = await createUser(twin, roles);
  return (await signIn(twin, user.email, user.password)).idToken;
}

/** Asks for a presigned POST and sends the file through it, as the browser does; returns the S3 answer too. */
async function upload(token: string, name: string, content: string | Uint8Array, type?: string, sendType?: string) {
  const presign = await call(twin, createFraudAttachmentUpload, { body: { file_name: name, size: content.length, content_type: type }, caller: token });
  if (presign.status !== 200) return { presign, s3Status: 0, s3Body: '', key: '' };
  const { upload: post, key } = okBody(presign);
  const form = new FormData();
  for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
  if (sendType) form.set('Content-Type', sendType);
  form.append('file', new Blob([content as Uint8Array<ArrayBuffer>]), name);
  const res = await fetch(post.url, { method: 'POST', body: form });
  return { presign, s3Status: res.status, s3Body: await res.text(), key };
}

/** The reporters' organisation: a report is filed as the organisation holding its payee key. */
let org: SeededOrg;
const reportFields = (nrc: string, extra: Record<string, unknown> = {}) => ({
  type: 'Identity theft',
  nrc,
  person_name: 'Mwila Banda',
  report_month: '2026-03',
  payee_key: org.payeeKey.toLowerCase(),
  description: 'Used a forged payslip.',
  ...extra,
});

/** The eight bytes every PNG starts with, and a little more. */
const PNG_START = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]);

const subOf = (idToken: string): string => JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub;
const summaryOf = (nrc: string) => db.send(new GetCommand({ TableName: twin.env.TABLE_REGISTRY, Key: { pk: `NRC#${nrcDigits(nrc)}`, sk: 'SUMMARY' } }));

let reporter: string;
let otherUser: string;
let searcher: string;
let searcherSub: string;
let noFraudRole: string;

beforeAll(async () => {
  [reporter, otherUser, searcher, noFraudRole] = await Promise.all([tokenFor([]), tokenFor([]), tokenFor(['data_user']), tokenFor(['admin'])]);
  searcherSub = subOf(searcher);
  org = await seedOrganisation(twin, uniquePayeeKey(), 'Zanaco Bank');
  await Promise.all([reporter, otherUser].map((token) => seedMembership(twin, org, subOf(token), 'approved', 'data_user')));
});

describe('report → check → search', () => {
  it('files a report with two attachments, flags its NRC, finds it with working links, and audits the search', async () => {
    const nrc = freshNrc();
    const pdf = await upload(reporter, 'payslip (forged).pdf', '%PDF-1.4 evidence', 'application/pdf');
    const png = await upload(reporter, 'photo.PNG', PNG_START, '');
    expect([pdf.s3Status, png.s3Status]).toEqual([204, 204]);
    expect(pdf.key).toMatch(/^staging\/[^/]+\/[0-9a-f-]{36}\/payslip-forged\.pdf$/);

    const filed = await call(twin, createFraudReport, { body: { ...reportFields(nrc), attachments: [pdf.key, png.key] }, caller: reporter });
    expect(filed).toEqual({ status: 200, body: { id: expect.any(String), message: 'Fraud report submitted.' } });

    const summary = await summaryOf(nrc);
    expect(summary.Item).toMatchObject({ nrc, report_count: 1, reports: [expect.stringMatching(/^REPORT#/)] });
    await expect(s3.send(new HeadObjectCommand({ Bucket: EVIDENCE, Key: pdf.key }))).rejects.toThrow();

    const check = await call(twin, checkFraudRegistry, { body: { nrcs: [nrcDigits(nrc), freshNrc()] }, caller: otherUser });
    expect(check).toEqual({ status: 200, body: { flagged: [nrc] } });

    const found = await call(twin, searchFraudReports, { body: { nrcs: [nrc] }, caller: searcher });
    expectStatus(found, 200);
    expect(found.body).toMatchObject({ total: 1, matched_nrcs: 1, paged: false, next_cursor: null });
    const [item] = found.body.items;
    expect(item).toMatchObject({ id: okBody(filed).id, nrc, fi_name: 'Zanaco Bank', payee_key: org.payeeKey, report_month: '2026-03', type: 'Identity theft' });
    expect(item!.files.map((f) => f.path)).toEqual([
      expect.stringMatching(new RegExp(`^2026-03/${org.payeeKey}/fraud/Zanaco-Bank-\\d{13}-1-payslip-forged\\.pdf$`)),
      expect.stringMatching(new RegExp(`^2026-03/${org.payeeKey}/fraud/Zanaco-Bank-\\d{13}-2-photo\\.png$`)),
    ]);
    const link = await fetch(item!.files[0]!.url);
    expect(link.status).toBe(200);
    expect(await link.text()).toBe('%PDF-1.4 evidence');
    expect(new URL(item!.files[0]!.url).searchParams.get('X-Amz-Expires')).toBe('900');

    const audit = await db.send(
      new QueryCommand({
        TableName: twin.env.TABLE_AUDIT,
        KeyConditionExpression: 'pk = :d',
        // The search's own entry, not the pointer entries it adds to each matched NRC's trail.
        FilterExpression: 'actor_id = :me AND #a = :search AND attribute_not_exists(entry_id)',
        ExpressionAttributeNames: { '#a': 'action' },
        ExpressionAttributeValues: { ':d': `DAY#${new Date().toISOString().slice(0, 10)}`, ':me': searcherSub, ':search': 'fraud_registry.search' },
      }),
    );
    expect(audit.Items?.at(-1)).toMatchObject({ details: { nrc_count: 1, matched_count: 1, matched: [nrc] } });
  });

  it('lists a second report of the same NRC newest first, refreshing the summary', async () => {
    const nrc = freshNrc();
    const first = await call(twin, createFraudReport, { body: reportFields(nrc, { type: 'Loan stacking' }), caller: reporter });
    const second = await call(twin, createFraudReport, { body: reportFields(nrc, { type: 'Ghost employee', description: '' }), caller: otherUser });
    expect((await summaryOf(nrc)).Item).toMatchObject({ report_count: 2 });
    const found = await call(twin, searchFraudReports, { body: { nrcs: [nrc, nrc] }, caller: searcher });
    expect(okBody(found).items.map((i) => i.id)).toEqual([okBody(second).id, okBody(first).id]);

    const latest = okBody(await call(twin, listFraudReports, { query: { limit: '3' }, caller: searcher }));
    expect(latest.limit).toBe(10);
    expect(latest.items[0]!.id).toBe(okBody(second).id);
  });

  it('answers a retried submission (same request_id) with the same report, stored once', async () => {
    const nrc = freshNrc();
    const request_id = randomUUID();
    const a = await call(twin, createFraudReport, { body: { ...reportFields(nrc), request_id }, caller: reporter });
    const b = await call(twin, createFraudReport, { body: { ...reportFields(nrc), request_id }, caller: reporter });
    expect(okBody(b).id).toBe(okBody(a).id);
    expect((await summaryOf(nrc)).Item).toMatchObject({ report_count: 1 });
  });

  it('pages a search of more than 100 NRCs 10 at a time, newest first, and a 100,000-NRC search works', async () => {
    const nrcs = Array.from({ length: 12 }, freshNrc);
    const ids: string[] = [];
    for (const nrc of nrcs) ids.push(okBody(await call(twin, createFraudReport, { body: reportFields(nrc), caller: reporter })).id);
    const list = [...Array.from({ length: 150 }, freshNrc), ...nrcs];
    const page1 = await call(twin, searchFraudReports, { body: { nrcs: list }, caller: searcher });
    expect(page1.body).toMatchObject({ total: 12, paged: true, next_cursor: expect.any(String) });
    expect(okBody(page1).items.map((i) => i.id)).toEqual(ids.slice(2).reverse());
    const page2 = await call(twin, searchFraudReports, { body: { nrcs: list, cursor: okBody(page1).next_cursor! }, caller: searcher });
    expect(page2.body).toMatchObject({ total: 12, next_cursor: null });
    expect(okBody(page2).items.map((i) => i.id)).toEqual(ids.slice(0, 2).reverse());

    const big = Array.from({ length: MAX_NRCS_PER_REQUEST - nrcs.length }, (_, i) => `${String(20000000 + i)}/00/0`).concat(nrcs);
    const huge = await call(twin, searchFraudReports, { body: { nrcs: big }, caller: searcher });
    expectStatus(huge, 200);
    expect(huge.body).toMatchObject({ total: 12, matched_nrcs: 12, paged: true });
    expect(huge.body.items).toHaveLength(10);
  });
});

describe('the registry check used by file validation', () => {
  it('gives the same answer from the summaries (flaggedNrcDigits) as from the digest the API reads', async () => {
    const nrc = freshNrc();
    await call(twin, createFraudReport, { body: reportFields(nrc), caller: reporter });
    Object.assign(process.env, twin.env);
    const { flaggedNrcDigits } = await import('#data/registry/nrc-summary.js');
    const { flaggedByDigest } = await import('#data/registry/reports.js');
    const probe = [nrcDigits(nrc), ...Array.from({ length: 500 }, () => nrcDigits(freshNrc()))];
    const [bySummary, byDigest] = await Promise.all([flaggedNrcDigits(probe), flaggedByDigest(probe)]);
    expect(bySummary.has(nrcDigits(nrc))).toBe(true);
    expect([...byDigest].sort()).toEqual([...bySummary].sort());
  });
});

describe('bad input gets a clear 4xx and stores nothing', () => {
  it('refuses malformed NRCs in search, check and report, naming the bad one', async () => {
    const search = await call(twin, searchFraudReports, { body: { nrcs: ['123456/78/9', '12/34'] }, caller: searcher });
    expectStatus(search, 400);
    expect(search.body.message).toContain(`'12/34' is not a valid NRC. ${FRAUD_REPORT_MESSAGES.nrcFormat}`);
    const check = await call(twin, checkFraudRegistry, { body: { nrcs: ['abc'] }, caller: reporter });
    expectStatus(check, 400);
    expect((await call(twin, checkFraudRegistry, { body: { nrcs: [] }, caller: reporter })).body).toMatchObject({
      message: expect.stringContaining(FRAUD_MESSAGES.noNrcs),
    });
    const report = await call(twin, createFraudReport, { body: reportFields('12345/6/7'), caller: reporter });
    expect(report).toMatchObject({ status: 400, body: { message: `nrc: ${FRAUD_REPORT_MESSAGES.nrcFormat}` } });
  });

  it('refuses a list of more than 100,000 NRCs with a message saying to split it', async () => {
    const nrcs = Array.from({ length: MAX_NRCS_PER_REQUEST + 1 }, (_, i) => `${String(30000000 + i)}/00/0`);
    const res = await call(twin, searchFraudReports, { body: { nrcs }, caller: searcher });
    expectStatus(res, 400);
    expect(res.body.message).toContain(FRAUD_MESSAGES.tooManyNrcs);
  });

  it('refuses a disallowed or oversized attachment, at the API and at S3', async () => {
    const exe = await upload(reporter, 'invoice.exe', 'MZ');
    expect(exe.presign).toMatchObject({ status: 400, body: { error: 'file_type_not_allowed' } });
    const html = await upload(reporter, 'page.pdf', '<html>', 'text/html');
    expect(html.presign.status).toBe(400);
    const declaredBig = await call(twin, createFraudAttachmentUpload, { body: { file_name: 'big.pdf', size: 11 * 1024 * 1024 }, caller: reporter });
    expect(declaredBig).toMatchObject({ status: 400, body: { message: expect.stringContaining(FRAUD_MESSAGES.fileTooLarge) } });

    // A client that lies about the size or type is stopped by S3 itself (the presigned policy).
    const presign = okBody(await call(twin, createFraudAttachmentUpload, { body: { file_name: 'small.pdf', size: 10 }, caller: reporter }));
    const form = new FormData();
    for (const [k, v] of Object.entries(presign.upload.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]), 'small.pdf');
    const tooBig = await fetch(presign.upload.url, { method: 'POST', body: form });
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toContain('EntityTooLarge');
    const wrongType = await upload(reporter, 'doc.pdf', '%PDF', 'application/pdf', 'text/html');
    expect(wrongType.s3Status).toBe(403);
  });

  it('refuses a file that is not what its name and type say, naming it, and files nothing', async () => {
    const nrc = freshNrc();
    const fake = await upload(reporter, 'statement.pdf', '<html><script>alert(1)</script></html>', 'application/pdf');
    const renamed = await upload(reporter, 'photo.png', '%PDF-1.4 a PDF renamed', 'image/png');
    const real = await upload(reporter, 'real.pdf', '%PDF-1.7 real', 'application/pdf');
    expect([fake.s3Status, renamed.s3Status, real.s3Status]).toEqual([204, 204, 204]);

    const refused = await call(twin, createFraudReport, { body: { ...reportFields(nrc), attachments: [real.key, fake.key] }, caller: reporter });
    expect(refused).toEqual({ status: 400, body: { error: 'attachment_not_what_it_claims', message: FRAUD_MESSAGES.notWhatItClaims('statement.pdf', 'pdf') } });
    const png = await call(twin, createFraudReport, { body: { ...reportFields(nrc), attachments: [renamed.key] }, caller: reporter });
    expect(png).toMatchObject({ status: 400, body: { message: FRAUD_MESSAGES.notWhatItClaims('photo.png', 'png') } });
    expect((await summaryOf(nrc)).Item).toBeUndefined();

    // Nothing was moved: the real file is still staged and files once the false one is left out.
    expectStatus(await call(twin, createFraudReport, { body: { ...reportFields(nrc), attachments: [real.key] }, caller: reporter }), 200);
  });

  it('neutralises a hostile file name', async () => {
    const res = await upload(reporter, '..\\..//etc/<script>alert(1)</script>"; rm -rf.pdf', '%PDF');
    expect(res.s3Status).toBe(204);
    expect(res.key.split('/').pop()).toMatch(/^[A-Za-z0-9._-]{1,80}$/);
    expect(res.key.split('/')).toHaveLength(4);
  });

  it("refuses another user's attachment, another report's attachment, and one never uploaded, storing nothing", async () => {
    const theirs = await upload(otherUser, 'theirs.pdf', '%PDF theirs');
    const nrc = freshNrc();
    const stolen = await call(twin, createFraudReport, { body: { ...reportFields(nrc), attachments: [theirs.key] }, caller: reporter });
    expect(stolen).toMatchObject({ status: 403, body: { error: 'attachment_not_yours' } });

    const mine = await upload(reporter, 'mine.pdf', '%PDF-1.4 mine');
    const filed = await call(twin, createFraudReport, { body: { ...reportFields(freshNrc()), attachments: [mine.key] }, caller: reporter });
    expectStatus(filed, 200);
    const reused = await call(twin, createFraudReport, { body: { ...reportFields(nrc), attachments: [mine.key] }, caller: reporter });
    expect(reused).toMatchObject({ status: 400, body: { error: 'attachment_missing' } });

    const latest = okBody(await call(twin, listFraudReports, { query: { limit: '10' }, caller: searcher }));
    const finalKey = latest.items.find((i) => i.id === filed.body.id)!.files[0]!.path;
    const otherReport = await call(twin, createFraudReport, { body: { ...reportFields(nrc), attachments: [finalKey] }, caller: reporter });
    expect(otherReport).toMatchObject({ status: 403, body: { error: 'attachment_not_yours' } });
    const ghost = `staging/${subOf(reporter)}/${randomUUID()}/ghost.pdf`;
    const never = await call(twin, createFraudReport, { body: { ...reportFields(nrc), attachments: [ghost] }, caller: reporter });
    expect(never).toMatchObject({ status: 400, body: { error: 'attachment_missing' } });

    expect((await summaryOf(nrc)).Item).toBeUndefined();
    await expect(s3.send(new GetObjectCommand({ Bucket: EVIDENCE, Key: theirs.key }))).resolves.toBeDefined();
  });

  it('refuses a bad cursor and a non-numeric limit', async () => {
    expect((await call(twin, searchFraudReports, { body: { nrcs: ['123456/78/9'], cursor: 'x' }, caller: searcher })).status).toBe(400);
    expect((await call(twin, listFraudReports, { query: { limit: 'lots' }, caller: searcher })).body).toMatchObject({ error: 'invalid_limit' });
    expect((await call(twin, listFraudReports, { query: { cursor: 'zzz' }, caller: searcher })).status).toBe(400);
  });
});

describe('access', () => {
  it('refuses search and the latest list to a caller without a fraud-list role, and everything to the signed out', async () => {
    expect((await call(twin, searchFraudReports, { body: { nrcs: ['123456/78/9'] }, caller: noFraudRole })).status).toBe(403);
    expect((await call(twin, listFraudReports, { caller: noFraudRole })).status).toBe(403);
    expect((await call(twin, checkFraudRegistry, { body: { nrcs: ['123456/78/9'] }, caller: noFraudRole })).status).toBe(200);
    for (const route of [createFraudReport, createFraudAttachmentUpload, checkFraudRegistry]) {
      expect((await send(twin, { method: route.method, path: route.path, body: {} })).status).toBe(401);
    }
  });
});
