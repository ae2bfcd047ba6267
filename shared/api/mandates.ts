import { z } from 'zod';
import { isMonth } from '../rules/dates.js';
import { MANDATE_STATES, normaliseMandateNumber } from '../rules/mandate.js';
import { isValidPayeeKey, normalisePayeeKey } from '../rules/payee-key.js';

/**
 * Mandates: an employee's consent to one lender's deduction (payee key, a monthly limit, a last month),
 * given in the employee portal, texted to the register's mobile with a PIN, claimed by the lender with
 * that PIN and cited by the first file that deducts.
 */

export { MANDATE_CLAIMERS, mandateRequirementText } from './mandate-words.js';

/** Failed claims (unknown number, another lender's mandate, a wrong PIN) an organisation may make in an hour. */
export const MANDATE_FAILED_CLAIMS_PER_HOUR = 20;
/** An issued mandate not claimed within this many days expires. */
export const MANDATE_CLAIM_DAYS = 30;
/** Wrong PINs that lock a mandate: the employee then issues a new one. */
export const MANDATE_PIN_TRIES = 3;
/** The most a mandate may allow a month, in ZMW. */
export const MANDATE_MAX_MONTHLY = 10_000_000;

export const MANDATE_MESSAGES = {
  number: 'Enter the mandate number as MD-XXXX-XXXX.',
  pin: 'Enter the 6-digit PIN the employee received by SMS.',
  payeeKey: 'Enter the payee key: 2 to 20 letters, digits, dots, underscores or hyphens.',
  maxMonthly: `Enter the most the lender may deduct a month, in ZMW, more than 0 with at most 2 decimals (up to ${MANDATE_MAX_MONTHLY.toLocaleString('en-US')}).`,
  lastMonth: 'Enter the last month of the deduction as YYYY-MM, this month or later.',
  /** The one answer for an unknown number and for another lender's mandate: it does not tell them apart. */
  notFound:
    'No mandate with this number is open to your organisation. Check the number the employee gave: only the lender a mandate was given to can claim it.',
  tooManyFailedClaims: (resetsAt: string) =>
    `Your organisation has made ${MANDATE_FAILED_CLAIMS_PER_HOUR} failed mandate claims this hour, the most allowed. Try again after ${resetsAt}, with the number and PIN the employee gave.`,
  wrongPin: (left: number) => `The PIN is wrong. ${left} ${left === 1 ? 'try' : 'tries'} left before the mandate locks.`,
  locked: `This mandate is locked after ${MANDATE_PIN_TRIES} wrong PINs. Ask the employee to give a new mandate.`,
  alreadyClaimed: 'This mandate was already claimed.',
  revoked: 'The employee revoked this mandate.',
  expired: `This mandate expired: it was not claimed within ${MANDATE_CLAIM_DAYS} days. Ask the employee to give a new one.`,
  claimed: (number: string) => `Mandate ${number} claimed. Cite it in the MANDATE column of the first file that deducts.`,
  unknownLender: (payeeKey: string) => `No lender on the platform has the payee key ${payeeKey}. Check it with the lender.`,
  issued: (number: string, expires: string) =>
    `Mandate ${number} given. We sent the number and a PIN to your phone: give both to the lender. Unless the lender claims it, it expires on ${expires}.`,
  notOnRegister: 'You are not on the current payroll register, so a mandate cannot be texted to you. Ask your HR office.',
  revokedNow: (number: string) => `Mandate ${number} revoked. The lender cannot use it.`,
  cannotRevoke: (state: string) => `This mandate is ${state}: only a mandate not yet used can be revoked.`,
  sms: {
    issued: (number: string, pin: string, lender: string, limit: string, lastMonth: string, expires: string) =>
      `Mandate ${number} for ${lender}: up to ZMW ${limit} a month until ${lastMonth}. PIN ${pin}. Give both only to this lender. Expires on ${expires} if the lender does not claim it. Not you? Revoke it in the portal.`,
    claimed: (number: string, lender: string) => `${lender} claimed your mandate ${number}. Not you? Revoke it in the portal.`,
    used: (number: string, month: string) => `Your mandate ${number} was used for a deduction starting ${month}.`,
  },
} as const;

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const mandateNumberSchema = z
  .string({ error: MANDATE_MESSAGES.number })
  .max(40, MANDATE_MESSAGES.number)
  .transform((value, ctx) => normaliseMandateNumber(value) ?? (ctx.addIssue({ code: 'custom', message: MANDATE_MESSAGES.number }), z.NEVER));

export const claimMandateRequestSchema = z
  .object({
    mandate_number: mandateNumberSchema,
    pin: z
      .string({ error: MANDATE_MESSAGES.pin })
      .trim()
      .regex(/^\d{6}$/, MANDATE_MESSAGES.pin),
  })
  .strict();

/** A mandate as its employee and its lender see it; the PIN never leaves the server. */
export const mandateViewSchema = z.object({
  number: z.string(),
  nrc: z.string(),
  payee_key: z.string(),
  org_name: z.string(),
  max_monthly: z.number(),
  last_month: z.string(),
  state: z.enum(MANDATE_STATES),
  /** Three wrong PINs: no claim can succeed any more. */
  locked: z.boolean(),
  issued_at: z.string(),
  /** Not claimed by then, it expires. */
  claim_by: z.string(),
  claimed_at: z.string().nullable(),
  used_month: z.string().nullable(),
  used_at: z.string().nullable(),
});
export type MandateView = z.infer<typeof mandateViewSchema>;

export const claimMandateResponseSchema = z.object({ mandate: mandateViewSchema, message: z.string() });
export const mandateListResponseSchema = z.object({ mandates: z.array(mandateViewSchema) });

/** The portal's form: which lender, how much a month at most, until when. */
export const issueMandateRequestSchema = z
  .object({
    payee_key: z.string({ error: MANDATE_MESSAGES.payeeKey }).trim().refine(isValidPayeeKey, MANDATE_MESSAGES.payeeKey).transform(normalisePayeeKey),
    max_monthly: z
      .number({ error: MANDATE_MESSAGES.maxMonthly })
      .positive(MANDATE_MESSAGES.maxMonthly)
      .max(MANDATE_MAX_MONTHLY, MANDATE_MESSAGES.maxMonthly)
      .refine(twoDecimals, MANDATE_MESSAGES.maxMonthly),
    last_month: z.string({ error: MANDATE_MESSAGES.lastMonth }).trim().refine(isMonth, MANDATE_MESSAGES.lastMonth),
  })
  .strict();
export const issueMandateResponseSchema = z.object({ mandate: mandateViewSchema, message: z.string() });

export const revokeMandateResponseSchema = z.object({ mandate: mandateViewSchema, message: z.string() });

/** The `mandates.required_from` setting as anyone may read it (the sign-in screen announces it). */
export const mandateRequirementResponseSchema = z.object({ required_from: z.string().nullable() });

/** The lender a payee key names, shown back to the employee before they give a mandate. */
export const mandateLenderResponseSchema = z.object({ payee_key: z.string(), org_name: z.string() });

/**
 * What one employee can make the platform send: mandates given in a day and open at once (issued and not
 * expired, or claimed and not yet used), and texts a day to one phone number, whatever their kind (sign-in
 * codes have limits of their own: shared/api/employee.ts).
 */
export const MANDATE_LIMITS = {
  givenPerDay: 5,
  openAtOnce: 20,
  textsPerPhonePerDay: 20,
  /** The employee's list, a page at a time. */
  pageSize: 50,
} as const;

export const MANDATE_LIMIT_MESSAGES = {
  tooManyGiven: (when: string) => `You can give ${MANDATE_LIMITS.givenPerDay} mandates in a day. Try again after ${when}.`,
  tooManyOpen: `You have ${MANDATE_LIMITS.openAtOnce} mandates waiting for a lender or claimed and not yet used, the most allowed. Revoke one you no longer need, then give the new one.`,
  tooManyTexts: (when: string) => `We have sent ${MANDATE_LIMITS.textsPerPhonePerDay} texts to your phone today, the most allowed. Try again after ${when}.`,
  cursor: 'This list has changed since it was opened. Load it again from the start.',
} as const;

/** GET /api/employee/mandates?cursor=: a page's `next_cursor` leads to the next page. */
export const myMandateListQuerySchema = z.object({ cursor: z.string().max(200).optional() });
export const myMandateListResponseSchema = z.object({ mandates: z.array(mandateViewSchema), next_cursor: z.string().nullable() });
