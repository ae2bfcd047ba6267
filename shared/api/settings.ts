import { z } from 'zod';
import type { ExposureLimits } from '../rules/borrower-record.js';
import { isMonth } from '../rules/dates.js';
import { DEFAULT_SUBMISSION_WINDOW } from '../rules/submission-window.js';

/**
 * Platform settings (beyond the spec; API.md "Signals, disputes, lifecycle, settings"): read by every
 * signed-in user, changed by platform admins only, each change audited with what it replaced.
 */
export const MAX_LENDER_LIMIT = 50;
export const MAX_AMOUNT_LIMIT = 10_000_000;
export const MAX_RETENTION_YEARS = 20;
export const MAX_VALIDATIONS_PER_DAY = 10_000;

export const SETTINGS_MESSAGES = {
  maxLenders: `The lender limit must be a whole number from 1 to ${MAX_LENDER_LIMIT}.`,
  maxTotal: `The amount limit must be a positive amount in ZMW with at most 2 decimals (up to ${MAX_AMOUNT_LIMIT.toLocaleString('en-US')}), or empty for no limit.`,
  openDay: 'The window opens on a day from 1 to 28.',
  closeDay: 'The window closes on a day from 1 to 31, on or after the day it opens.',
  reportYears: `Reports expire after a whole number of years from 1 to ${MAX_RETENTION_YEARS}.`,
  maxShare: 'The share of basic pay must be a whole percentage from 1 to 100, or empty for no affordability check.',
  requiredFrom: 'Mandates are required from a month written YYYY-MM, or from no month (null).',
  perDay: `The validation limit must be a whole number of files a day from 1 to ${MAX_VALIDATIONS_PER_DAY.toLocaleString('en-US')}.`,
  nothing: 'Name at least one setting to change: exposure, window, retention, affordability, mandates, validations or the payroll authority.',
  saved: 'Settings saved.',
} as const;

/**
 * The payroll authority: the one PMEC organisation whose admins upload and submit the payroll register,
 * designated by a super admin (none until then: no register can be submitted).
 */
export const PAYROLL_AUTHORITY_MESSAGES = {
  choose: 'Choose the PMEC organisation that is the payroll authority.',
  superAdminOnly: 'Only a super admin designates the payroll authority. Ask a super admin to change it.',
  unknown: 'No approved organisation has this id. Choose one of the approved PMEC organisations.',
  notPmec: (name: string) => `${name} is a lender (FI) organisation: only a PMEC organisation can be the payroll authority.`,
  none: 'No payroll authority has been designated yet: a super admin designates it on /admin.',
  unset: 'No payroll authority is designated: no register can be submitted until one is.',
  notAuthority: (name: string) => `Only the payroll authority's PMEC admins upload and submit the payroll register. The payroll authority is ${name}.`,
  saved: (name: string) => `${name} is now the payroll authority.`,
  changed: 'Another super admin changed the payroll authority just now. Reload the page to see it, then choose again.',
} as const;

export const payrollAuthoritySchema = z.object({ org_id: z.string(), org_name: z.string() });
export type PayrollAuthority = z.infer<typeof payrollAuthoritySchema>;
/** GET /api/admin/pmec-organisations: the organisations a super admin may designate. */
export const pmecOrganisationsResponseSchema = z.object({ items: z.array(payrollAuthoritySchema) });

const payrollAuthorityChoiceSchema = z
  .object({
    org_id: z.string({ error: PAYROLL_AUTHORITY_MESSAGES.choose }).trim().min(1, PAYROLL_AUTHORITY_MESSAGES.choose).max(64, PAYROLL_AUTHORITY_MESSAGES.unknown),
  })
  .strict();

/** By default a borrower is over-exposed from 4 lenders; there is no amount limit until one is set. */
export const DEFAULT_EXPOSURE_LIMITS: ExposureLimits = { max_lenders: 4, max_total: null };

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const exposureLimitsSchema = z.object({
  max_lenders: z
    .number({ message: SETTINGS_MESSAGES.maxLenders })
    .int(SETTINGS_MESSAGES.maxLenders)
    .min(1, SETTINGS_MESSAGES.maxLenders)
    .max(MAX_LENDER_LIMIT, SETTINGS_MESSAGES.maxLenders),
  max_total: z
    .number({ message: SETTINGS_MESSAGES.maxTotal })
    .positive(SETTINGS_MESSAGES.maxTotal)
    .max(MAX_AMOUNT_LIMIT, SETTINGS_MESSAGES.maxTotal)
    .refine(twoDecimals, SETTINGS_MESSAGES.maxTotal)
    .nullable(),
});

const day = (message: string, max: number) => z.number({ message }).int(message).min(1, message).max(max, message);

/** The submission window, in days of the submission month (Africa/Lusaka). */
export const submissionWindowSchema = z
  .object({ open_day: day(SETTINGS_MESSAGES.openDay, 28), close_day: day(SETTINGS_MESSAGES.closeDay, 31), blocking: z.boolean() })
  .refine((window) => window.close_day >= window.open_day, { message: SETTINGS_MESSAGES.closeDay, path: ['close_day'] });

/** A fraud report expires this many years after it was filed (Cifas keeps a filing for six). */
export const retentionSchema = z.object({ report_years: day(SETTINGS_MESSAGES.reportYears, MAX_RETENTION_YEARS) });
export type Retention = z.infer<typeof retentionSchema>;
export const DEFAULT_RETENTION: Retention = { report_years: 6 };

/**
 * AFFORDABILITY: a borrower's installments across lenders, with the file's, past this percentage of the basic
 * pay on the payroll register. Off (null) until a platform admin sets it.
 */
export const affordabilitySchema = z.object({
  max_share_of_basic_pay: z
    .number({ message: SETTINGS_MESSAGES.maxShare })
    .int(SETTINGS_MESSAGES.maxShare)
    .min(1, SETTINGS_MESSAGES.maxShare)
    .max(100, SETTINGS_MESSAGES.maxShare)
    .nullable(),
});
export type Affordability = z.infer<typeof affordabilitySchema>;
export const DEFAULT_AFFORDABILITY: Affordability = { max_share_of_basic_pay: null };

/**
 * From which submission month a new deduction without a mandate that covers it is a row error (the file
 * cannot be submitted) rather than a NO_MANDATE signal; null: never.
 */
export const mandatesSettingSchema = z.object({
  required_from: z.string({ error: SETTINGS_MESSAGES.requiredFrom }).refine(isMonth, SETTINGS_MESSAGES.requiredFrom).nullable(),
});
export type MandatesSetting = z.infer<typeof mandatesSettingSchema>;
export const DEFAULT_MANDATES: MandatesSetting = { required_from: null };

/**
 * How many deduction files (inputs, stoppages) an organisation may send for validation a day (UTC): each
 * validated file is a lookup of every NRC it names, so a lender cannot map the register by the file.
 */
export const validationsSettingSchema = z.object({ per_day: day(SETTINGS_MESSAGES.perDay, MAX_VALIDATIONS_PER_DAY) });
export type ValidationsSetting = z.infer<typeof validationsSettingSchema>;
export const DEFAULT_VALIDATIONS: ValidationsSetting = { per_day: 50 };

export const DEFAULT_SETTINGS = {
  exposure: DEFAULT_EXPOSURE_LIMITS,
  window: DEFAULT_SUBMISSION_WINDOW,
  retention: DEFAULT_RETENTION,
  affordability: DEFAULT_AFFORDABILITY,
  mandates: DEFAULT_MANDATES,
  validations: DEFAULT_VALIDATIONS,
};
export type SettingName = keyof typeof DEFAULT_SETTINGS;
export const SETTING_SCHEMAS = {
  exposure: exposureLimitsSchema,
  window: submissionWindowSchema,
  retention: retentionSchema,
  affordability: affordabilitySchema,
  mandates: mandatesSettingSchema,
  validations: validationsSettingSchema,
} as const;
export const SETTING_NAMES = Object.keys(SETTING_SCHEMAS) as SettingName[];

const settingChangeSchema = z.object({ at: z.string(), by_email: z.string().nullable() }).nullable();

/** PUT /api/settings: the whole of each setting it names; the others stay as they are. */
export const updateSettingsRequestSchema = z
  .object({
    exposure: exposureLimitsSchema.optional(),
    window: submissionWindowSchema.optional(),
    retention: retentionSchema.optional(),
    affordability: affordabilitySchema.optional(),
    mandates: mandatesSettingSchema.optional(),
    validations: validationsSettingSchema.optional(),
    /** Super admins only: the organisation named becomes the payroll authority, replacing the one before. */
    payroll_authority: payrollAuthorityChoiceSchema.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: SETTINGS_MESSAGES.nothing });
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequestSchema>;

export const settingsResponseSchema = z.object({
  exposure: exposureLimitsSchema,
  window: submissionWindowSchema,
  retention: retentionSchema,
  affordability: affordabilitySchema,
  mandates: mandatesSettingSchema,
  validations: validationsSettingSchema,
  /** The organisation whose PMEC admins upload and submit the payroll register; null until a super admin designates one. */
  payroll_authority: payrollAuthoritySchema.nullable(),
  /** Who last changed each setting, and when; null while it is its default. */
  changed: z.object({
    exposure: settingChangeSchema,
    window: settingChangeSchema,
    retention: settingChangeSchema,
    affordability: settingChangeSchema,
    mandates: settingChangeSchema,
    validations: settingChangeSchema,
    payroll_authority: settingChangeSchema,
  }),
  /** Who last changed any setting, and when; null while every setting is its default. */
  updated_at: z.string().nullable(),
  updated_by_email: z.string().nullable(),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;
