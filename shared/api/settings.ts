import { z } from 'zod';
import type { ExposureLimits } from '../rules/borrower-record.js';

/**
 * Platform settings (beyond the spec; API.md "Signals, disputes, lifecycle, settings"): read by every
 * signed-in user, changed by platform admins only, each change audited with what it replaced.
 */
export const MAX_LENDER_LIMIT = 50;
export const MAX_AMOUNT_LIMIT = 10_000_000;

export const SETTINGS_MESSAGES = {
  maxLenders: `The lender limit must be a whole number from 1 to ${MAX_LENDER_LIMIT}.`,
  maxTotal: `The amount limit must be a positive amount in ZMW with at most 2 decimals (up to ${MAX_AMOUNT_LIMIT.toLocaleString('en-US')}), or empty for no limit.`,
  saved: 'Settings saved.',
} as const;

/** Issue 15: a borrower is over-exposed from 4 lenders; there is no amount limit until one is set. */
export const DEFAULT_EXPOSURE_LIMITS: ExposureLimits = { max_lenders: 4, max_total: null };

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const exposureLimitsSchema = z.object({
  max_lenders: z.number({ message: SETTINGS_MESSAGES.maxLenders }).int(SETTINGS_MESSAGES.maxLenders).min(1, SETTINGS_MESSAGES.maxLenders).max(MAX_LENDER_LIMIT, SETTINGS_MESSAGES.maxLenders),
  max_total: z
    .number({ message: SETTINGS_MESSAGES.maxTotal })
    .positive(SETTINGS_MESSAGES.maxTotal)
    .max(MAX_AMOUNT_LIMIT, SETTINGS_MESSAGES.maxTotal)
    .refine(twoDecimals, SETTINGS_MESSAGES.maxTotal)
    .nullable(),
});

/** PUT /api/settings: the whole of each setting it names. */
export const updateSettingsRequestSchema = z.object({ exposure: exposureLimitsSchema }).strict();
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequestSchema>;

export const settingsResponseSchema = z.object({
  exposure: exposureLimitsSchema,
  /** Who last changed the settings, and when; null while every setting is its default. */
  updated_at: z.string().nullable(),
  updated_by_email: z.string().nullable(),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;
