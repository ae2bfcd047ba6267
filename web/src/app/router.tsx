import { type ComponentType, type LazyExoticComponent, Suspense, lazy, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { ENTRY_PATHS, PENDING_SCREEN, PUBLIC_SCREENS, SCREENS, type ScreenPath } from '@shared/navigation';
import { AliasRedirect } from './routes/alias-redirect';
import { RootRedirect } from './routes/root-redirect';
import { RouteErrorBoundary } from './routes/route-error';

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
  '/developers': () => import('./routes/developers'),
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
  '/reconciliation': () => import('./routes/app/reconciliation'),
  '/remittances': () => import('./routes/app/remittances'),
  '/team': () => import('./routes/app/team'),
  '/admin': () => import('./routes/app/admin'),
  '/admin/requests': () => import('./routes/app/admin-requests'),
  '/admin/users': () => import('./routes/app/admin-users'),
  '/admin/audit': () => import('./routes/app/admin-audit'),
  '/payroll': () => import('./routes/app/payroll'),
};

/** Each declared screen's component, loaded on first visit. */
const SCREEN_COMPONENTS = Object.fromEntries(Object.entries(SCREEN_MODULES).map(([path, load]) => [path, lazy(load)])) as Record<
  ScreenPath,
  LazyExoticComponent<ComponentType>
>;
/** The signed-in frame (menu, session checks, the API client) loads with the first protected screen. */
const ProtectedRoot = lazy(async () => ({ default: (await import('./routes/app/root')).ProtectedRoot }));
const NotFound = lazy(() => import('./routes/app/not-found'));

/** A path another app serves (the employee portal): the whole page loads again, and ./main picks that app. */
function WholePageLoad() {
  useEffect(() => window.location.replace(window.location.href), []);
  return <FullPageLoader />;
}

/** A declared screen's route, and one redirect per alias (keeping query, hash and state). */
const routesOf = (screens: readonly { path: ScreenPath; aliases?: readonly string[] }[]) =>
  screens.flatMap(({ path, aliases = [] }) => {
    const Screen = SCREEN_COMPONENTS[path];
    return [
      <Route key={path} path={path} element={<Screen />} />,
      ...aliases.map((alias) => <Route key={alias} path={alias} element={<AliasRedirect to={path} />} />),
    ];
  });

/*
 * Paths match case-insensitively and ignore a trailing slash (react-router's default), as
 * spec part 1 §2 asks. Public screens first; everything under ProtectedRoot needs a session. Declared
 * routes, not a data router: the screens need none of its loaders, and it would double the router's weight
 * on /signin (about 17 KB gzipped). A screen's module is fetched as it opens; navigation keeps the screen
 * on view until the next one is ready (react-router's transitions).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <RouteErrorBoundary>
        <Suspense fallback={<FullPageLoader />}>
          <Routes>
            {ENTRY_PATHS.map((path) => (
              <Route key={path} path={path} element={<RootRedirect />} />
            ))}
            {routesOf(PUBLIC_SCREENS)}
            {/* The employee portal is an app of its own (./main loads it by path): reached from here, the page loads it. */}
            <Route path="/employee/*" element={<WholePageLoad />} />
            <Route element={<ProtectedRoot />}>
              {routesOf([...SCREENS, PENDING_SCREEN])}
              {/* Unknown paths are not public, so they too need a session (spec part 1 §2). */}
              <Route path="*" element={<NotFound />} />
            </Route>
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
