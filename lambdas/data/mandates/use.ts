import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { change, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure, retrying } from '#adapters/dynamo/toolkit.js';
import { inParallel } from '#lib/concurrency.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { normaliseMandateNumber } from '#shared/rules/mandate.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { notificationPut } from '../notifications/outbox.js';
import { mandateKey, type StoredMandate } from './mandates.js';
import { mirrorUse } from './mirror.js';

/** Mandates marked at once by one chunk. */
const MARKS_IN_FLIGHT = 8;
const mandateIs = conditionsOf<StoredMandate>();

export interface MandateSource {
  submissionId: string;
  kind: string;
  month: string;
  payeeKey: string;
}

/**
 * Ingestion marks the mandate each of its inputs rows cites as used by that submission, once: a claimed
 * mandate of the row's NRC and the submission's payee key becomes used (its month and submission kept),
 * and its employee is texted (once: the text's idempotency key is the mandate), its outbox item written in
 * the mark's own transaction. A mark already made by this submission is made again without change (a
 * replayed chunk), which writes the same outbox item again and sends nothing; a row citing a mandate
 * already used by another submission (a continuing deduction that keeps the column) or one that is not
 * this lender's changes nothing.
 */
export async function markMandatesUsed(source: MandateSource, rows: readonly CanonicalRow[]): Promise<number> {
  if (source.kind !== 'inputs') return 0;
  const cited = new Map<string, string>();
  for (const row of rows) {
    const number = row.mandate ? normaliseMandateNumber(row.mandate) : null;
    if (number && row.nrc && !cited.has(number)) cited.set(number, nrcDigits(row.nrc));
  }
  let marked = 0;
  await inParallel([...cited], MARKS_IN_FLIGHT, async ([number, digits]) => {
    try {
      // The mandate and its mirror on the NRC summary, at once (mirror.ts).
      await retrying(() =>
        dynamo.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName('directory'),
                  Key: mandateKey(number),
                  ...updateOf<StoredMandate>(
                    { state: 'used', used_month: source.month, used_submission: source.submissionId, used_at: change.ifMissing(new Date().toISOString()) },
                    mandateIs.and(
                      mandateIs.is('nrc_digits', digits),
                      mandateIs.is('payee_key', source.payeeKey),
                      mandateIs.or(
                        mandateIs.is('state', 'claimed'),
                        mandateIs.and(mandateIs.is('state', 'used'), mandateIs.is('used_submission', source.submissionId)),
                      ),
                    ),
                  ),
                },
              },
              mirrorUse(digits, number, source.month),
              notificationPut({ kind: 'mandate.used', number, month: source.month }),
            ],
          }),
        ),
      );
    } catch (error) {
      if (isConditionFailure(error)) return;
      throw error;
    }
    marked++;
  });
  return marked;
}
