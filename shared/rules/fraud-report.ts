import { z } from 'zod';
import { isMonth } from './dates.js';
import { NRC_PATTERN, normaliseNrc, sanitiseNrcInput } from './nrc.js';
import { isValidPayeeKey } from './payee-key.js';

/** Spec §3 fraud types, in the order the Type select lists them. */
export const FRAUD_TYPES = [
  'Identity theft',
  'Fake documents / forgery',
  'Loan stacking',
  'Payroll manipulation',
  'Ghost employee',
  'Account takeover',
  'Phishing / scam',
  'Other',
] as const;

/**
 * Our limits where the spec is silent: a name as long as any on an NRC card, and a description of a
 * few paragraphs (the search table clamps it to 3 lines). They keep a report a few kilobytes, so a
 * page of search results stays far below what a response may carry.
 */
export const PERSON_NAME_MAX = 160;
export const DESCRIPTION_MAX = 2_000;

export const FRAUD_REPORT_MESSAGES = {
  typeRequired: 'Type is required.',
  typeUnknown: 'Type must be one of the listed fraud types.',
  nrcRequired: 'NRC is required.',
  nrcFormat: 'NRC format should be like 123456/78/9 (6–8 digits, slash, 2 digits, slash, 1 digit).',
  personNameRequired: "Person's full name is required.",
  personNameTooLong: `Person's full name must be at most ${PERSON_NAME_MAX} characters.`,
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters.`,
  payeeKeyRequired: 'Payee Key is required.',
  payeeKeyFormat: 'Payee Key looks invalid. Use letters/digits (e.g., A001).',
  monthRequired: 'Report Month is required.',
  monthFormat: 'Month must be YYYY-MM.',
} as const;

const M = FRAUD_REPORT_MESSAGES;
const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * The fraud report form (spec §5), shared by the form and the server. Text is trimmed; the NRC keeps only
 * digits and '/' and a 9–11 digit entry is stored slashed; the payee key is upper-cased. The reporting
 * organisation is not typed: the server names it from the directory by the payee key (a `fi_name` sent
 * by an older client is dropped here and never stored).
 */
export const fraudReportSchema = z.object({
  type: requiredText(M.typeRequired).pipe(z.enum(FRAUD_TYPES, { error: M.typeUnknown })),
  nrc: requiredText(M.nrcRequired)
    .transform((value) => normaliseNrc(sanitiseNrcInput(value)))
    .pipe(z.string().regex(NRC_PATTERN, M.nrcFormat)),
  person_name: requiredText(M.personNameRequired).pipe(z.string().max(PERSON_NAME_MAX, M.personNameTooLong)),
  payee_key: requiredText(M.payeeKeyRequired)
    .refine(isValidPayeeKey, M.payeeKeyFormat)
    .transform((value) => value.toUpperCase()),
  report_month: requiredText(M.monthRequired).refine(isMonth, M.monthFormat),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, M.descriptionTooLong)
    .nullish()
    .transform((value) => value ?? ''),
});
export type FraudReport = z.output<typeof fraudReportSchema>;

export const FRAUD_REPORT_REQUIRED_FIELDS = ['type', 'nrc', 'person_name', 'payee_key', 'report_month'] as const;
export type FraudReportRequiredField = (typeof FRAUD_REPORT_REQUIRED_FIELDS)[number];
export type FraudReportFields = Partial<Record<FraudReportRequiredField | 'description', string | null>>;

/** Spec §4: submit is enabled only when every required field is filled and no request is in progress. */
export function canSubmitFraudReport(fields: FraudReportFields, inProgress = false): boolean {
  if (inProgress) return false;
  return FRAUD_REPORT_REQUIRED_FIELDS.every((field) => {
    const value = (fields[field] ?? '').trim();
    return (field === 'nrc' ? sanitiseNrcInput(value) : value) !== '';
  });
}

export type FraudReportValidation = { ok: true; report: FraudReport } | { ok: false; errors: Partial<Record<keyof FraudReport, string>> };

/** The form checked as a whole: the clean report, or the first message of each failing field. */
export function validateFraudReport(fields: FraudReportFields): FraudReportValidation {
  const parsed = fraudReportSchema.safeParse(fields);
  if (parsed.success) return { ok: true, report: parsed.data };
  const errors: Partial<Record<keyof FraudReport, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof FraudReport;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
