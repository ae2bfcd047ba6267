import { z } from 'zod';
import { tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { readOf } from '#adapters/dynamo/queries.js';
import { batchGetAll } from '#adapters/dynamo/toolkit.js';

/** Registry summary item of one NRC: pk=NRC#{digits} sk=SUMMARY (written with each report). */
export const summaryKey = (digits: string) => ({ pk: `NRC#${digits}`, sk: 'SUMMARY' });
/**
 * The summary as its readers project it: the NRC (from its key), how many reports it has and how many left the
 * registry, and their sort keys. A summary the benchmark seeds counts no reports.
 */
export const registrySummaryCodec = defineCodec(
  'registry summary',
  z.object({
    pk: z.string().startsWith('NRC#'),
    report_count: z.number().default(0),
    retired_count: z.number().default(0),
    reports: z.array(z.string()).default([]),
  }),
);

/** The summary item as its writers leave it (reports.ts adds each report, lifecycle.ts counts those that left). */
export interface RegistrySummaryRecord {
  nrc: string;
  nrc_key: string;
  last_reported_at: string;
  report_count: number;
  retired_count: number;
  /** The sort keys of the NRC's reports. */
  reports: string[];
}

/**
 * Which of these NRCs (digits only) have an active report on the fraud registry: one BatchGetItem per 100 NRCs,
 * run in parallel, retrying unprocessed keys — never one query per NRC.
 */
export async function flaggedNrcDigits(digits: Iterable<string>): Promise<Set<string>> {
  const unique = [...new Set(digits)].filter(Boolean);
  const items = await batchGetAll(tableName('registry'), unique.map(summaryKey), {
    projection: readOf<RegistrySummaryRecord>({ project: ['pk', 'report_count', 'retired_count'] }),
    busy: 'The fraud registry is busy; please try again in a moment.',
  });
  // Flagged unless every report of the NRC was withdrawn or expired (a seeded summary counts no reports and flags).
  const active = registrySummaryCodec.parseAll(items).filter((summary) => summary.retired_count < Math.max(summary.report_count, 1));
  return new Set(active.map((summary) => summary.pk.slice('NRC#'.length)));
}
