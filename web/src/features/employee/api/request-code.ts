import { callPlain } from '@/lib/api-transport';

const readMessage = (data: unknown) =>
  data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
    ? { message: (data as { message: string }).message }
    : undefined;

/**
 * POST /api/employee/code: the same sentence whether or not the details match the register. Through the
 * API's transport alone: the portal's sign-in loads neither zod nor the staff client.
 */
export function requestCode(nrc: string, employeeNumber: string): Promise<{ message: string }> {
  return callPlain('/api/employee/code', readMessage, { method: 'POST', auth: false, body: { nrc, employee_number: employeeNumber } });
}
