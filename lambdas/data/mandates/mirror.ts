import { tableName } from '#adapters/aws-clients.js';
import { conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import type { MandateState } from '#shared/rules/mandate.js';
import { type MandateMirrors, mandateEntryName, nrcSummaryKey } from '../history/summaries.js';

/**
 * A claimed mandate's terms mirrored on its employee's NRC summary (history table, pk=NRC#{digits}
 * sk=RECORD; lambdas/data/history/summaries.ts): `m_{number}` holding the payee key, limit, last month, state and the
 * month it was used. The validation already reads every borrower's summary, so a new deduction citing a
 * mandate of its own NRC is checked without a read of its own; only a citation the mirror does not cover
 * (a mistyped number, another NRC's, one never claimed) reads the mandate by number to say why. Written in
 * the same transaction as the mandate's own change (claimed, used, revoked), so the two never disagree.
 */
interface Mirrored {
  number: string;
  nrc_digits: string;
  payee_key: string;
  max_monthly: number;
  last_month: string;
}

/** The transaction item that writes a mandate's mirror in its new state. */
export function mirrorWrite(m: Mirrored, state: MandateState, usedMonth: string | null) {
  return {
    Update: {
      TableName: tableName('history'),
      Key: nrcSummaryKey(m.nrc_digits),
      ...updateOf<MandateMirrors>({ [mandateEntryName(m.number)]: { p: m.payee_key, l: m.max_monthly, e: m.last_month, s: state, u: usedMonth } }),
    },
  };
}

/** The transaction item that marks a claimed mandate's mirror used, in the month of the deduction that used it. */
export function mirrorUse(digits: string, number: string, month: string) {
  const name = mandateEntryName(number);
  // Two members of the entry's map, by path (`m_{number}.s`): the entry's type checks their values.
  const used: Pick<MandateMirrors[typeof name], 's' | 'u'> = { s: 'used', u: month };
  return {
    Update: {
      TableName: tableName('history'),
      Key: nrcSummaryKey(digits),
      // Only a mirror there is marked: a row citing another NRC's mandate fails this and the mandate's own condition.
      ...updateOf<Record<string, unknown>>({ [`${name}.s`]: used.s, [`${name}.u`]: used.u }, conditionsOf<MandateMirrors>().exists(name)),
    },
  };
}
