import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '@/lib/queries';
import { listRoleMismatches } from '@shared/routes/admin';

/** GET /api/admin/role-mismatches: memberships whose role their organisation's kind does not hold. */
export function useRoleMismatches(enabled: boolean) {
  return useQuery({ ...routeQuery(listRoleMismatches), enabled });
}
