import { z } from 'zod';

/** Each lender's collection rate (applied / expected) over the months ending with the one asked for. */
export const COLLECTION_RATE_MONTHS = 12;

export const collectionRatesQuerySchema = z.object({
  /** The last month of the chart. */
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month as YYYY-MM, e.g. 2026-11.'),
});

const monthRateSchema = z.object({
  month: z.string(),
  expected_total: z.number(),
  applied_total: z.number(),
  /** Percent, one decimal; null when the lender was not in the month's reconciliation or nothing was asked. */
  rate: z.number().nullable(),
});

export const collectionRatesResponseSchema = z.object({
  /** The months of the chart, oldest first. */
  months: z.array(z.string()),
  /** Those of them with a recorded applied file. */
  reconciled: z.array(z.string()),
  lenders: z.array(z.object({ payee_key: z.string(), org_name: z.string().nullable(), rates: z.array(monthRateSchema) })),
});
export type CollectionRatesResponse = z.infer<typeof collectionRatesResponseSchema>;

export const COLLECTION_RATE_MESSAGES = {
  everyLenderOnly:
    'Collection rates across lenders are for the payroll authority, PMEC compliance and platform admins. Open a month’s reconciliation to see your own.',
} as const;
