import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { queryOf, sortKey } from '#adapters/dynamo/queries.js';
import { isConditionFailure, queryAll, retrying } from '#adapters/dynamo/toolkit.js';
import { nrcSummaryKey, upheldEntryName } from '../history/summaries.js';
import { notificationPut, type QueuedEvent } from '../notifications/outbox.js';
import { reportSchema, type StoredReport } from '../registry/reports.js';
import { disputeKey, disputeMarkKey, guardKey, refused, statusIndex, type StoredDispute, whenDispute } from './disputes.js';

/**
 * Deciding a dispute (keys in lambdas/data/disputes/disputes.ts): one transaction of the dispute's
 * status, conditioned on its being undecided, and its guard; when upheld, also the mark beside the
 * deduction in the borrower's history, the entry on the borrower's NRC summary that the deduction
 * signals read, and `disputed` on the fraud reports the lender filed on the borrower.
 */
export type Decision = NonNullable<StoredDispute['decision']>;
/** The upheld disputes' entries on the borrower's NRC summary, each named by upheldEntryName: payee key, month, when. */
type UpheldEntries = Record<string, { p: string; m: string; t: string }>;

/** The dispute's own writes of a decision: its status (conditioned on its being undecided) and its guard. */
function decisionWrites(d: StoredDispute, decision: Decision) {
  return [
    {
      Update: {
        TableName: tableName('submissions'),
        Key: disputeKey(d.id),
        ...updateOf(
          { status: decision.decision, decision, gsi1pk: statusIndex(decision.decision, d).gsi1pk },
          whenDispute.isIn('status', ['open', 'answered']),
        ),
      },
    },
    { Delete: { TableName: tableName('submissions'), Key: guardKey(d) } },
  ];
}

/** What an upheld decision writes on the borrower's record: the history mark and the NRC summary's entry. */
function upheldWrites(d: StoredDispute, decision: Decision) {
  const mark = { dispute_id: d.id, status: 'upheld', month: d.month, payee_key: d.payee_key, kind: 'dispute', decided_at: decision.at };
  return [
    { Put: { TableName: tableName('history'), Item: { ...disputeMarkKey(d.nrc_digits, d.month, d.payee_key), ...mark } } },
    {
      Update: {
        TableName: tableName('history'),
        Key: nrcSummaryKey(d.nrc_digits),
        ...updateOf<UpheldEntries>({ [upheldEntryName(d.id)]: { p: d.payee_key, m: d.month, t: decision.at } }),
      },
    },
  ];
}

/**
 * The fraud reports the disputed lender filed on this borrower: an upheld dispute marks them `disputed`
 * since the borrower was found not to have taken that lender's loan.
 */
const lenderReportCodec = defineCodec('fraud report', reportSchema.pick({ payee_key: true }).extend({ pk: z.string(), sk: z.string() }));

async function reportsOfLender(d: StoredDispute): Promise<{ pk: string; sk: string }[]> {
  const items = await queryAll({
    TableName: tableName('registry'),
    ...queryOf<StoredReport>({ pk: `NRC#${d.nrc_digits}`, sk: sortKey.beginsWith('REPORT#'), project: ['pk', 'sk', 'payee_key'] }),
  });
  // A transaction holds 100 writes: the newest 90 reports (far more than one lender files on one borrower).
  return lenderReportCodec
    .parseAll(items)
    .filter((r) => r.payee_key === d.payee_key)
    .slice(-90)
    .map(({ pk, sk }) => ({ pk, sk }));
}

function reportMarks(keys: readonly { pk: string; sk: string }[], d: StoredDispute, decision: Decision) {
  return keys.map((Key) => ({
    Update: {
      TableName: tableName('registry'),
      Key,
      ...updateOf<StoredReport>({ disputed: { dispute_id: d.id, at: decision.at } }, conditionsOf<StoredReport>().exists('pk')),
    },
  }));
}

/**
 * The decision: open or answered → upheld or dismissed, in one transaction with the borrower's record (and the
 * lender's reports) when upheld, and the decision's notification (its outbox item) when given.
 */
export async function decideDispute(d: StoredDispute, decision: Decision, notify?: QueuedEvent): Promise<StoredDispute> {
  const upheld = decision.decision === 'upheld';
  const reports = upheld ? reportMarks(await reportsOfLender(d), d, decision) : [];
  const items = [...decisionWrites(d, decision), ...(upheld ? upheldWrites(d, decision) : []), ...reports, ...(notify ? [notificationPut(notify)] : [])];
  try {
    await retrying(() => dynamo.send(new TransactWriteCommand({ TransactItems: items })));
  } catch (error) {
    if (isConditionFailure(error, 0)) return refused(d.id);
    throw error;
  }
  return { ...d, status: decision.decision, decision };
}
