import { tableName } from './clients.js';
import { batchGetAll } from './dynamo.js';

/** Registry summary item of one NRC: pk=NRC#{digits} sk=SUMMARY (written with each report). */
export const summaryKey = (digits: string) => ({ pk: `NRC#${digits}`, sk: 'SUMMARY' });

/**
 * Which of these NRCs (digits only) are on the fraud registry: one BatchGetItem per 100 NRCs,
 * run in parallel, retrying unprocessed keys — never one query per NRC.
 */
export async function flaggedNrcDigits(digits: Iterable<string>): Promise<Set<string>> {
  const unique = [...new Set(digits)].filter(Boolean);
  const found = await batchGetAll<{ pk: string }>(tableName('registry'), unique.map(summaryKey), {
    projection: 'pk',
    busy: 'The fraud registry is busy; please try again in a moment.',
  });
  return new Set(found.map((item) => String(item.pk).slice('NRC#'.length)));
}
