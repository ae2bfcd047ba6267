import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, Suspense, lazy, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { NotificationsHost } from '@/components/ui/notifications-host';
import { PortalLayout } from '@/features/employee/components/portal-layout';
import { createQueryClient } from '@/lib/react-query';
import { EMPLOYEE_PORTAL_SCREENS } from '../employee-screens';
import { RouteErrorBoundary } from '../routes/route-error';
import { cssVariablesResolver, theme } from '../theme';

const Home = lazy(() => import('../routes/employee/home'));
const SCREENS: [string, ComponentType][] = Object.entries(EMPLOYEE_PORTAL_SCREENS).map(([path, load]) => [path, lazy(load)]);

/** A path outside the portal is the staff app's: the whole page loads it (../main picks the app by path). */
function OtherApp() {
  useEffect(() => window.location.replace(window.location.href), []);
  return <FullPageLoader />;
}

/** The signed-in portal: Mantine, its frame and screens under a router, each screen loaded as the employee opens it. */
export default function SignedInPortal() {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <NotificationsHost />
        <BrowserRouter>
          <RouteErrorBoundary>
            <Suspense fallback={<FullPageLoader />}>
              <Routes>
                <Route
                  path="/employee"
                  element={
                    <PortalLayout>
                      <Outlet />
                    </PortalLayout>
                  }
                >
                  <Route index element={<Home />} />
                  {SCREENS.map(([path, Screen]) => (
                    <Route key={path} path={path} element={<Screen />} />
                  ))}
                  <Route path="*" element={<Navigate to="/employee" replace />} />
                </Route>
                <Route path="*" element={<OtherApp />} />
              </Routes>
            </Suspense>
          </RouteErrorBoundary>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
