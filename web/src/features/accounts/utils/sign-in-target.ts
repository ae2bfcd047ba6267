import { isPublicPath } from '@shared/navigation';

interface FromState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
}

/** A same-site path: starts with one '/' (not '//' or '/\', which browsers read as another host). */
function isLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

function pathOnly(value: string): string {
  return value.split(/[?#]/, 1)[0] ?? value;
}

/**
 * Where to go after sign-in (spec part 2 §2): the remembered origin, else a `redirect` query
 * parameter that starts with '/', else '/'. Public paths are skipped so sign-in cannot loop.
 */
export function signInTarget(state: unknown, search: string): string {
  const from = (state as FromState | null)?.from;
  if (from && typeof from.pathname === 'string' && isLocalPath(from.pathname) && !isPublicPath(from.pathname)) {
    const query = typeof from.search === 'string' ? from.search : '';
    const hash = typeof from.hash === 'string' ? from.hash : '';
    return `${from.pathname}${query}${hash}`;
  }
  const redirect = new URLSearchParams(search).get('redirect');
  if (redirect && isLocalPath(redirect) && !isPublicPath(pathOnly(redirect))) return redirect;
  return '/';
}
