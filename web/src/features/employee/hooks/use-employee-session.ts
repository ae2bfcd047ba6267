import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { signOutEmployee } from '@/lib/employee-session';

/** Signs the employee out and forgets every answer fetched for them. */
export function useEmployeeSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await signOutEmployee();
    queryClient.removeQueries({ queryKey: ['employee'] });
  }, [queryClient]);
}
