import { z } from 'zod';
import { SIGNAL_TYPES } from '../rules/signals.js';
import { queryValue } from './query.js';

/** Deduction signals as the API carries them (API.md "Signals, disputes, lifecycle, settings"). */
export const signalSchema = z.object({
  row: z.number().nullable(),
  type: z.enum(SIGNAL_TYPES),
  nrc: z.string().nullable(),
  employee_no: z.string().nullable(),
  message: z.string(),
  /** The other side's values (the register's, other lenders'): only for reviewers who oversee the submission. */
  on_record: z.string().optional(),
});

export const signalCountsSchema = z.object({
  new: z.number(),
  changed: z.number(),
  continuing: z.number(),
  missing: z.number(),
  identity: z.number(),
  exposure: z.number(),
  stoppage_unknown: z.number(),
  /** Absent on uploads validated before the DISPUTED signal existed. */
  disputed: z.number().default(0),
  /** Absent on uploads validated before the payroll register's signals existed. */
  not_on_payroll: z.number().default(0),
  affordability: z.number().default(0),
  /** Absent on uploads validated before mandates were checked. */
  no_mandate: z.number().default(0),
  /** Absent on uploads validated before the payroll's LEFT SERVICE and DECEASED lines were signalled. */
  left_service: z.number().default(0),
  /** Borrowers without an NRC joined to the payroll record by employee number (not a signal). */
  joined: z.number().optional(),
});
export type SignalCountsView = z.infer<typeof signalCountsSchema>;

/** The month a file was compared with, and whether its payee key had inputs for it. */
export const signalBaselineSchema = z.object({ month: z.string(), found: z.boolean() });

/** At most this many signals of each type travel with the upload; the rest are read a page at a time. */
export const SIGNAL_PAGE_SIZE = 200;

export const SIGNAL_PAGE_MESSAGES = {
  badType: `type must be one of ${SIGNAL_TYPES.join(', ')}.`,
  badOffset: 'offset must be a whole number, 0 or more.',
  notYet: 'There are no signals for this upload yet. Validate the file first.',
} as const;

/** GET /api/uploads/{id}/signals?type=&offset= */
export const signalPageQuerySchema = z.object({
  type: queryValue((raw, refuse) => {
    const type = SIGNAL_TYPES.find((known) => known === (raw ?? '').trim().toUpperCase());
    return type ?? refuse(SIGNAL_PAGE_MESSAGES.badType, 'validation_failed');
  }),
  offset: queryValue((raw, refuse) => {
    const offset = raw === undefined || raw === '' ? 0 : Number(raw);
    return Number.isSafeInteger(offset) && offset >= 0 ? offset : refuse(SIGNAL_PAGE_MESSAGES.badOffset, 'validation_failed');
  }),
});
export const signalPageResponseSchema = z.object({
  type: z.enum(SIGNAL_TYPES),
  offset: z.number(),
  total: z.number(),
  signals: z.array(signalSchema),
});

export const SIGNAL_LABELS = {
  NEW: 'New deductions',
  CHANGED: 'Changed installments',
  MISSING: 'Missing without a stoppage',
  IDENTITY: 'Identity mismatches',
  EXPOSURE: 'Over the exposure limit',
  STOPPAGE_UNKNOWN: 'Stoppages without a deduction',
  DISPUTED: 'Deductions disputed and upheld',
  NOT_ON_PAYROLL: 'Not on the payroll register',
  AFFORDABILITY: 'Over the share of basic pay',
  NO_MANDATE: 'New deductions without a mandate',
  LEFT_SERVICE: 'Left service or deceased at the payroll',
} as const satisfies Record<(typeof SIGNAL_TYPES)[number], string>;
