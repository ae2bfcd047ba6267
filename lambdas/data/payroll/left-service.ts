import { GetObjectCommand } from '@aws-sdk/client-s3';
import { bucketName, s3 } from '#adapters/aws-clients.js';
import { isNotFound } from '#adapters/s3-objects.js';
import { jsonLines } from '#lib/jsonl.js';
import { employeeNumberKey } from '#shared/rules/employee-number.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import type { ReconciliationLine } from '#shared/rules/reconciliation.js';
import { getMonthReconciliation, reconciliationKeys } from './reconciliation.js';

/** The payroll's reasons for a line it could not take because the employee is gone from it. */
export type GoneReason = 'LEFT SERVICE' | 'DECEASED';
const GONE: ReadonlySet<string> = new Set<GoneReason>(['LEFT SERVICE', 'DECEASED']);

/** A lender's employees the payroll reported gone in a month: by NRC digits and by employee number (upper-cased). */
export interface GoneSet {
  byDigits: Map<string, GoneReason>;
  byEmployeeNo: Map<string, GoneReason>;
}

/**
 * The payee key's NOT_APPLIED lines for LEFT SERVICE or DECEASED in a month's recorded reconciliation, read once
 * from its lender file as it streams (`results/{upload}/reconciliation/{payee key}.jsonl`), kept as two small maps:
 * only those lines, a few tens of bytes each. Null when the month has no recorded reconciliation or none for the key.
 */
export async function goneInMonth(payeeKey: string, month: string): Promise<GoneSet | null> {
  const recorded = await getMonthReconciliation(month);
  if (!recorded?.by_lender.some((lender) => lender.payee_key === payeeKey)) return null;
  let body;
  try {
    body = (await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: reconciliationKeys(recorded.upload_id, payeeKey).lines }))).Body;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  const gone: GoneSet = { byDigits: new Map(), byEmployeeNo: new Map() };
  if (!body) return gone;
  for await (const line of jsonLines<ReconciliationLine>(body as AsyncIterable<Uint8Array>)) {
    if (line.status !== 'NOT_APPLIED' || !line.reason || !GONE.has(line.reason)) continue;
    const reason = line.reason as GoneReason;
    const digits = nrcDigits(line.nrc);
    if (digits) gone.byDigits.set(digits, reason);
    if (line.employee_no) gone.byEmployeeNo.set(employeeNumberKey(line.employee_no), reason);
  }
  return gone;
}
