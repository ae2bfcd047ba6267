import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { appliedRecordOf } from './applied-marks.js';
import { nrcSummaryKey } from './summaries.js';

/**
 * The months each lender's reconciliation named this person, by payee key, as their record keeps them (`a_…`,
 * applied-marks.ts): one GetItem, whatever the months' files. What "Who looked" needs to find a lender's whole file.
 */
export async function reconciledMonthsOf(digits: string): Promise<Map<string, Set<string>>> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('history'), Key: nrcSummaryKey(digits) }));
  const months = new Map<string, Set<string>>();
  for (const name of Object.keys(out.Item ?? {})) {
    const at = appliedRecordOf(name);
    if (at) months.set(at.payeeKey, (months.get(at.payeeKey) ?? new Set()).add(at.month));
  }
  return months;
}
