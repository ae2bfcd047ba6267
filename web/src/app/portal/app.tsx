import { Suspense, lazy } from 'react';
import { PlainLoader } from '@/components/layouts/auth-frame-plain';
import { EmployeeSignIn } from '@/features/employee/components/employee-sign-in';
import { useEmployeeSignedIn } from '@/features/employee/hooks/use-employee-signed-in';
import { PortalStart } from './start';

/** Mantine, the router, the query cache, the portal's frame and screens: loaded once the employee is signed in. */
const SignedInPortal = lazy(() => import('./signed-in'));

/**
 * The employee portal: its own session (never the staff one), the sign-in while there is none. Before sign-in
 * only React, the sign-in's plain HTML and CSS and the calls it makes load (no Mantine, no router, no query
 * cache, no zod, no Amplify): the first screen a civil servant opens on a cheap phone over mobile data.
 */
export function PortalApp() {
  return (
    <PortalStart>
      <Portal />
    </PortalStart>
  );
}

function Portal() {
  const signedIn = useEmployeeSignedIn();
  if (!signedIn) return <EmployeeSignIn />;
  return (
    <Suspense fallback={<PlainLoader />}>
      <SignedInPortal />
    </Suspense>
  );
}
