import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure } from '#adapters/dynamo/toolkit.js';
import type { AuditItem } from '#shared/api/audit.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { type AuditEntry, auditItem, writeAudit } from './log.js';
import { auditSubject } from './subjects.js';

/**
 * A lender's reads of a month's reconciliation, recorded so that the employees named find them in "Who looked"
 * (lambdas/api/portal/lookups.ts; docs/decisions/0214-who-looked-reconciliation-reads.md):
 * - a page of lines shown (at most RECONCILIATION_PAGE_SIZE): one entry on the payee key and one pointer per NRC
 *   shown, on that NRC's own trail (writeAudit's `also`, written in transactions of 100);
 * - a whole lender's file handed out (the reconciliation CSV, the remittance statement's PDF and CSV): one entry on the
 *   payee key's trail, the same item all day for one reader and one file (a conditional Put: the next link of the day
 *   writes nothing). An employee's "Who looked" finds it through the months and payee keys their history marks as
 *   reconciled (one Query of the payee key's trail a lender), never a pointer per line of a 100,000-line file.
 */
export const LINES_READ_ACTION = 'reconciliation.lines_read';
export const FILE_READ_ACTION = 'reconciliation.file_read';

export interface ReconciliationReader {
  actor: AuditEntry['actor'];
  /** The organisation the reader acts for (null: the platform). */
  org_id: string | null;
}
export interface ReconciliationRead {
  month: string;
  payeeKey: string;
  uploadId: string;
}

/** A page of lines shown to a reader: the NRCs on it each get a pointer. */
export async function recordLinesRead(reader: ReconciliationReader, read: ReconciliationRead, nrcs: readonly string[]): Promise<void> {
  const digits = [...new Set(nrcs.map(nrcDigits).filter(Boolean))];
  if (!digits.length) return;
  await writeAudit({
    ...reader,
    action: LINES_READ_ACTION,
    subject: auditSubject.payeeKey(read.payeeKey),
    outcome: 'ok',
    details: { month: read.month, upload_id: read.uploadId, lines: digits.length },
    also: digits.map((d) => auditSubject.nrc(d)),
  });
}

/** A lender's whole file handed to a reader (`file`: what it is): once a day per reader and file. */
export async function recordFileRead(reader: ReconciliationReader, read: ReconciliationRead, file: 'reconciliation_csv' | 'statement', now = new Date()) {
  const day = now.toISOString().slice(0, 10);
  const who = reader.org_id ?? reader.actor?.userId ?? 'anonymous';
  const entry = {
    ...reader,
    action: FILE_READ_ACTION,
    subject: auditSubject.payeeKey(read.payeeKey),
    outcome: 'ok' as const,
    details: { month: read.month, upload_id: read.uploadId, file },
  };
  const item = {
    ...auditItem(entry, now.toISOString(), `file-read-${read.uploadId}-${file}-${who}-${day}`),
    pk: `FILEREAD#${read.payeeKey}#${read.uploadId}`,
    sk: `${file}#${who}#${day}`,
  };
  try {
    await dynamo.send(new PutCommand({ TableName: tableName('audit'), Item: item, ...conditionOf(conditionsOf<AuditItem>().missing('pk')) }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
