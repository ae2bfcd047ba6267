import './styles';
import { MantineProvider } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { EmployeeSignIn } from '@/features/employee/components/employee-sign-in';
import { useEmployeeSignedIn } from '@/features/employee/hooks/use-employee-session';
import { RuntimeConfigGate } from '../runtime-config-gate';
import { cssVariablesResolver, theme } from '../theme';

/** The router, the query cache, the portal's frame and screens: loaded once the employee is signed in. */
const SignedInPortal = lazy(() => import('./signed-in'));

/**
 * The employee portal: its own session (never the staff one), the sign-in while there is none. Before sign-in
 * only React, the Mantine components the sign-in shows and the calls it makes load (no router, no query
 * cache, no zod, no Amplify): the first screen a civil servant opens on a cheap phone over mobile data.
 */
export function PortalApp() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <RuntimeConfigGate>
        <Portal />
      </RuntimeConfigGate>
    </MantineProvider>
  );
}

function Portal() {
  const signedIn = useEmployeeSignedIn();
  if (!signedIn) return <EmployeeSignIn />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <SignedInPortal />
    </Suspense>
  );
}
