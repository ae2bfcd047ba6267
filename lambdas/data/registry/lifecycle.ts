import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { change, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { queryOf, readOf, sortKey } from '#adapters/dynamo/queries.js';
import { isConditionFailure, retrying } from '#adapters/dynamo/toolkit.js';
import type { ReportStatus } from '#shared/api/fraud.js';
import { digestBucket, digestKey } from './digest.js';
import { type RegistrySummaryRecord, summaryKey } from './nrc-summary.js';
import { type DigestRecord, reportCodec, reportPointerKey, type ReportRef, reportSchema, type StoredReport } from './reports.js';

/**
 * The fraud report lifecycle: a report is active until it is withdrawn by its filer's
 * organisation or a platform admin, or expires after the retention the platform sets. Leaving the
 * registry is one transaction of three writes — the report's status (conditioned on its being active),
 * its NRC summary's `retired_count` (conditioned on the counts read, so a report filed or retired at the
 * same moment sends this one round again) and, when it was the NRC's last active report, the digest
 * bucket — so the registry check and file validation stop flagging it at once, and never before.
 */
export interface Retirement {
  status: Exclude<ReportStatus, 'active'>;
  reason: string;
  at: string;
  by_email: string | null;
}

/** The report is not active any more: what it is now. */
export class ReportNotActiveError extends Error {
  constructor(readonly report: StoredReport) {
    super(`Report ${report.id} is ${report.status}`);
  }
}

const table = () => tableName('registry');
const reportIs = conditionsOf<StoredReport>();
const summaryIs = conditionsOf<RegistrySummaryRecord>();
const ATTEMPTS = 6;

/** Where the report with this id lives, from its pointer; null when there is none. */
export async function findReportRef(id: string): Promise<ReportRef | null> {
  const out = await dynamo.send(new GetCommand({ TableName: table(), Key: reportPointerKey(id), ConsistentRead: true }));
  const item = out.Item;
  return item && typeof item.digits === 'string' && typeof item.report_sk === 'string' ? { digits: item.digits, sk: item.report_sk } : null;
}

export async function getReport(ref: ReportRef): Promise<StoredReport | null> {
  const out = await dynamo.send(new GetCommand({ TableName: table(), Key: { pk: `NRC#${ref.digits}`, sk: ref.sk }, ConsistentRead: true }));
  return reportCodec.parse(out.Item);
}

async function summaryCounts(digits: string): Promise<{ total: number; retired: number }> {
  const out = await dynamo.send(
    new GetCommand({
      TableName: table(),
      Key: summaryKey(digits),
      ConsistentRead: true,
      ...readOf<RegistrySummaryRecord>({ project: ['report_count', 'retired_count'] }),
    }),
  );
  return { total: Number(out.Item?.report_count ?? 0), retired: Number(out.Item?.retired_count ?? 0) };
}

/**
 * Takes an active report off the registry; throws ReportNotActiveError when it already is off. Returns it
 * as stored now. `read` is the report as the caller just read it, used for the first attempt only; `also`
 * are writes that commit in the same transaction (a notification's outbox item).
 */
type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

export async function retireReport(ref: ReportRef, retirement: Retirement, read?: StoredReport, also: TransactItems = []): Promise<StoredReport> {
  for (let attempt = 1; ; attempt++) {
    const [report, counts] = await Promise.all([attempt === 1 && read ? read : getReport(ref), summaryCounts(ref.digits)]);
    if (!report) throw new Error(`No report at NRC#${ref.digits} ${ref.sk}`);
    if ((report.status ?? 'active') !== 'active') throw new ReportNotActiveError(report);
    const lastActive = counts.total - counts.retired <= 1;
    const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
      {
        Update: {
          TableName: table(),
          Key: { pk: `NRC#${ref.digits}`, sk: ref.sk },
          ...updateOf<StoredReport>(
            { status: retirement.status, status_reason: retirement.reason, status_at: retirement.at, status_by_email: retirement.by_email },
            reportIs.and(reportIs.exists('pk'), reportIs.or(reportIs.missing('status'), reportIs.is('status', 'active'))),
          ),
        },
      },
      {
        Update: {
          TableName: table(),
          Key: summaryKey(ref.digits),
          ...updateOf<RegistrySummaryRecord>(
            { retired_count: counts.retired + 1 },
            summaryIs.and(
              summaryIs.is('report_count', counts.total),
              counts.retired === 0
                ? summaryIs.or(summaryIs.missing('retired_count'), summaryIs.is('retired_count', 0))
                : summaryIs.is('retired_count', counts.retired),
            ),
          ),
        },
      },
    ];
    if (lastActive) {
      items.push({
        Update: {
          TableName: table(),
          Key: digestKey(digestBucket(ref.digits)),
          ...updateOf<DigestRecord>({ nrcs: change.deleteMembers(new Set([ref.digits])) }),
        },
      });
    }
    // What must commit with the retirement (the withdrawal's notification, its outbox item).
    items.push(...also);
    try {
      await retrying(() => dynamo.send(new TransactWriteCommand({ TransactItems: items })));
      return { ...report, status: retirement.status, status_reason: retirement.reason, status_at: retirement.at, status_by_email: retirement.by_email };
    } catch (error) {
      // Another retirement or a new report of the same NRC got there first: read again and decide again.
      if (!isConditionFailure(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}

const WATERMARK = { pk: 'EXPIRY#WATERMARK', sk: 'EXPIRY' };

/** The newest `created_at#id` the expiry job has passed, or '' before its first run. */
export async function expiryWatermark(): Promise<string> {
  const out = await dynamo.send(new GetCommand({ TableName: table(), Key: WATERMARK, ConsistentRead: true }));
  return typeof out.Item?.through === 'string' ? out.Item.through : '';
}

export async function setExpiryWatermark(through: string): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: table(), Item: { ...WATERMARK, through, updated_at: new Date().toISOString() } }));
}

/** A report as the expiry job reads it: where it is (its NRC and sort keys) and whether it is still active. */
const expiryCodec = defineCodec('fraud report', reportSchema.pick({ nrc_key: true, status: true }).extend({ sk: z.string(), gsi1sk: z.string() }));

/** Reports filed after `after` and before `before` (gsi1 sort keys `created_at#id`), oldest first, a page at a time. */
export async function reportsFiledBetween(after: string, before: string, start?: Record<string, unknown>) {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: table(),
      ...queryOf<StoredReport>({ IndexName: 'gsi1', pk: 'REPORT', sk: sortKey.between(after, before), project: ['nrc_key', 'sk', 'gsi1sk', 'status'] }),
      ExclusiveStartKey: start,
      Limit: 200,
    }),
  );
  return { items: expiryCodec.parseAll(out.Items), next: out.LastEvaluatedKey };
}
