import { createHash } from 'node:crypto';
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ScheduleLine } from '#shared/rules/payroll-schedule.js';
import { documentClient } from '../fixtures/submissions/directory.js';
import { workbook } from '../fixtures/submissions/workbooks.js';
import type { TestTwinInfo } from './cognito.js';

const uploadsStore = (twin: TestTwinInfo) =>
  new S3Client({
    endpoint: twin.env.AWS_ENDPOINT_URL_S3,
    region: twin.env.AWS_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

/** An object written straight into the twin's uploads bucket (a job as its writer drops it, so its S3 event runs). */
export async function putUploadObject(twin: TestTwinInfo, key: string, body: string): Promise<void> {
  await uploadsStore(twin).send(new PutObjectCommand({ Bucket: twin.env.BUCKET_UPLOADS!, Key: key, Body: body, ContentType: 'application/json' }));
}

/** An object of the twin's uploads bucket removed (one a writer stopped before writing). */
export async function deleteUploadObject(twin: TestTwinInfo, key: string): Promise<void> {
  await uploadsStore(twin).send(new DeleteObjectCommand({ Bucket: twin.env.BUCKET_UPLOADS!, Key: key }));
}

/**
 * A frozen payroll schedule version written straight into the twin, in exactly the shape its writer stores
 * (the submissions table's pk=SCHEDULE#{month} sk=VERSION#{000001} item; its lines as JSONL at
 * `payroll/{month}/schedule-v{version}.jsonl` in the uploads bucket, sorted by payee key then employee number).
 */
export async function freezeSchedule(
  twin: TestTwinInfo,
  month: string,
  lines: readonly ScheduleLine[],
  version = 1,
  byLenderNames: Record<string, string> = {},
) {
  const sorted = [...lines].sort((a, b) => (a.payee_key === b.payee_key ? (a.employee_no < b.employee_no ? -1 : 1) : a.payee_key < b.payee_key ? -1 : 1));
  const s3Key = `payroll/${month}/schedule-v${version}.jsonl`;
  const store = uploadsStore(twin);
  await store.send(
    new PutObjectCommand({
      Bucket: twin.env.BUCKET_UPLOADS!,
      Key: s3Key,
      Body: sorted.map((line) => JSON.stringify(line)).join('\n'),
      ContentType: 'application/x-ndjson',
    }),
  );
  const csv = [
    'EMPLOYEE NUMBER,NRC,NAME,PAYEE KEY,AMOUNT,START DATE,END DATE',
    ...sorted.map((l) => [l.employee_no, l.nrc, l.name, l.payee_key, l.amount.toFixed(2), l.start_date, l.end_date].join(',')),
  ].join('\n');
  const lenders = new Map<string, { lines: number; total: number }>();
  for (const line of sorted) {
    const lender = lenders.get(line.payee_key) ?? { lines: 0, total: 0 };
    lenders.set(line.payee_key, { lines: lender.lines + 1, total: Math.round((lender.total + line.amount) * 100) / 100 });
  }
  const item = {
    pk: `SCHEDULE#${month}`,
    sk: `VERSION#${String(version).padStart(6, '0')}`,
    month,
    version,
    hash: createHash('sha256').update(csv).digest('hex'),
    lines: sorted.length,
    total: Math.round(sorted.reduce((sum, line) => sum + line.amount * 100, 0)) / 100,
    by_lender: [...lenders].map(([payee_key, lender]) => ({ payee_key, org_name: byLenderNames[payee_key] ?? `Lender ${payee_key}`, ...lender })),
    s3_key: s3Key,
    frozen_at: new Date().toISOString(),
    frozen_by: 'schedule-test@example.com',
  };
  await documentClient(twin).send(new PutCommand({ TableName: twin.env.TABLE_SUBMISSIONS, Item: item }));
  return item;
}

/** A schedule line with made-up but valid fields. */
export function scheduleLine(payeeKey: string, n: number, amount: number): ScheduleLine {
  return {
    payee_key: payeeKey,
    employee_no: `EMP${String(n).padStart(6, '0')}`,
    nrc: `${String(200000 + n)}/10/1`,
    name: `Mwila Banda ${n}`,
    amount,
    start_date: '',
    end_date: '',
  };
}

/** An applied deductions workbook: EMPLOYEE NUMBER, NRC, PAYEE KEY, AMOUNT DEDUCTED, REASON. */
export function appliedWorkbook(rows: readonly { employee_no: string; nrc: string; payee_key: string; amount: number | string; reason?: string }[]): Buffer {
  return workbook([
    ['EMPLOYEE NUMBER', 'NRC', 'PAYEE KEY', 'AMOUNT DEDUCTED', 'REASON'],
    ...rows.map((r) => [r.employee_no, r.nrc, r.payee_key, r.amount, r.reason ?? null]),
  ]);
}

let monthIndex = 0;
/**
 * A past month no other test file of the run uses: a module graph (an integration shard's files share one, decision
 * 0243) starts at January of a random year of 1000–1989 and counts on month by month (consecutive calls give
 * consecutive months), so no two files of a shard meet, and two shards only when their years fall within the
 * months they use. A month after one another file took may sit within a window reaching back from it.
 */
export function testMonth(): string {
  monthIndex = monthIndex || (1000 + Math.floor(Math.random() * 990)) * 12;
  const at = monthIndex++;
  return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`;
}

/** The fingerprint of the month's drawn schedule (the submissions it was drawn from), as its drawn item holds it. */
export async function drawnFingerprint(twin: TestTwinInfo, month: string): Promise<string> {
  const out = await documentClient(twin).send(new GetCommand({ TableName: twin.env.TABLE_SUBMISSIONS, Key: { pk: `SCHEDULE#${month}`, sk: 'DRAWN' } }));
  return String(out.Item?.fingerprint);
}

/** Items written straight into the submissions table (a draw's run planned, as its writer stores it). */
export async function putSubmissionsItem(twin: TestTwinInfo, item: Record<string, unknown>): Promise<void> {
  await documentClient(twin).send(new PutCommand({ TableName: twin.env.TABLE_SUBMISSIONS, Item: item }));
}

/** The keys of the uploads bucket under a prefix. */
export async function uploadKeys(twin: TestTwinInfo, prefix: string): Promise<string[]> {
  const out = await uploadsStore(twin).send(new ListObjectsV2Command({ Bucket: twin.env.BUCKET_UPLOADS!, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!);
}
