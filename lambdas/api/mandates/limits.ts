import { countOpenMandates } from '#data/mandates/mandates.js';
import { phoneTextBudget } from '#data/rate-limits/text-budget.js';
import { consumeSliding, slidingRetryAt, type RateLimit } from '#data/rate-limits/windows.js';
import { TooManyRequestsError } from '#http/errors.js';
import { MANDATE_LIMIT_MESSAGES, MANDATE_LIMITS } from '#shared/api/mandates.js';
import { lusakaRetryTime } from '#shared/rules/dates.js';
import { nrcDigits } from '#shared/rules/nrc.js';

const DAY = 24 * 3600;

const givenToday = (nrc: string): RateLimit => ({ scope: `mandates-given:${nrcDigits(nrc)}`, limit: MANDATE_LIMITS.givenPerDay, windowSeconds: DAY });

/**
 * Before a mandate is given (and texted): the employee's open mandates, then the day's mandates and the
 * phone's texts (sliding windows), counted together only when both have room. Each refusal is a 429 with
 * a sentence saying what to do or when to try again (Lusaka time).
 */
export async function countMandateGiven(nrc: string, mobile: string, now = Date.now()): Promise<void> {
  if ((await countOpenMandates(nrc, new Date(now))) >= MANDATE_LIMITS.openAtOnce) throw new TooManyRequestsError(MANDATE_LIMIT_MESSAGES.tooManyOpen);
  const given = givenToday(nrc);
  const texts = phoneTextBudget(mobile);
  if ((await consumeSliding([given, texts], now)) === null) return;
  const [givenAt, textsAt] = await Promise.all([slidingRetryAt([given], now), slidingRetryAt([texts], now)]);
  const when = (at: number) => lusakaRetryTime(new Date(at), new Date(now));
  if (givenAt !== null) throw new TooManyRequestsError(MANDATE_LIMIT_MESSAGES.tooManyGiven(when(givenAt)));
  throw new TooManyRequestsError(MANDATE_LIMIT_MESSAGES.tooManyTexts(when(textsAt ?? now + 60_000)));
}
