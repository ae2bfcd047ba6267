import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { hasEmployeeSession, onEmployeeSessionChange, signOutEmployee } from '@/lib/employee-session';

/** Whether this tab holds an employee's session, kept current as they sign in and out. */
export function useEmployeeSignedIn(): boolean {
  return useSyncExternalStore(onEmployeeSessionChange, hasEmployeeSession, () => false);
}

/** Signs the employee out and forgets every answer fetched for them. */
export function useEmployeeSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await signOutEmployee();
    queryClient.removeQueries({ queryKey: ['employee'] });
  }, [queryClient]);
}
