import { HOME_PATH, isSameOriginPath } from '@/lib/local-path';
import { isPublicPath } from '@shared/navigation';

interface FromState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
}

function pathOnly(value: string): string {
  return value.split(/[?#]/, 1)[0] ?? value;
}

/**
 * Where to go after sign-in (spec part 2 §2): the remembered origin, else a `redirect` query
 * parameter that is a clean path of this site, else /app. Public paths are skipped so sign-in
 * cannot loop.
 */
export function signInTarget(state: unknown, search: string): string {
  const from = (state as FromState | null)?.from;
  if (from && isSameOriginPath(from.pathname) && !isPublicPath(from.pathname)) {
    const remembered = `${from.pathname}${typeof from.search === 'string' ? from.search : ''}${typeof from.hash === 'string' ? from.hash : ''}`;
    if (isSameOriginPath(remembered)) return remembered;
  }
  const redirect = new URLSearchParams(search).get('redirect');
  if (isSameOriginPath(redirect) && !isPublicPath(pathOnly(redirect))) return redirect;
  return HOME_PATH;
}
