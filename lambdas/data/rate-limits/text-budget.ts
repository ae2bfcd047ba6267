import { MANDATE_LIMITS } from '#shared/api/mandates.js';
import type { RateLimit } from './windows.js';

/**
 * The texts one phone number may be sent in a day (a sliding window of lambdas/data/rate-limits/windows.ts,
 * pk=RATE#texts:phone:{E.164}), whatever their kind, counted by the API handler before the change that
 * texts it. Sign-in codes are counted by limits of their own (lambdas/api/employee/code.ts), so a stranger
 * asking codes cannot use up this budget, and mandates given cannot shut the employee out of signing in.
 */
export const phoneTextBudget = (mobile: string): RateLimit => ({
  scope: `texts:phone:${mobile}`,
  limit: MANDATE_LIMITS.textsPerPhonePerDay,
  windowSeconds: 24 * 3600,
});
