import { Navigate, useLocation } from 'react-router-dom';

/** An alternative path (e.g. /sign-in): same screen, keeping query, hash and router state. */
export function AliasRedirect({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate to={{ pathname: to, search: location.search, hash: location.hash }} state={location.state} replace />;
}
