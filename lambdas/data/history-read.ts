import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './clients.js';
import { RECORD_SK } from './history.js';

/**
 * Reading borrower history (the items lambdas/data/history.ts writes: pk=NRC#{digits}
 * sk={month}#{payee_key}#{kind}). Access pattern "a borrower's last N months": one Query on pk with
 * sk >= the first month of the window; a borrower holds a handful of items a month, so a page is rare.
 * The same Query brings the borrower's record (sk=RECORD sorts after every month) and the dispute marks.
 */
export interface StoredHistoryItem {
  nrc: string | null;
  month: string;
  first_name: string | null;
  last_name: string | null;
  start_date: string | null;
  end_date: string | null;
  installment: number;
  payee_key: string;
  kind: 'input' | 'stoppage';
  org_name: string | null;
  submitted_at: string | null;
  /** Issue 16 §1: an upheld dispute on this deduction (the mark lambdas/data/disputes.ts writes beside it). */
  dispute: 'upheld' | null;
}

/** A stored string, or null when it is absent or blank. */
export const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

function toStored(item: Record<string, unknown>): StoredHistoryItem {
  const sk = String(item.sk ?? '');
  const installment = Number(item.installment ?? 0);
  return {
    nrc: text(item.nrc),
    month: text(item.month) ?? sk.slice(0, 7),
    first_name: text(item.first_name),
    last_name: text(item.last_name),
    start_date: text(item.start_date),
    end_date: text(item.end_date),
    installment: Number.isFinite(installment) ? installment : 0,
    payee_key: text(item.payee_key) ?? sk.split('#')[1] ?? '',
    kind: item.kind === 'stoppage' ? 'stoppage' : 'input',
    org_name: text(item.org_name),
    submitted_at: text(item.submitted_at),
    dispute: null,
  };
}

/** The items of a partition with the dispute marks folded onto the deductions they are about. */
function withDisputes(items: readonly Record<string, unknown>[]): StoredHistoryItem[] {
  const isMark = (item: Record<string, unknown>) => String(item.sk ?? '').endsWith('#dispute');
  const upheld = new Set(items.filter((item) => isMark(item) && item.status === 'upheld').map((item) => String(item.sk).slice(0, -'#dispute'.length)));
  return items
    .filter((item) => !isMark(item))
    .map((item) => {
      const stored = toStored(item);
      return stored.kind === 'input' && upheld.has(`${stored.month}#${stored.payee_key}`) ? { ...stored, dispute: 'upheld' as const } : stored;
    });
}

export interface BorrowerPartition {
  /** The deductions from the first month on, oldest month first, dispute marks folded in. */
  items: StoredHistoryItem[];
  /** The borrower's record item as stored (lambdas/data/borrower-summary.ts reads it), or null. */
  record: Record<string, unknown> | null;
}

/**
 * A borrower's items from `fromMonth` (YYYY-MM) on and their record, in one Query. No projection: the
 * record's attributes are named by submission, and a history item has little more than what is shown.
 */
export async function readBorrowerHistory(digits: string, fromMonth: string): Promise<BorrowerPartition> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: tableName('history'),
        KeyConditionExpression: 'pk = :pk AND sk >= :from',
        ExpressionAttributeValues: { ':pk': `NRC#${digits}`, ':from': fromMonth },
        ExclusiveStartKey,
      }),
    );
    items.push(...(out.Items ?? []));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const record = items.find((item) => item.sk === RECORD_SK) ?? null;
  return { items: withDisputes(items.filter((item) => item !== record)), record };
}
