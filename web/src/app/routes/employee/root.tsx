import { Outlet } from 'react-router-dom';
import { EmployeeSignIn } from '@/features/employee/components/employee-sign-in';
import { PortalLayout } from '@/features/employee/components/portal-layout';
import { useEmployeeSignedIn } from '@/features/employee/hooks/use-employee-session';

/**
 * /employee and every portal screen under it: the employee's own session (never the staff one), the
 * sign-in while there is none, the portal's frame around the screen once there is.
 */
export function EmployeeRoot() {
  const signedIn = useEmployeeSignedIn();
  if (!signedIn) return <EmployeeSignIn />;
  return (
    <PortalLayout>
      <Outlet />
    </PortalLayout>
  );
}
