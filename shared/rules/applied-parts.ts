/**
 * The month's applied deductions in parts (decision 0221): each part of the payroll's answer covers a set of payee
 * keys, every line of theirs and no other, and no two parts of a month cover the same key; so each lender's
 * reconciliation comes from exactly one file. A file naming no payee keys is the whole month, as one file always was.
 */
export interface RecordedPart {
  upload_id: string;
  payee_keys: readonly string[];
}

/** What the month records: one whole file, or its parts so far. */
export interface RecordedMonth {
  upload_id: string;
  parts?: readonly RecordedPart[] | undefined;
}

/**
 * The schedule version the month's next file must answer when it is not the latest: a further part of a month whose
 * parts are recorded answers the recorded parts' version (the payroll ran on the version it loaded, and every part of a
 * month answers one), even when a newer version was frozen since. Null for a whole file and for the month's first part,
 * which answer the latest.
 */
export function partsVersion(month: (RecordedMonth & { schedule_version: number }) | null, part: boolean): number | null {
  return part && month?.parts ? month.schedule_version : null;
}

/** Where a new file goes: recorded at once, proposed to replace one file (four eyes), or refused for its overlap. */
export type Placement =
  { kind: 'record' } | { kind: 'replace'; upload_id: string } | { kind: 'overlap'; upload_id: string; payee_keys: string[] } | { kind: 'whole_over_parts' };

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((key) => b.includes(key));

/**
 * A file against what the month records. The month's first file is recorded; a whole file after a whole file proposes
 * to replace it (as ever); a part sharing no key with the parts recorded is recorded; a part naming exactly the keys
 * of one recorded part proposes to replace that part; any other overlap is refused, as is a part beside a whole file
 * (which covers every key) and a whole file beside parts (replace them part by part).
 */
export function placeFile(month: RecordedMonth | null, partKeys: readonly string[] | null): Placement {
  if (!month) return { kind: 'record' };
  if (!month.parts)
    return partKeys ? { kind: 'overlap', upload_id: month.upload_id, payee_keys: [...partKeys] } : { kind: 'replace', upload_id: month.upload_id };
  if (!partKeys) return { kind: 'whole_over_parts' };
  const touched = month.parts.filter((part) => part.payee_keys.some((key) => partKeys.includes(key)));
  if (touched.length === 0) return { kind: 'record' };
  const [first] = touched;
  if (touched.length === 1 && sameKeys(first!.payee_keys, partKeys)) return { kind: 'replace', upload_id: first!.upload_id };
  return { kind: 'overlap', upload_id: first!.upload_id, payee_keys: partKeys.filter((key) => first!.payee_keys.includes(key)) };
}

/** The recorded file that answers a payee key: its part's, or the whole file's. */
export function uploadFor(month: RecordedMonth, payeeKey: string): string | null {
  if (!month.parts) return month.upload_id;
  return month.parts.find((part) => part.payee_keys.includes(payeeKey))?.upload_id ?? null;
}

/** Whether the month records this upload, whole or as one of its parts. */
export const recordsUpload = (month: RecordedMonth, uploadId: string) =>
  month.upload_id === uploadId || (month.parts ?? []).some((part) => part.upload_id === uploadId);

/** The schedule's lenders no recorded file answers yet ("awaiting the payroll's applied file"); none once a whole file is recorded. */
export function awaitingLenders<L extends { payee_key: string }>(month: RecordedMonth | null, schedule: readonly L[]): L[] {
  if (month && !month.parts) return [];
  const covered = new Set((month?.parts ?? []).flatMap((part) => part.payee_keys));
  return schedule.filter((lender) => !covered.has(lender.payee_key));
}

/** The payee keys of a file's rows that its part does not cover (none for a whole file). */
export const keysOutside = (partKeys: readonly string[] | null | undefined, rowKeys: readonly string[]) =>
  partKeys ? rowKeys.filter((key) => !partKeys.includes(key)) : [];

/** The schedule's lines of a part's payee keys only, as they stream (every line for a whole file). */
export async function* linesOfPart<T extends { payee_key: string }>(
  batches: AsyncIterable<readonly T[]>,
  partKeys: readonly string[] | null | undefined,
): AsyncGenerator<readonly T[]> {
  if (!partKeys) {
    yield* batches;
    return;
  }
  const wanted = new Set(partKeys);
  for await (const batch of batches) {
    const kept = batch.filter((line) => wanted.has(line.payee_key));
    if (kept.length) yield kept;
  }
}
