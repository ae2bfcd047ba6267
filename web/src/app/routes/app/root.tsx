import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AppLayout } from '@/components/layouts/app-layout';
import { ChooseOrganisationCard } from '@/components/layouts/choose-organisation-card';
import { OrganisationSwitcher } from '@/components/layouts/organisation-switcher';
import { ErrorCard } from '@/components/ui/error-card';
import { NotAuthorisedCard } from '@/components/ui/not-authorised-card';
import { CheckingSession } from '@/components/ui/status-card';
import { useMe } from '@/features/accounts/api/get-me';
import { storedActingOrg, useChooseOrganisation } from '@/lib/acting-organisation';
import { useLogout, useSession } from '@/lib/auth';
import { SignedInUserProvider, allowedScreens, callerFromMe } from '@/lib/authorization';
import { errorMessage } from '@/lib/errors';
import { isAllowed } from '@shared/access';
import { normalisePath, PENDING_SCREEN, screenFor } from '@shared/navigation';

const PENDING_PATH = PENDING_SCREEN.path;
/** Screens whose tables need the wider frame (many columns, actions on the right). */

/**
 * Every route that needs a session (spec part 1 §2 "Session gating"): no session → /signin,
 * remembering the origin; not approved → /pending. Then the signed-in layout, with the screen or, for
 * a screen the user's roles do not reach, a card saying which roles may open it.
 */
export function ProtectedRoot() {
  const { session } = useSession();
  const location = useLocation();
  const me = useMe();
  const { logout, loggingOut } = useLogout();
  const choose = useChooseOrganisation();
  const userId = session.status === 'signedIn' ? session.userId : '';
  // A choice the server no longer honours (the membership ended) is forgotten: the caller chooses again.
  const stale = Boolean(userId && me.data && me.data.acting_org_id === null && storedActingOrg(userId));
  useEffect(() => {
    if (stale) void choose(null);
  }, [stale, choose]);

  const signOut = () => logout().catch((error: unknown) => notifications.show({ color: 'red', title: 'Sign-out failed', message: errorMessage(error) }));

  if (session.status === 'checking') return <CheckingSession />;
  if (session.status === 'signedOut') return <Navigate to="/signin" replace state={{ from: location }} />;
  if (me.isPending) return <CheckingSession />;
  const user = me.data;
  // A failed refetch keeps the last answer; only a first failure replaces the screen.
  if (!user) {
    return (
      <ErrorCard
        title="Your account could not be loaded"
        message={errorMessage(me.error)}
        actions={
          <>
            <Button onClick={() => void me.refetch()} loading={me.isFetching}>
              Try again
            </Button>
            <Button variant="default" onClick={signOut} loading={loggingOut}>
              Sign out
            </Button>
          </>
        }
      />
    );
  }

  const caller = callerFromMe(user);
  const path = normalisePath(location.pathname);
  if (!user.approved && path !== PENDING_PATH) return <Navigate to={PENDING_PATH} replace />;
  const screen = screenFor(path);
  const refused = screen && !isAllowed(screen.access, caller) ? screen : null;
  // Several organisations, none chosen, and no platform to act as: ask before any screen asks the server.
  const platformRoles = user.platform_roles;
  const mustChoose = user.organisations.length > 1 && user.acting_org_id === null && platformRoles.length === 0;
  const offersChoice = user.organisations.length > 1 || (platformRoles.length > 0 && user.organisations.length > 0);
  const onChoose = (orgId: string | null) => void choose(orgId);

  return (
    <SignedInUserProvider me={user}>
      <AppLayout
        email={user.email || session.email}
        menuItems={allowedScreens(caller, 'inMenu')}
        homePath={user.approved ? '/app' : PENDING_PATH}
        onLogout={signOut}
        loggingOut={loggingOut}
        wide={Boolean(screen?.wide)}
        switcher={
          offersChoice ? (
            <OrganisationSwitcher organisations={user.organisations} actingOrgId={user.acting_org_id} platformRoles={platformRoles} onChoose={onChoose} />
          ) : undefined
        }
      >
        {mustChoose ? (
          <ChooseOrganisationCard organisations={user.organisations} onChoose={onChoose} />
        ) : refused ? (
          <NotAuthorisedCard screen={refused.label} roles={refused.access.kind === 'roles' ? refused.access.roles : []} />
        ) : (
          <Outlet />
        )}
      </AppLayout>
    </SignedInUserProvider>
  );
}
