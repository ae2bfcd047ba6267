import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '@/lib/queries';
import { getOpenApi } from '@shared/routes/system';

/** GET /api/openapi.json: the API's contract, as the server serves it (public: no session needed). */
export function useOpenApiDocument() {
  return useQuery({ ...routeQuery(getOpenApi), staleTime: 5 * 60_000 });
}
