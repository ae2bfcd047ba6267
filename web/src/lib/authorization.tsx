import { type ReactNode, createContext, useContext } from 'react';
import { type Caller, isAllowed } from '@shared/access';
import type { MeResponse } from '@shared/api/accounts';
import { SCREENS, type ScreenDef } from '@shared/navigation';

export interface SignedInUser {
  me: MeResponse;
  caller: Caller;
}

const SignedInUserContext = createContext<SignedInUser | null>(null);

export function callerFromMe(me: MeResponse): Caller {
  return { signedIn: true, approved: me.approved, roles: me.roles };
}

/** Provided by the signed-in layout once GET /api/me has answered. */
export function SignedInUserProvider({ me, children }: { me: MeResponse; children: ReactNode }) {
  return <SignedInUserContext.Provider value={{ me, caller: callerFromMe(me) }}>{children}</SignedInUserContext.Provider>;
}

/** The signed-in user; only inside the signed-in layout. */
export function useSignedInUser(): SignedInUser {
  const value = useContext(SignedInUserContext);
  if (!value) throw new Error('useSignedInUser must be used inside the signed-in layout.');
  return value;
}

/** Screens of shared/navigation.ts the caller may open, in menu order. */
export function allowedScreens(caller: Caller, where: 'inMenu' | 'inFeatureGrid'): ScreenDef[] {
  return SCREENS.filter((screen) => screen[where] && isAllowed(screen.access, caller));
}

/** The label of a screen in shared/navigation.ts, so titles stay in step with the menu. */
export function screenLabel(path: string): string {
  const screen = SCREENS.find((s) => s.path === path);
  if (!screen) throw new Error(`No screen ${path} in shared/navigation.ts.`);
  return screen.label;
}
