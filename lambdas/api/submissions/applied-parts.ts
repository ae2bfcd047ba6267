import { type MonthReconciliation, replaceMonthReconciliation } from '#data/payroll/reconciliation.js';
import type { UploadRecord } from '#data/uploads/upload.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError, ConflictError } from '#http/errors.js';
import { type LenderTotals, RECONCILIATION_MESSAGES } from '#shared/api/reconciliation.js';
import { SUBMISSION_MESSAGES } from '#shared/api/submissions.js';
import { placeFile, type Placement } from '#shared/rules/applied-parts.js';
import { isValidPayeeKey, normalisePayeeKey } from '#shared/rules/payee-key.js';

/** The payee keys a part names, normalised and sorted once each; null for a whole file. 400 for a key that is not one. */
export function partKeysOf(raw: readonly string[] | undefined): string[] | null {
  if (!raw) return null;
  const keys = [...new Set(raw.map(normalisePayeeKey))].sort();
  const bad = keys.find((key) => !isValidPayeeKey(key));
  if (bad !== undefined) throw new BadRequestError(`${SUBMISSION_MESSAGES.payeeKeyInvalid} (part_payee_keys: “${bad}”)`, 'invalid_payee_key');
  return keys;
}

/**
 * Where an applied file goes in its month (shared/rules/applied-parts.ts), refused with a sentence (409) when it
 * overlaps a part, when a part meets a whole file or a whole file meets parts, or when a part answers another schedule
 * version than the parts recorded.
 */
export function placeOrRefuse(month: string, recorded: MonthReconciliation | null, keys: readonly string[] | null, version: number): Placement {
  const placed = placeFile(recorded, keys);
  if (placed.kind === 'overlap' && recorded?.parts) throw new ConflictError(RECONCILIATION_MESSAGES.partOverlaps(month, placed.payee_keys), 'part_overlaps');
  if (placed.kind === 'overlap') throw new ConflictError(RECONCILIATION_MESSAGES.partOverWhole(month), 'part_overlaps');
  if (placed.kind === 'whole_over_parts') throw new ConflictError(RECONCILIATION_MESSAGES.wholeOverParts(month), 'part_overlaps');
  if (keys && recorded?.parts && recorded.schedule_version !== version) {
    throw new ConflictError(RECONCILIATION_MESSAGES.partVersionDiffers(month, recorded.schedule_version, version), 'schedule_version_stale');
  }
  return placed;
}

/** The month's first file as its item: a whole file, or the first part (then `parts` names it). */
export function firstRecord(me: AuthenticatedCaller, upload: UploadRecord, schedule_version: number, by_lender: LenderTotals[]): MonthReconciliation {
  const submitted_at = new Date().toISOString();
  const part = upload.part_payee_keys ? { parts: [{ upload_id: upload.id, payee_keys: upload.part_payee_keys, submitted_by: me.email, submitted_at }] } : {};
  return { month: upload.month, upload_id: upload.id, schedule_version, submitted_by: me.email, submitted_at, by_lender, ...part };
}

/** Adds a part to the month (its lenders beside the other parts'), on condition nobody wrote the month since it was read: 409 then. */
export async function addPart(me: AuthenticatedCaller, upload: UploadRecord, recorded: MonthReconciliation, by_lender: LenderTotals[]): Promise<void> {
  const submitted_at = new Date().toISOString();
  const part = { upload_id: upload.id, payee_keys: upload.part_payee_keys ?? [], submitted_by: me.email, submitted_at };
  const record = {
    ...recorded,
    upload_id: upload.id,
    by_lender: [...recorded.by_lender, ...by_lender].sort((a, b) => a.payee_key.localeCompare(b.payee_key)),
    parts: [...(recorded.parts ?? []), part],
  };
  if (!(await replaceMonthReconciliation(record, recorded.upload_id))) throw new ConflictError(RECONCILIATION_MESSAGES.partRaced, 'part_raced');
}

/** The recorded part a proposal would replace, seen as a month of its own (its file, who submitted it, its lenders). */
export function partAsRecorded(recorded: MonthReconciliation, uploadId: string): MonthReconciliation {
  const part = recorded.parts?.find((entry) => entry.upload_id === uploadId);
  if (!part) return recorded;
  const { submitted_by, submitted_at } = part;
  const by_lender = recorded.by_lender.filter((lender) => part.payee_keys.includes(lender.payee_key));
  return { ...recorded, upload_id: uploadId, submitted_by, submitted_at, by_lender };
}

/**
 * The month once an approved proposal replaces one of its parts: that part's file and lenders swapped for the proposal's,
 * the other parts as they were; the month's item then names the proposal's file as the one written last.
 */
export function withPartReplaced(
  recorded: MonthReconciliation,
  replaced: string,
  proposal: { upload_id: string; proposed_by: string; proposed_at: string; by_lender: LenderTotals[] },
): Pick<MonthReconciliation, 'by_lender' | 'parts'> {
  const parts = (recorded.parts ?? []).map((part) =>
    part.upload_id === replaced ? { ...part, upload_id: proposal.upload_id, submitted_by: proposal.proposed_by, submitted_at: proposal.proposed_at } : part,
  );
  const keys = new Set(parts.find((part) => part.upload_id === proposal.upload_id)?.payee_keys ?? []);
  const others = recorded.by_lender.filter((lender) => !keys.has(lender.payee_key));
  return { parts, by_lender: [...others, ...proposal.by_lender].sort((a, b) => a.payee_key.localeCompare(b.payee_key)) };
}
