import type { ComponentType } from 'react';
import { Navigate, type RouteObject, RouterProvider, createBrowserRouter } from 'react-router-dom';
import { ENTRY_PATHS, PENDING_SCREEN, PUBLIC_SCREENS, SCREENS, type ScreenPath } from '@shared/navigation';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { EMPLOYEE_PORTAL_SCREENS } from './employee-screens';
import { AliasRedirect } from './routes/alias-redirect';
import { RootRedirect } from './routes/root-redirect';
import { RouteError } from './routes/route-error';

type ScreenModule = () => Promise<{ default: ComponentType }>;

/**
 * The module of every screen declared in shared/navigation.ts, loaded on first visit (its default
 * export is the screen). Keyed by path, so a declared screen without a module, or a module without a
 * declared screen, does not compile.
 */
const SCREEN_MODULES: Record<ScreenPath, ScreenModule> = {
  '/signin': () => import('./routes/auth/sign-in'),
  '/signup': () => import('./routes/auth/sign-up'),
  '/forgot': () => import('./routes/auth/forgot'),
  '/reset': () => import('./routes/auth/reset'),
  '/invite-accept': () => import('./routes/auth/invite-accept'),
  '/app': () => import('./routes/app/dashboard'),
  '/pending': () => import('./routes/app/pending'),
  '/upload': () => import('./routes/app/upload'),
  '/fraud-report': () => import('./routes/app/fraud-report'),
  '/fraud-list': () => import('./routes/app/fraud-list'),
  '/reports': () => import('./routes/app/reports'),
  '/history': () => import('./routes/app/history'),
  '/reviews': () => import('./routes/app/reviews'),
  '/disputes': () => import('./routes/app/disputes'),
  '/mandates': () => import('./routes/app/mandates'),
  '/team': () => import('./routes/app/team'),
  '/admin': () => import('./routes/app/admin'),
  '/admin/requests': () => import('./routes/app/admin-requests'),
  '/admin/users': () => import('./routes/app/admin-users'),
  '/admin/audit': () => import('./routes/app/admin-audit'),
};

function screen(load: ScreenModule): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

/** A declared screen's route, and one redirect per alias (keeping query, hash and state). */
const routesOf = (screens: readonly { path: ScreenPath; aliases?: readonly string[] }[]): RouteObject[] =>
  screens.flatMap(({ path, aliases = [] }) => [{ path, ...screen(SCREEN_MODULES[path]) }, ...aliases.map((alias) => ({ path: alias, element: <AliasRedirect to={path} /> }))]);

/*
 * Paths match case-insensitively and ignore a trailing slash (react-router's default), as
 * spec part 1 §2 asks. Public screens first; everything under ProtectedRoot needs a session.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      ...ENTRY_PATHS.map((path) => ({ path, element: <RootRedirect /> })),
      ...routesOf(PUBLIC_SCREENS),
      {
        // The employee portal: the employee's own session, sign-in included; never the staff frame.
        path: '/employee',
        lazy: async () => ({ Component: (await import('./routes/employee/root')).EmployeeRoot }),
        children: [
          { index: true, ...screen(() => import('./routes/employee/home')) },
          ...Object.entries(EMPLOYEE_PORTAL_SCREENS).map(([path, load]) => ({ path, ...screen(load) })),
          { path: '*', element: <Navigate to="/employee" replace /> },
        ],
      },
      {
        // The signed-in frame (menu, session checks, the API client) loads with the first protected screen.
        lazy: async () => ({ Component: (await import('./routes/app/root')).ProtectedRoot }),
        children: [
          ...routesOf([...SCREENS, PENDING_SCREEN]),
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
