import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * A one-time code an email link carries (a reset or verification code): read once, then taken out of
 * the address bar (the history entry is replaced), so browser history and later referrers never hold it.
 */
export function useTakenParam(name: string): string {
  const location = useLocation();
  const navigate = useNavigate();
  const [value] = useState(() => (new URLSearchParams(location.search).get(name) ?? '').trim());
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(name)) return;
    params.delete(name);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, state: location.state });
    // Once, on the page's first render: the link's value is kept in state.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the address is cleaned once
  }, []);
  return value;
}
