import { LATEST_DEFAULT, LATEST_MAX, LATEST_MIN } from '../../../../shared/api/fraud.js';
import { BadRequestError } from '../../../lib/errors.js';
import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { listLatest } from '../search.js';

/** Spec §9: the latest list defaults to 50, at least 10; we also cap it at LATEST_MAX. */
export function latestLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return LATEST_DEFAULT;
  if (!/^\d{1,6}$/.test(raw.trim())) throw new BadRequestError(`limit must be a whole number from ${LATEST_MIN} to ${LATEST_MAX}.`, 'invalid_limit');
  return Math.min(LATEST_MAX, Math.max(LATEST_MIN, Number(raw)));
}

/** GET /api/fraud-reports?limit=&cursor=: the latest reports, fraud-list roles only. */
export const handler = createApiHandler('list-fraud-reports', async ({ caller, query }) => {
  const me = requireSignedIn(caller);
  return listLatest(me, latestLimit(query.limit), query.cursor || undefined);
});
