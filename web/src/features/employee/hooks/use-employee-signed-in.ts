import { useSyncExternalStore } from 'react';
import { hasEmployeeSession, onEmployeeSessionChange } from '@/lib/employee-session';

/**
 * Whether this tab holds an employee's session, kept current as they sign in and out. Apart from the
 * sign-out hook (./use-employee-session.ts), which needs the query cache: the portal's sign-in loads none.
 */
export function useEmployeeSignedIn(): boolean {
  return useSyncExternalStore(onEmployeeSessionChange, hasEmployeeSession, () => false);
}
