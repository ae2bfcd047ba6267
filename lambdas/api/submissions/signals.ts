import { readResultJson, resultKeys } from '#data/uploads/results.js';
import { type UploadRecord } from '#data/uploads/upload.js';
import type { Signal, SignalCounts } from '#shared/rules/signals.js';

const anySignals = (counts: SignalCounts | undefined) =>
  Boolean(counts && Object.entries(counts).some(([name, n]) => name !== 'continuing' && name !== 'joined' && n > 0));

/** The first page of each signal type that validation stored for this upload (none when it has none). */
export async function signalsHead(upload: Pick<UploadRecord, 'id' | 'signal_counts'>): Promise<Signal[]> {
  if (!anySignals(upload.signal_counts)) return [];
  return (await readResultJson<Signal[]>(resultKeys(upload.id).signalsHead)) ?? [];
}
