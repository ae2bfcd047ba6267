import { GetObjectCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand, type BatchWriteCommandOutput, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { currentMonth } from '#shared/rules/dates.js';
import type { TwinHandle } from '../test/support/twin-process.js';
import type { Figure } from './figures.js';
import { generateInputsWorkbook } from './fixtures.js';
import { progress } from './support.js';

const ROWS = Number(process.env.LOAD_CHUNKED_ROWS ?? 300_000);
/** Borrowers of this file are no other upload's. */
const OFFSET = 1_000_000;
const SPOT_CHECKS = 300;
const PARALLEL = 16;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: Record<string, any> }>;

/** Writes these items with BatchWriteItem alone, 25 a call, PARALLEL calls in flight; answers the seconds it took. */
async function rawBatchWrite(items: readonly Record<string, unknown>[], table: string): Promise<number> {
  const { dynamo } = await import('#adapters/aws-clients.js');
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < items.length) {
        const at = next;
        next += 25;
        let pending = items.slice(at, at + 25).map((Item) => ({ PutRequest: { Item } }));
        while (pending.length) {
          const out: BatchWriteCommandOutput = await dynamo.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
          pending = (out.UnprocessedItems?.[table] as typeof pending | undefined) ?? [];
        }
      }
    }),
  );
  return (performance.now() - start) / 1000;
}

/**
 * One file of ROWS rows ingested through the chunked path on the twin (split, chunk objects,
 * their events under the chunk function's bounded concurrency, history and borrower summaries, the counts
 * landed once), its rows/s from Submit to the counts recorded; beside it, the very items that path left
 * (history items, NRC records, employee-number summaries) written under other keys by raw BatchWriteItem
 * on the same DynamoDB Local. Nothing lost: the counts, and spot checks of history rows and records.
 */
export async function chunkedIngestion(twin: TwinHandle, call: Call, payeeKey: string): Promise<Figure[]> {
  Object.assign(process.env, twin.env);
  const { dynamo, s3, tableName } = await import('#adapters/aws-clients.js');
  const { historyItems } = await import('#data/history/entries.js');
  const { readSummaryItems } = await import('#data/history/summary-attributes.js');
  const { nrcSummaryKey, employeeSummaryKey } = await import('#data/history/summaries.js');
  const { resultKeys } = await import('#data/uploads/results.js');
  const month = currentMonth();

  progress(`a ${ROWS.toLocaleString('en-US')}-row file through the chunked path`);
  const data = generateInputsWorkbook({ rows: ROWS, month, payeeKey, offset: OFFSET });
  const created = await call('POST', '/api/uploads', {
    doc_kind: 'inputs',
    month,
    payee_key: payeeKey,
    file_name: 'tenfold.xlsx',
    size: data.length,
    content_type: XLSX,
  });
  if (created.status !== 200) throw new Error(`create ${created.status}`);
  const form = new FormData();
  for (const [k, v] of Object.entries(created.body.upload.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)]), 'tenfold.xlsx');
  if ((await fetch(created.body.upload.url, { method: 'POST', body: form })).status !== 204) throw new Error('S3 refused the file');
  let upload;
  do {
    await pause(1_000);
    upload = await call('GET', `/api/uploads/${created.body.id}`);
  } while (upload.status === 200 && upload.body.status !== 'validated' && upload.body.status !== 'failed');
  if (upload.body.status !== 'validated' || upload.body.errors?.length) throw new Error(`validation ${upload.body.status}`);
  progress('validated; submitting');
  const submitted = await call('POST', `/api/uploads/${created.body.id}/submit`);
  if (submitted.status !== 200) throw new Error(`submit ${submitted.status}`);
  const start = performance.now();
  let submission;
  do {
    await pause(1_000);
    submission = await call('GET', `/api/submissions/${submitted.body.submission_id}`);
  } while (submission.status === 200 && submission.body.ingestion?.status === 'pending');
  const seconds = (performance.now() - start) / 1000;
  const counts = submission.body.counts as { inserted: number; updated: number; skipped: number } | undefined;
  if (submission.body.ingestion?.status !== 'done' || !counts) throw new Error(`ingestion ${JSON.stringify(submission.body.ingestion)}`);

  progress('spot checks, then the same items written raw');
  const out = await s3.send(new GetObjectCommand({ Bucket: twin.env.BUCKET_UPLOADS, Key: resultKeys(created.body.id).rows }));
  const rows = JSON.parse(await out.Body!.transformToString()) as CanonicalRow[];
  const source = { submissionId: submitted.body.submission_id, kind: 'inputs' as const, month, payeeKey, orgId: null, orgName: null, submittedAt: '' };
  const history = historyItems(source, rows).items;
  let missing = 0;
  const table = tableName('history');
  for (let i = 0; i < SPOT_CHECKS; i++) {
    const item = history[Math.floor((i * history.length) / SPOT_CHECKS)]!;
    const found = await dynamo.send(
      new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk AND sk >= :sk', ExpressionAttributeValues: { ':pk': item.pk, ':sk': item.sk } }),
    );
    const stored = found.Items?.find((x) => x.sk === item.sk);
    const record = found.Items?.find((x) => x.sk === 'RECORD');
    if (!stored || stored.installment !== item.installment || !record?.[`s_${source.submissionId}`]) missing++;
  }
  const summaries = await readSummaryItems([
    ...rows.map((row) => nrcSummaryKey(row.nrc!.replace(/\D/g, ''))),
    ...rows.map((row) => employeeSummaryKey(row.employee_no!)),
  ]);
  const raw = [...history, ...summaries.values()].map((item) => ({ ...item, pk: `RAW#${item.pk}` }));
  const rawSeconds = await rawBatchWrite(raw, table);
  const ratio = ROWS / seconds / (ROWS / rawSeconds);
  return [
    {
      name: 'load.chunked_rows_per_s',
      value: ROWS / seconds,
      unit: 'rows/s',
      baseline: 'raw BatchWriteItem of the same items',
      baseline_value: ROWS / rawSeconds,
      ratio,
      note: `${ROWS.toLocaleString('en-US')} rows from Submit to the counts recorded in ${Math.round(seconds)} s (split, ${Math.ceil(ROWS / 5_000)} chunks, their events bounded as the chunk function is); raw: the ${raw.length.toLocaleString('en-US')} items it left (history, records, employee-number summaries) in ${Math.round(rawSeconds)} s, 25 a call, ${PARALLEL} in flight`,
    },
    {
      name: 'load.chunked_vs_raw_batch_write',
      value: ratio,
      unit: '×',
      target: { op: '>=', value: 0.8 },
      baseline: 'raw BatchWriteItem of the same items',
      baseline_value: ROWS / rawSeconds,
    },
    {
      name: 'load.chunked_rows_lost',
      value: ROWS - counts.inserted + counts.skipped + missing,
      unit: 'rows',
      target: { op: '<=', value: 0 },
      note: `counts ${JSON.stringify(counts)}; ${SPOT_CHECKS} history rows and their records checked, ${missing} missing or different`,
    },
  ];
}
