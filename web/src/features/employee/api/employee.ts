import { useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { getEmployeeMe } from '@shared/routes/employee';

/** GET /api/employee/me, kept under the portal's key (forgotten whole on sign-out). */
export function useEmployeeMe() {
  return useQuery({ queryKey: ['employee', getEmployeeMe.id], queryFn: ({ signal }) => callRoute(getEmployeeMe, { signal }) });
}
