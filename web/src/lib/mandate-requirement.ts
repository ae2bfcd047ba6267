import { useQuery } from '@tanstack/react-query';
import { routeQuery } from './queries';
import { getMandateRequirement } from '@shared/routes/mandates';

/**
 * GET /api/mandates/requirement: from which month new deductions must cite a mandate (null: not
 * required). Public, so the sign-in slides announce it; the upload screen reads the same.
 */
export function useMandateRequirement() {
  return useQuery({ ...routeQuery(getMandateRequirement), staleTime: 60_000 });
}
