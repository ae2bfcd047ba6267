import { tableName } from './clients.js';
import { batchGetAll } from './dynamo.js';

/** Registry summary item of one NRC: pk=NRC#{digits} sk=SUMMARY (written with each report). */
export const summaryKey = (digits: string) => ({ pk: `NRC#${digits}`, sk: 'SUMMARY' });

/**
 * Which of these NRCs (digits only) have an active report on the fraud registry: one BatchGetItem per 100 NRCs,
 * run in parallel, retrying unprocessed keys — never one query per NRC.
 */
export async function flaggedNrcDigits(digits: Iterable<string>): Promise<Set<string>> {
  const unique = [...new Set(digits)].filter(Boolean);
  const found = await batchGetAll<{ pk: string; report_count?: number; retired_count?: number }>(tableName('registry'), unique.map(summaryKey), {
    projection: 'pk, report_count, retired_count',
    busy: 'The fraud registry is busy; please try again in a moment.',
  });
  // Flagged unless every report of the NRC was withdrawn or expired (a seeded summary counts no reports and flags).
  const active = found.filter((item) => (item.retired_count ?? 0) < Math.max(item.report_count ?? 0, 1));
  return new Set(active.map((item) => String(item.pk).slice('NRC#'.length)));
}
