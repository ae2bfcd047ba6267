import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ReconciliationLine } from '#shared/rules/reconciliation.js';
import { documentClient } from '../fixtures/submissions/directory.js';
import type { TestTwinInfo } from './cognito.js';

/**
 * A month's recorded reconciliation written straight into the twin, in the shape Submit of an applied file stores it
 * (pk=RECONCILIATION#{month} sk=APPLIED; each lender's lines at `results/{upload}/reconciliation/{payee key}.jsonl`):
 * for suites that need a remittance statement without running the applied file's pipeline.
 */
export async function seedReconciledMonth(
  twin: TestTwinInfo,
  month: string,
  lenders: readonly { payeeKey: string; orgName: string; lines: readonly ReconciliationLine[] }[],
) {
  const uploadId = randomUUID();
  const store = new S3Client({
    endpoint: twin.env.AWS_ENDPOINT_URL_S3,
    region: twin.env.AWS_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const cents = (n: number) => Math.round(n * 100);
  const byLender = [];
  for (const lender of lenders) {
    const Key = `results/${uploadId}/reconciliation/${lender.payeeKey}.jsonl`;
    await store.send(new PutObjectCommand({ Bucket: twin.env.BUCKET_UPLOADS!, Key, Body: lender.lines.map((line) => JSON.stringify(line)).join('\n') }));
    const count = (status: ReconciliationLine['status']) => lender.lines.filter((line) => line.status === status).length;
    byLender.push({
      payee_key: lender.payeeKey,
      org_name: lender.orgName,
      expected_total: lender.lines.reduce((sum, line) => sum + cents(line.expected), 0) / 100,
      applied_total: lender.lines.reduce((sum, line) => sum + cents(line.applied), 0) / 100,
      counts: { applied: count('APPLIED'), short: count('SHORT'), not_applied: count('NOT_APPLIED'), unexpected: count('UNEXPECTED') },
      lines: lender.lines.length,
    });
  }
  const item = {
    pk: `RECONCILIATION#${month}`,
    sk: 'APPLIED',
    month,
    upload_id: uploadId,
    schedule_version: 1,
    submitted_by: 'remittance-test@example.com',
    submitted_at: new Date().toISOString(),
    by_lender: byLender,
  };
  await documentClient(twin).send(new PutCommand({ TableName: twin.env.TABLE_SUBMISSIONS, Item: item }));
}
