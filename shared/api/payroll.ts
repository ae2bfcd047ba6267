import { z } from 'zod';
import { SCHEDULE_MONTH } from '../rules/payroll-schedule.js';
import { queryValue } from './query.js';

/** The month's payroll schedule (lambdas/api/payroll): what PMEC loads into the payroll, frozen version by version. */
export const PAYROLL_MESSAGES = {
  badMonth: 'Choose the month as YYYY-MM, for example 2026-11.',
  notAllowed: (authority: string | null) =>
    authority
      ? `Only the payroll authority's PMEC admins (${authority}) and platform admins see the payroll schedule.`
      : "Only the payroll authority's PMEC admins and platform admins see the payroll schedule. No payroll authority is designated yet: a super admin designates it on /admin.",
  empty: (month: string) => `No inputs are COMPLETED for ${month} yet: there is no schedule to download. Complete the month's submissions on /reviews first.`,
  drawing: (month: string) =>
    `The schedule of ${month} is being drawn from its latest COMPLETED submissions. Download it once /payroll shows it ready, in a moment.`,
  busy: 'Other downloads froze new versions of this schedule while yours was prepared. Download again.',
} as const;

const month = queryValue((raw, refuse) => (raw && SCHEDULE_MONTH.test(raw) ? raw : refuse(PAYROLL_MESSAGES.badMonth, 'bad_month')));

export const scheduleQuerySchema = z.object({ month });

export const SCHEDULE_FORMATS = ['csv', 'xlsx'] as const;
export type ScheduleFormat = (typeof SCHEDULE_FORMATS)[number];

export const scheduleDownloadRequestSchema = z.object({
  month: z.string().regex(SCHEDULE_MONTH, PAYROLL_MESSAGES.badMonth),
  format: z.enum(SCHEDULE_FORMATS, { error: 'format must be csv or xlsx.' }),
});

const lenderSchema = z.object({ payee_key: z.string(), org_name: z.string(), lines: z.number(), total: z.number() });
const changesSchema = z.object({ payee_key: z.string(), org_name: z.string(), added: z.number(), removed: z.number(), changed: z.number() });

const SCHEDULE_STATES = ['drawing', 'ready'] as const;

export const scheduleResponseSchema = z.object({
  month: z.string(),
  /**
   * 'ready': the schedule below is the month as its COMPLETED submissions stand. 'drawing': they changed since it was
   * last drawn, its event is drawing it again; the figures are those drawn before (zero when none was): ask again.
   */
  state: z.enum(SCHEDULE_STATES),
  /** When the figures shown were drawn (null before the month's first draw). */
  drawn_at: z.string().nullable(),
  /** The version shown: when frozen, its number; otherwise the number its first download will give it. */
  version: z.number(),
  /** Whether the schedule as it stands is a frozen version (downloaded before and unchanged since). */
  frozen: z.boolean(),
  hash: z.string(),
  title: z.string(),
  lines: z.number(),
  total: z.number(),
  by_lender: z.array(lenderSchema),
  frozen_at: z.string().nullable(),
  frozen_by: z.string().nullable(),
  /** The newest frozen version when the schedule has changed since (or null), and what changed per lender. */
  previous: z.object({ version: z.number(), hash: z.string(), frozen_at: z.string(), lines: z.number(), total: z.number() }).nullable(),
  changes: z.array(changesSchema),
  /** Links valid 60 seconds to the frozen version's files; null while the schedule is not frozen (its download freezes it). */
  download: z.object({ xlsx: z.string().nullable(), csv: z.string().nullable() }),
});
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const scheduleDownloadResponseSchema = z.object({
  month: z.string(),
  version: z.number(),
  hash: z.string(),
  /** True when this download froze the version. */
  frozen_now: z.boolean(),
  url: z.string(),
  file_name: z.string(),
  expires_in: z.number(),
});
