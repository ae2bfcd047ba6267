import { formatZmw } from '@/lib/format';
import type { Statement } from '@shared/api/remittances';
import type { RemittanceState } from '@shared/rules/remittance';

export const STATE_LABELS: Record<RemittanceState, string> = {
  awaiting: 'Awaiting receipt',
  matched: 'Received in full',
  difference: 'Difference open',
  resolved: 'Difference resolved',
};
export const STATE_COLORS: Record<RemittanceState, string> = { awaiting: 'gray', matched: 'green', difference: 'red', resolved: 'blue' };

export const stateOf = (statement: Statement): RemittanceState => statement.received?.state ?? 'awaiting';

/** "ZMW 29.50 less arrived than the statement" (or more). */
export function differenceLine(statement: Statement): string {
  const difference = statement.received?.difference ?? 0;
  if (difference === 0) return 'what arrived equals the statement';
  return `${formatZmw(Math.abs(difference))} ${difference < 0 ? 'less' : 'more'} arrived than the statement`;
}
