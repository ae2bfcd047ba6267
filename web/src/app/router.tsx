import type { ComponentType } from 'react';
import { Navigate, type RouteObject, RouterProvider, createBrowserRouter } from 'react-router-dom';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { AliasRedirect } from './routes/alias-redirect';
import { ProtectedRoot } from './routes/app/root';
import { RootRedirect } from './routes/root-redirect';
import { RouteError } from './routes/route-error';

/** One module per screen, loaded on first visit; its default export is the screen. */
function screen(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

/*
 * Paths match case-insensitively and ignore a trailing slash (react-router's default), as
 * spec part 1 §2 asks. Public routes first; everything under ProtectedRoot needs a session.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { path: '/', element: <RootRedirect /> },
      { path: '/home', element: <RootRedirect /> },
      { path: '/signin', ...screen(() => import('./routes/auth/sign-in')) },
      { path: '/sign-in', element: <AliasRedirect to="/signin" /> },
      { path: '/signup', ...screen(() => import('./routes/auth/sign-up')) },
      { path: '/sign-up', element: <AliasRedirect to="/signup" /> },
      { path: '/request-access', element: <AliasRedirect to="/signup" /> },
      { path: '/forgot', ...screen(() => import('./routes/auth/forgot')) },
      { path: '/forgot-password', element: <AliasRedirect to="/forgot" /> },
      { path: '/reset', ...screen(() => import('./routes/auth/reset')) },
      { path: '/reset-password', element: <AliasRedirect to="/reset" /> },
      { path: '/invite-accept', ...screen(() => import('./routes/auth/invite-accept')) },
      { path: '/invite', element: <AliasRedirect to="/invite-accept" /> },
      {
        element: <ProtectedRoot />,
        children: [
          { path: '/app', ...screen(() => import('./routes/app/dashboard')) },
          { path: '/pending', ...screen(() => import('./routes/app/pending')) },
          { path: '/upload', ...screen(() => import('./routes/app/upload')) },
          { path: '/fraud', element: <Navigate to="/fraud-report" replace /> },
          { path: '/fraud-report', ...screen(() => import('./routes/app/fraud-report')) },
          { path: '/fraud-list', ...screen(() => import('./routes/app/fraud-list')) },
          { path: '/reports', ...screen(() => import('./routes/app/reports')) },
          { path: '/history', ...screen(() => import('./routes/app/history')) },
          { path: '/reviews', ...screen(() => import('./routes/app/reviews')) },
          { path: '/team', ...screen(() => import('./routes/app/team')) },
          { path: '/admin', ...screen(() => import('./routes/app/admin')) },
          { path: '/admin/requests', ...screen(() => import('./routes/app/admin-requests')) },
          { path: '/admin/users', ...screen(() => import('./routes/app/admin-users')) },
          { path: '/admin/audit', ...screen(() => import('./routes/app/admin-audit')) },
          // Unknown paths are not public, so they too need a session (spec part 1 §2).
          { path: '*', ...screen(() => import('./routes/app/not-found')) },
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
