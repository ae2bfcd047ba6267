import { useQuery } from '@tanstack/react-query';
import { getEmployeeMe, requestEmployeeCode } from '@shared/routes/employee';
import { callRoute } from '@/lib/api-client';

/** POST /api/employee/code: the same sentence whether or not the details match the register. */
export function requestCode(nrc: string, employeeNumber: string): Promise<{ message: string }> {
  return callRoute(requestEmployeeCode, { body: { nrc, employee_number: employeeNumber } });
}

/** GET /api/employee/me, kept under the portal's key (forgotten whole on sign-out). */
export function useEmployeeMe() {
  return useQuery({ queryKey: ['employee', getEmployeeMe.id], queryFn: ({ signal }) => callRoute(getEmployeeMe, { signal }) });
}
